/// Every setting the preferences file holds, by the name users type in `prefs get/set` and find in the file.
package enum PreferenceKey: String, CaseIterable, Sendable, Hashable, Comparable {
    /// The session language (a built-in locale code).
    case language
    /// The eSpeak NG voice, one per language (`voice.en`, `voice.es` in `prefs set`; an object in the file).
    case voice
    /// Speech rate in words per minute.
    case rate
    case pitch
    /// Speech volume, in percent of eSpeak NG's normal level.
    case volume
    /// Whether the program speaks.
    case speech
    /// Who speaks: `espeak` (eSpeak NG on our own stream) or `speechd` (the user's speech-dispatcher).
    case speechVia
    /// The SSIP priority of phrases sent to speech-dispatcher: message, text or important.
    case speechPriority
    /// Screen-reader mode: plain text, speech through speech-dispatcher, no tones unless asked for.
    case screenReader
    /// Whether the cue tones play.
    case tones
    case toneVolume
    /// The guide sound under the session: `swell` or `off` (`GuideSetting`).
    case guide
    /// Whether the seconds inside each phase are counted aloud.
    case count
    /// How the session is shown: auto, plain, visual or quiet.
    case display
    /// Phase lines say only the instruction and its seconds: "Breathe in, 4."
    case terse
    /// A braille display through BrlAPI: auto, on or off (`BrailleSetting`).
    case braille
    case defaultPattern
    case defaultMinutes
    /// Whether a session opens with the "get ready" lead-in.
    case leadIn
    /// When reminders keep quiet: a start and an end, local time, possibly across midnight.
    case quietHours
    case remindPattern = "remind.pattern"
    case remindMinutes = "remind.minutes"
    /// How long a reminder waits while a call or a recording is in progress (`remind --defer`); 0 never waits.
    case remindDefer = "remind.defer"
    /// How `schedule add` schedules reminders: `cron` (a crontab line) or `systemd` (a user timer).
    case scheduleVia
    /// The user's own named patterns; changed with `patterns add` and `patterns remove`.
    case customPatterns

    package static func < (lhs: PreferenceKey, rhs: PreferenceKey) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The environment variable that overrides the file, if any.
    var environmentVariable: String? {
        switch self {
        case .language: "BREATHE_VOICE_LANG"
        case .voice: "BREATHE_VOICE_VOICE"
        case .rate: "BREATHE_VOICE_RATE"
        case .pitch: "BREATHE_VOICE_PITCH"
        case .volume: "BREATHE_VOICE_VOLUME"
        case .speech: "BREATHE_VOICE_SPEECH"
        case .tones: "BREATHE_VOICE_TONES"
        case .toneVolume: "BREATHE_VOICE_TONE_VOLUME"
        case .guide: "BREATHE_VOICE_GUIDE"
        case .count: "BREATHE_VOICE_COUNT"
        case .display: "BREATHE_VOICE_DISPLAY"
        case .speechVia: "BREATHE_VOICE_SPEECH_VIA"
        case .speechPriority: "BREATHE_VOICE_SPEECH_PRIORITY"
        case .screenReader: "BREATHE_VOICE_SCREEN_READER"
        case .terse: "BREATHE_VOICE_TERSE"
        case .braille: "BREATHE_VOICE_BRAILLE"
        case .defaultPattern: "BREATHE_VOICE_PATTERN"
        case .defaultMinutes: "BREATHE_VOICE_MINUTES"
        case .leadIn: "BREATHE_VOICE_LEAD_IN"
        case .quietHours: "BREATHE_VOICE_QUIET_HOURS"
        case .remindPattern: "BREATHE_VOICE_REMIND_PATTERN"
        case .remindMinutes: "BREATHE_VOICE_REMIND_MINUTES"
        case .remindDefer: "BREATHE_VOICE_REMIND_DEFER"
        case .scheduleVia: "BREATHE_VOICE_SCHEDULE_VIA"
        case .customPatterns: nil
        }
    }

    /// The command-line option that overrides everything, as `--help` shows it (nil: none; the lead-in is set in the
    /// file or the environment only).
    var flag: String? {
        switch self {
        case .language: "--lang"
        case .voice: "--voice"
        case .rate: "--rate"
        case .pitch: "--pitch"
        case .volume: "--volume"
        case .speech: "--speech"
        case .tones: "--tones"
        case .toneVolume: "--tone-volume"
        case .guide: "--guide"
        case .count: "--count"
        case .display: "--display"
        case .speechVia: "--speech-via"
        case .speechPriority: "--speech-priority"
        case .screenReader: "--screen-reader"
        case .terse: "--terse"
        case .braille: "--braille"
        case .defaultPattern: "--pattern"
        case .defaultMinutes: "--minutes"
        case .scheduleVia: "--via"
        case .leadIn, .quietHours, .remindPattern, .remindMinutes, .remindDefer, .customPatterns: nil
        }
    }

    /// Finds a key by the name a user typed: exact, or ignoring case and the dashes and underscores of `tone-volume`.
    package init?(userName: String) {
        let folded = userName.lowercased().filter { $0 != "-" && $0 != "_" }
        guard let key = PreferenceKey.allCases.first(where: { $0.rawValue.lowercased().filter { $0 != "-" } == folded })
        else { return nil }
        self = key
    }
}

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
    /// Whether a session pauses the other media players that are playing when it starts (and resumes them at its end).
    case pauseOthers
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

    /// The table: each preference's one row (`PreferenceDeclaration`). A new preference is its case above and its row
    /// here, plus the code that uses it (`preferences.flag(.key)`, `.integer(.key)`, `.text(.key)`).
    package var declaration: PreferenceDeclaration {
        switch self {
        case .language: .own(nil, option: "--lang", environment: "BREATHE_VOICE_LANG", valueName: "code")
        case .voice: .own(nil, option: "--voice", environment: "BREATHE_VOICE_VOICE", valueName: "name")
        case .rate: .count(80...450, 175, option: "--rate", environment: "BREATHE_VOICE_RATE", valueName: "wpm")
        case .pitch: .count(0...100, 50, option: "--pitch", environment: "BREATHE_VOICE_PITCH", valueName: "pitch")
        case .volume:
            .count(0...200, 100, option: "--volume", environment: "BREATHE_VOICE_VOLUME", valueName: "volume")
        case .speech: .onOff(true, option: "--speech", environment: "BREATHE_VOICE_SPEECH")
        case .speechVia: .choice(SpeechBackend.espeak, option: "--speech-via", environment: "BREATHE_VOICE_SPEECH_VIA")
        case .speechPriority:
            .choice(
                SpeechPriority.message, option: "--speech-priority", environment: "BREATHE_VOICE_SPEECH_PRIORITY",
                valueName: "priority")
        case .screenReader:
            .own(
                .text(ScreenReaderSetting.auto.rawValue), option: "--screen-reader",
                environment: "BREATHE_VOICE_SCREEN_READER")
        case .tones: .onOff(true, option: "--tones", environment: "BREATHE_VOICE_TONES")
        case .toneVolume:
            .count(0...100, 70, option: "--tone-volume", environment: "BREATHE_VOICE_TONE_VOLUME", valueName: "level")
        case .guide: .choice(GuideSetting.off, option: "--guide", environment: "BREATHE_VOICE_GUIDE")
        case .count: .onOff(false, switch: "--count", environment: "BREATHE_VOICE_COUNT")
        case .display:
            .choice(
                ["auto", "plain", "visual", "quiet"], "auto", option: "--display", environment: "BREATHE_VOICE_DISPLAY",
                valueName: "mode")
        case .terse: .onOff(false, switch: "--terse", environment: "BREATHE_VOICE_TERSE")
        case .braille: .choice(BrailleSetting.auto, option: "--braille", environment: "BREATHE_VOICE_BRAILLE")
        case .pauseOthers: .onOff(true, environment: "BREATHE_VOICE_PAUSE_OTHERS")
        case .defaultPattern:
            .own(
                .text(BreathingPattern.defaultName), option: "--pattern", environment: "BREATHE_VOICE_PATTERN",
                valueName: "name|timings")
        case .defaultMinutes:
            .own(
                .minutes(hundredths: 500), option: "--minutes", environment: "BREATHE_VOICE_MINUTES",
                valueName: "minutes")
        case .leadIn: .onOff(true, environment: "BREATHE_VOICE_LEAD_IN")
        case .quietHours: .own(nil, environment: "BREATHE_VOICE_QUIET_HOURS")
        // `remind --pattern` and `--minutes` are the session's own options (SessionOptions), with a help of their own.
        case .remindPattern:
            .own(
                .text(BreathingPattern.defaultName), environment: "BREATHE_VOICE_REMIND_PATTERN",
                valueName: "name|timings", helpKey: "help.remind.option.pattern")
        case .remindMinutes:
            .own(
                .minutes(hundredths: 200), environment: "BREATHE_VOICE_REMIND_MINUTES", valueName: "minutes",
                helpKey: "help.remind.option.minutes")
        case .remindDefer: .own(.text(ReminderDefer.standard.text), environment: "BREATHE_VOICE_REMIND_DEFER")
        case .scheduleVia:
            .choice(
                ["cron", "systemd"], "cron", option: "--via", environment: "BREATHE_VOICE_SCHEDULE_VIA",
                helpKey: "help.schedule.add.option.via")
        case .customPatterns: .own(.patterns([]))
        }
    }

    /// The environment variable that overrides the file, if any (its row).
    var environmentVariable: String? { declaration.environmentVariable }

    /// The command-line option that overrides everything, as `--help` shows it (its row; nil: none, as for the
    /// lead-in, set in the file or the environment only).
    var flag: String? { declaration.option }

    /// Where its name lives in each locale file, for `prefs show`: `pref.label.<key>` (English says the key).
    package var labelKey: String { "pref.label." + rawValue }

    /// Finds a key by the name a user typed: exact, or ignoring case and the dashes and underscores of `tone-volume`.
    package init?(userName: String) {
        let folded = userName.lowercased().filter { $0 != "-" && $0 != "_" }
        guard let key = PreferenceKey.allCases.first(where: { $0.rawValue.lowercased().filter { $0 != "-" } == folded })
        else { return nil }
        self = key
    }
}

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
    /// here, plus the code that uses it (`preferences.flag(.key)`, `.integer(.key)`, `.text(.key)`). A row that says
    /// `option:` or `switch:` gets its option in `start` and `remind` from the row alone; `groupOption:` is an option
    /// declared in an options group (`Commands/Options`), which keeps its own place in `--help`.
    package var declaration: PreferenceDeclaration {
        switch self {
        case .language:
            .of(.rule(.language), nil, groupOption: "--lang", environment: "BREATHE_VOICE_LANG", valueName: "code")
        case .voice:
            .of(.rule(.voice), nil, groupOption: "--voice", environment: "BREATHE_VOICE_VOICE", valueName: "name")
        case .rate:
            .number(80...450, 175, groupOption: "--rate", environment: "BREATHE_VOICE_RATE", valueName: "wpm")
        case .pitch:
            .number(0...100, 50, groupOption: "--pitch", environment: "BREATHE_VOICE_PITCH", valueName: "pitch")
        case .volume:
            .number(0...200, 100, groupOption: "--volume", environment: "BREATHE_VOICE_VOLUME", valueName: "volume")
        case .speech: .onOff(true, groupOption: "--speech", environment: "BREATHE_VOICE_SPEECH")
        case .speechVia:
            .choice(SpeechBackend.espeak, groupOption: "--speech-via", environment: "BREATHE_VOICE_SPEECH_VIA")
        case .speechPriority:
            .choice(
                SpeechPriority.message, groupOption: "--speech-priority",
                environment: "BREATHE_VOICE_SPEECH_PRIORITY", valueName: "priority")
        case .screenReader:
            .of(
                .rule(.screenReader), .text(ScreenReaderSetting.auto.rawValue), groupOption: "--screen-reader",
                environment: "BREATHE_VOICE_SCREEN_READER")
        case .tones: .onOff(true, groupOption: "--tones", environment: "BREATHE_VOICE_TONES")
        case .toneVolume:
            .number(
                0...100, 70, groupOption: "--tone-volume", environment: "BREATHE_VOICE_TONE_VOLUME", valueName: "level")
        case .guide: .choice(GuideSetting.off, groupOption: "--guide", environment: "BREATHE_VOICE_GUIDE")
        case .count: .onOff(false, switch: "--count", environment: "BREATHE_VOICE_COUNT")
        case .display:
            .choice(
                ["auto", "plain", "visual", "quiet"], "auto", groupOption: "--display",
                environment: "BREATHE_VOICE_DISPLAY", valueName: "mode")
        case .terse: .onOff(false, switch: "--terse", environment: "BREATHE_VOICE_TERSE")
        case .braille: .choice(BrailleSetting.auto, groupOption: "--braille", environment: "BREATHE_VOICE_BRAILLE")
        case .pauseOthers: .onOff(true, environment: "BREATHE_VOICE_PAUSE_OTHERS")
        case .defaultPattern:
            .of(
                .rule(.pattern), .text(BreathingPattern.defaultName), groupOption: "--pattern",
                environment: "BREATHE_VOICE_PATTERN", valueName: "name|timings")
        case .defaultMinutes: .minutes(500, groupOption: "--minutes", environment: "BREATHE_VOICE_MINUTES")
        case .leadIn: .onOff(true, environment: "BREATHE_VOICE_LEAD_IN")
        case .quietHours: .of(.rule(.quietHours), nil, environment: "BREATHE_VOICE_QUIET_HOURS")
        // `remind --pattern` and `--minutes` are the session's own options (SessionOptions), with a help of their own.
        case .remindPattern:
            .of(
                .rule(.pattern), .text(BreathingPattern.defaultName), environment: "BREATHE_VOICE_REMIND_PATTERN",
                valueName: "name|timings", helpKey: "help.remind.option.pattern")
        case .remindMinutes:
            .minutes(200, environment: "BREATHE_VOICE_REMIND_MINUTES", helpKey: "help.remind.option.minutes")
        case .remindDefer:
            .of(.duration(.wait), .text(ReminderDefer.standard.text), environment: "BREATHE_VOICE_REMIND_DEFER")
        case .scheduleVia:
            .choice(
                ["cron", "systemd"], "cron", groupOption: "--via", environment: "BREATHE_VOICE_SCHEDULE_VIA",
                helpKey: "help.schedule.add.option.via")
        case .customPatterns: .of(.rule(.customPatterns), .patterns([]), environment: nil)
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

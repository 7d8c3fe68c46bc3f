import BreatheCore

extension SessionFrontend {
    /// What `remind` asks for, its options parsed and checked: `SessionFrontend.remind` does the rest.
    package struct ReminderRequest {
        /// The pattern and the length, as typed (the `remind` defaults fill in the rest).
        var session: SessionRequest
        /// `--pattern` as typed, named in the trace of a reminder that could not be planned.
        var patternName: String?
        var display: DisplayRequest
        var audio: AudioRequest
        /// `--verbose`: say on standard error why a reminder was skipped or waits.
        var verbose: Bool
        /// `--allow-silent`.
        var allowsSilence: Bool
        /// `--quiet-hours`; nil: the preference.
        var quietHours: QuietHours?
        /// `--defer`; nil: the preference.
        var deferFor: ReminderDefer?

        package init(
            session: SessionRequest, patternName: String? = nil, display: DisplayRequest = DisplayRequest(),
            audio: AudioRequest = AudioRequest(), verbose: Bool = false, allowsSilence: Bool = false,
            quietHours: QuietHours? = nil, deferFor: ReminderDefer? = nil
        ) {
            self.session = session
            self.patternName = patternName
            self.display = display
            self.audio = audio
            self.verbose = verbose
            self.allowsSilence = allowsSilence
            self.quietHours = quietHours
            self.deferFor = deferFor
        }

        /// Cron mails whatever a job prints, so a reminder is quiet unless a display is asked for.
        var preferredDisplay: String { display.display == nil && !display.plain ? "quiet" : "plain" }
    }
}

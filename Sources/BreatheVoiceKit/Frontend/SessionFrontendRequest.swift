import BreatheCore

extension SessionFrontend {
    /// What a session command asks for, its options already parsed and checked: `start(…)` for `start` (and the demo),
    /// `reminder(…)` for `remind`.
    struct Request {
        /// Which command runs the session, with what only it has.
        enum Kind {
            /// `start`: takes the session lock itself; `force` runs even while another session holds it.
            case start(force: Bool)
            /// `remind`: runs holding the lock `SessionFrontend.admitReminder` took.
            case reminder(SessionLock)

            /// The failure to report for one that ended the session. A reminder gives cron's advice for a missing
            /// sound server instead of the usual one (`--no-audio`), which does not apply to it.
            func failure(_ error: BreatheError) -> BreatheError {
                guard case .reminder = self, case .unavailable(let message) = error,
                    message.key == .errorAudioUnavailable
                else {
                    return error
                }
                return .unavailable(Message(.errorRemindAudioUnavailable, message.arguments))
            }
        }

        var kind: Kind
        var plan: SessionPlan
        var output: OutputOptions
        /// The voice and tones; nil for a text-only session (`--no-audio`).
        var audio: AudioChoices?
        /// Standard input is a terminal: an unwritable history is a warning, a missing sound server may fall back to
        /// text.
        var interactive: Bool
        /// See `TextFallback.allowsSilence`; nil for its default.
        var allowsSilence: Bool?
        var source: SessionRecord.Source
        var moodBefore: Int?
        var moodAfter: Int?
        /// The session ends with the mood question, so its record waits for the answer.
        var waitsForMood: Bool
        /// Count the seconds inside each phase.
        var counting: Bool
        var readsKeys: Bool
        /// Said before the introduction.
        var opening: Announcement?
        /// The badges are spoken too when the session was heard through the sound server.
        var speaksBadges: Bool
        /// A connection to the sound server started before the command line was parsed, for a session that plays
        /// through it (`AudioSession.earlyConnection`); nil connects when the session needs it.
        var earlyConnection: PendingPulseSink?

        /// Where the session's lines, the mood question and the badges go: standard output, or standard error when it
        /// carries a WAV (`--output -`). Decided here only: the assembly, and so the sound, takes it from here.
        var textDescriptor: Int32 { audio?.output == "-" ? 2 : 1 }

        /// `start`: interactive when standard input is a terminal; keys are read, the mood may be asked, the badges
        /// are spoken.
        static func start(
            plan: SessionPlan, output: OutputOptions, audio: AudioChoices?, interactive: Bool, force: Bool,
            moodBefore: Int?, moodAfter: Int?, waitsForMood: Bool, counting: Bool
        ) -> Request {
            Request(
                kind: .start(force: force), plan: plan, output: output, audio: audio, interactive: interactive,
                allowsSilence: nil, source: .interactive, moodBefore: moodBefore, moodAfter: moodAfter,
                waitsForMood: waitsForMood, counting: counting, readsKeys: true, opening: nil, speaksBadges: true
            )
        }

        /// `remind`, as cron runs it: never interactive, never visual, no keys, no mood question; it opens with "Time
        /// for a breathing break." and is recorded as cron's.
        static func reminder(
            plan: SessionPlan, output: OutputOptions, audio: AudioChoices, allowsSilence: Bool, lock: SessionLock
        ) -> Request {
            var output = output
            if output.display == .visual { output.display = .plain }
            return Request(
                kind: .reminder(lock), plan: plan, output: output, audio: audio, interactive: false,
                allowsSilence: allowsSilence, source: .cron, moodBefore: nil, moodAfter: nil, waitsForMood: false,
                counting: false, readsKeys: false,
                opening: Announcement(line: Message(.remindOpening), speech: Message(.speechRemindOpening)),
                speaksBadges: false
            )
        }
    }
}

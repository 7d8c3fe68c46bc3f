import BreatheCore
import BreatheSystem

extension SessionFrontend {
    /// What a session command asks for, its options already parsed and checked: `start(…)` for `start` (and the demo),
    /// `reminder(…)` for `remind`.
    package struct Request {
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
        /// The session's one settings value (`SessionSettings`), built here once: the plan, the display, the sound,
        /// screen-reader mode, whether someone is at the terminal.
        package var settings: SessionSettings
        var source: SessionRecord.Source
        var moodBefore: Int?
        var moodAfter: Int?
        /// The session ends with the mood question, so its record waits for the answer.
        var waitsForMood: Bool
        /// The badges are spoken too when the session was heard through the sound server.
        var speaksBadges: Bool
        /// A connection to the sound server started before the command line was parsed, for a session that plays
        /// through it (`AudioSession.earlyConnection`); nil connects when the session needs it.
        var earlyConnection: PendingPulseSink?

        /// `start`: interactive when standard input is a terminal; keys are read, the mood may be asked, the badges
        /// are spoken.
        package static func start(
            plan: SessionPlan, output: OutputOptions, audio: AudioChoices?, screenReader: ScreenReaderMode?,
            interactive: Bool, force: Bool, moodBefore: Int?, moodAfter: Int?, waitsForMood: Bool, counting: Bool
        ) -> Request {
            var settings = SessionSettings(
                plan: plan, output: output, audio: audio, screenReader: screenReader, interactive: interactive)
            settings.counting = counting
            return Request(
                kind: .start(force: force), settings: settings, source: .interactive, moodBefore: moodBefore,
                moodAfter: moodAfter, waitsForMood: waitsForMood, speaksBadges: true)
        }

        /// `remind`, as cron runs it: never interactive, never visual, no keys, no mood question; it opens with "Time
        /// for a breathing break." and is recorded as cron's.
        static func reminder(
            plan: SessionPlan, output: OutputOptions, audio: AudioChoices, screenReader: ScreenReaderMode?,
            allowsSilence: Bool, lock: SessionLock
        ) -> Request {
            var output = output
            if output.display == .visual { output.display = .plain }
            var settings = SessionSettings(
                plan: plan, output: output, audio: audio, screenReader: screenReader, interactive: false,
                allowsSilence: allowsSilence)
            settings.readsKeys = false
            settings.opening = Announcement(line: Message(.remindOpening), speech: Message(.speechRemindOpening))
            return Request(
                kind: .reminder(lock), settings: settings, source: .cron, moodBefore: nil, moodAfter: nil,
                waitsForMood: false, speaksBadges: false)
        }
    }
}

import BreatheCore

extension SessionFrontend {
    /// What `start` asks for, its options parsed and checked, nothing yet detected or opened: `SessionFrontend.start`
    /// does the rest.
    struct StartRequest {
        /// The pattern and the length, as typed.
        var session: SessionRequest
        var display: DisplayRequest
        /// The sound; nil for a text-only session (`--no-audio`).
        var audio: AudioRequest?
        /// `--force`: run even while another session holds the lock.
        var force: Bool
        var moodBefore: Int?
        /// `--mood-after`; nil: asked at the end, when it can be.
        var moodAfter: Int?
        /// The words asked for a live session (`EarlyConnection`): the sound server's handshake starts as soon as the
        /// plan is settled, and overlaps the rest of the setup.
        var connectsEarly: Bool
        /// The handshake started before the command line was parsed, when the user's cookie was whole.
        var startedConnection: PendingPulseSink?

        init(
            session: SessionRequest, display: DisplayRequest = DisplayRequest(), audio: AudioRequest? = AudioRequest(),
            force: Bool = false, moodBefore: Int? = nil, moodAfter: Int? = nil, connectsEarly: Bool = false,
            startedConnection: PendingPulseSink? = nil
        ) {
            self.session = session
            self.display = display
            self.audio = audio
            self.force = force
            self.moodBefore = moodBefore
            self.moodAfter = moodAfter
            self.connectsEarly = connectsEarly
            self.startedConnection = startedConnection
        }

        /// True when the session will end with the mood question: no `--mood-after`, a terminal on both ends, and a
        /// display that talks to the user (not quiet, not the JSON stream alone).
        func waitsForMood(display: DisplayMode) -> Bool {
            moodAfter == nil && display != .quiet && MoodPrompt.isPossible
        }
    }
}

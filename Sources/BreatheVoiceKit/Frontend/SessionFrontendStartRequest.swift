import BreatheCore

extension SessionFrontend {
    /// What `start` asks for, its options parsed and checked, nothing yet detected or opened: `SessionFrontend.start`
    /// does the rest.
    package struct StartRequest {
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

        package init(
            session: SessionRequest, display: DisplayRequest = DisplayRequest(), audio: AudioRequest? = AudioRequest(),
            force: Bool = false, moodBefore: Int? = nil, moodAfter: Int? = nil
        ) {
            self.session = session
            self.display = display
            self.audio = audio
            self.force = force
            self.moodBefore = moodBefore
            self.moodAfter = moodAfter
        }

        /// True when the session will end with the mood question: no `--mood-after`, a terminal on both ends, and a
        /// display that talks to the user (not quiet, not the JSON stream alone).
        func waitsForMood(display: DisplayMode) -> Bool {
            moodAfter == nil && display != .quiet && MoodPrompt.isPossible
        }
    }
}

extension SessionRecord {
    /// Why a reminder was skipped (status `skipped`) or failed (status `failed`): the record's `reason`, one stable
    /// lowercase word. A reader that meets a word it does not know skips the line as unreadable, as it does any other
    /// value it does not know.
    package enum Reason: String, Hashable, Sendable, CaseIterable {
        /// Skipped: a call outlasted its wait (`remind --defer`).
        case call
        /// Skipped: a recording outlasted its wait.
        case recording
        /// Skipped: whoever heard it declined it, stopping it in its opening or its first phase (`ReminderDecline`).
        case user
        /// Failed: no sound server answered.
        case sound
        /// Failed: speech-dispatcher did not answer (a reminder that speaks through a screen reader's speech).
        case speech
        /// Failed: eSpeak NG could not speak: its data is missing, or the voice asked for is not installed.
        case voice
        /// Failed: the saved pattern it names no longer exists.
        case pattern
        /// Failed: the preferences file (or a preference's environment variable) could not be used.
        case preferences
        /// Failed for another reason, told on standard error (cron mails it).
        case other

        /// True for the reasons a reminder fails for; false for those it is skipped for.
        var isFailure: Bool {
            switch self {
            case .call, .recording, .user: false
            case .sound, .speech, .voice, .pattern, .preferences, .other: true
            }
        }
    }
}

import BreatheCore

extension SessionRecord.Reason {
    /// What a history row (and `doctor`) says of it: what was in progress ("a call") for a skip, why for a failure
    /// ("no sound server answered"); nil for `user`, whose row says it all.
    package var message: Message? {
        switch self {
        case .call: CallActivity.call.message
        case .recording: CallActivity.recording.message
        case .user: nil
        case .sound: Message(.historyCauseSound)
        case .speech: Message(.historyCauseSpeech)
        case .voice: Message(.historyCauseVoice)
        case .pattern: Message(.historyCausePattern)
        case .preferences: Message(.historyCausePreferences)
        case .other: Message(.historyCauseOther)
        }
    }
}

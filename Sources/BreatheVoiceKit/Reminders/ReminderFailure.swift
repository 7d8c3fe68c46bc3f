import BreatheCore
import BreatheSystem

/// A reminder that could not play leaves a trace: a `failed` record in the history, with why, beside the one line on
/// standard error that cron mails (which stays as it was, as does the exit status). Writing the trace is best effort:
/// a history that cannot be written changes nothing of the failure the user is told.
enum ReminderFailure {
    /// Why a reminder failed with `error`, as its record says it.
    static func reason(for error: BreatheError) -> SessionRecord.Reason {
        switch error.message.key {
        case .errorAudioUnavailable, .errorRemindAudioUnavailable, .errorAudioLost: return .sound
        case .errorSpeechdUnavailable: return .speech
        case .errorSpeechUnavailable, .errorVoiceUnknown, .errorVoiceUnknownNoMatch, .errorVoiceVariantUnknown,
            .errorVoiceOtherLanguage, .errorVoiceFromFlag, .errorVoiceFromEnvironment, .errorVoiceFromFile,
            .errorVoiceInFile:
            return .voice
        case .errorPatternUnknown: return .pattern
        default:
            if case .badPreferences = error { return .preferences }
            return .other
        }
    }

    /// Records a reminder that failed before it had a plan (its pattern is gone, its preferences cannot be used): the
    /// pattern's name when it is known, no timings, nothing planned or breathed.
    static func recordUnplanned(
        _ reason: SessionRecord.Reason, patternName: String?, language: String, store: HistoryStore = HistoryStore(),
        clock: WallClock = .live
    ) {
        let now = clock.now()
        let record = SessionRecord(
            id: SessionRecordID.make(), start: now, end: now, patternName: patternName, timings: "",
            patternKind: patternName == nil ? .timings : .saved, plannedCycles: 0, actualCycles: 0, plannedTenths: 0,
            actualTenths: 0, status: .failed, language: language, source: .cron, reason: reason)
        try? store.append(record)
    }
}

/// Every sentence and phrase the program prints or speaks, named for its key in the locale files.
///
/// A case is its key with the dots and hyphens taken out and each word after a dot capitalised: `doctorAudioFix` is
/// `"doctor.audio.fix"` in Locales/*.json, `pattern478` is `"pattern.4-7-8"` (`init(localeKey:)`). The locale tests
/// check that every case has its sentence in every language and that no file holds a sentence no case names. A new
/// sentence is its case here, beside its family, and its line in every locale file.
package enum MessageKey: String, CaseIterable, Sendable, Hashable {
    // Phase names, printed and spoken.
    case phaseInhale, phaseInhaleAgain, phaseHold, phaseExhale, phaseRest

    // Pattern names.
    case pattern478, patternBox, patternDiaphragmatic, patternResonant, pattern711, patternSigh, patternCustom
    case patternSaved

    // Units, with plural forms chosen by {n}.
    case unitSeconds, unitMinutes, unitHours, unitCycles
    case durationPair

    // The introduction's timings, in words: "in 4, hold 7, out 8".
    case timingsInhale, timingsInhaleAgain, timingsHold, timingsExhale, timingsRest, timingsPhase, timingsRamp
    case timingsList

    // Session lines, one complete sentence per event.
    case lineIntro, lineIntroBrief, lineLeadIn, linePhase, linePhaseCycle, linePhaseTerse, linePaused, lineResumed
    case lineCompleted, lineStopped, lineInterrupted, lineAudioLost, lineSpeechdLost, lineBrailleLost, lineKeys
    case lineKeysHint, lineKeysTip, lineScreenReaderFound, lineSkipped, lineCount, lineTimeLeft, lineUnknownKey
    case lineSpeechRate, lineSpeechOff, lineToneVolume, lineTonesOff

    // Short phrases for the voice.
    case speechLeadIn, speechPaused, speechResumed, speechCompleted, speechStopped, speechSkipped

    // `patterns` listing.
    case patternsHeader, patternsRow

    // Field names used inside errors.
    case fieldInhale, fieldHold, fieldExhale, fieldRest, fieldMinutes, fieldCycles
    case rangeSeconds, rangeMinutes, rangeCount

    // Errors: one line each, naming the field, the value and what is allowed.
    case errorNotANumber, errorOutOfRange, errorTooPrecise, errorEmpty, errorPatternFields, errorPatternUnknown
    case errorRampSyntax, errorRampPhase, errorRampMissingPhase, errorRampTwice, errorLengthBoth, errorLengthTooLong
    case errorLanguageUnknown, errorSessionBusy, errorPrefix
    // `pause`, `resume`, `skip`, `repeat` and `stop`, through the session bus.
    case errorControlNoBus, errorControlBusUnreachable, errorControlNoSession, errorControlNoAnswer

    // Preferences, history, stats, mood and badges (issue 4).
    case allowedChoice, allowedVoice, allowedOnOff, allowedPattern, allowedQuietHours, allowedDefer
    case allowedCustomPatterns, allowedRemind
    case prefNameKey, prefNameEnvironment, prefNameFlag
    case errorPrefValue, errorPrefUnknownKey, errorPrefUnknownKeySuggestion, errorPrefReadOnly, errorPrefsFileValue
    case errorPrefsFileSyntax, errorPrefsFileNotObject, errorPrefsFileVersion, errorPrefsFileNewer, errorPrefsFile
    case errorPrefsFileNewerFix
    case jsonUnexpectedEnd, jsonUnexpectedCharacter, jsonInvalidUTF8, jsonInvalidEscape, jsonInvalidNumber
    case jsonDuplicateKey, jsonTooDeep
    case warningUnknownKey, warningHistoryLine, warningUnknownKeySuggestion
    case errorCannotCreate, errorRead, errorWrite, errorEditor
    case prefsSet, prefsUnset, prefsReset, prefsResetNothing, prefsRow, prefsRowOrigin, prefsNotSet, prefsLanguageVoice
    case originFlag, originEnvironment, originFile, originDefault
    case prefsEditSaved, prefsEditUnchanged, prefsEditCopyGone, prefsEditCopyUnusable
    case prefsEditCopyKept, prefsEditRejected, prefsEditProblem
    case patternsAdded, patternsRemoved, patternsSavedHeader
    case errorPatternName, errorPatternBuiltIn, errorPatternExists, errorPatternCaseTwin, errorPatternNotSaved
    case errorPatternInUse
    case patternsShadowed
    case errorLockHeld
    case exitHeading, exit0, exit1, exit64, exit65, exit69, exit73, exit74, exit75, exit78, exit130, exit131, exit138
    case exit140, exit143
    case unitSessions, unitDays
    case statusCompleted, statusStopped, statusInterrupted
    case historyRow, historyRowMood, historyRowMoodAfter
    case statusSkipped
    case historyRowSkipped, historyEmpty, historyCleared, historyExported
    // A reminder declined or failed, in the history (issue 49).
    case statusFailed, historyRowDeclined, historyRowFailed, historyCauseSound, historyCauseSpeech, historyCauseVoice
    case historyCausePattern, historyCausePreferences, historyCauseOther
    case doctorNote, doctorReminderLastFailed, doctorReminderPatternMissing, doctorReminderPatternFix
    case errorPatternScheduled, warningPatternScheduled
    // `patterns rename` (issue 50).
    case patternsRenamed, patternsRenamedReminder, patternsRenamedSystemdManual
    case errorPatternRenameBuiltIn, errorPatternRenameSame, errorPatternRenameTaken
    // A reminder that reads other folders than the shell `doctor` runs in (issue 50).
    case doctorReminderFolders, doctorReminderFoldersFix
    case errorClearNeedsYes, errorDate, errorFormat
    // `history import` (issue 50).
    case historyImported, historyImportedSome, historyImportedAlready, historyImportWould, historyImportWouldSome
    case historyImportWouldAlready, errorImportLine
    case moodPrompt, moodSkipped, moodRecorded, moodAgain
    case rangeMood
    case statsNoneBreathed, statsTotal, statsStreak, statsDay, statsDayNone, statsMood, statsMoodAfter, statsMoodNone
    case statsPatterns, statsPatternItem, statsBadges, statsNoBadges
    case weekday0, weekday1, weekday2, weekday3, weekday4, weekday5, weekday6
    case badgeFirstSession, badgeStreak, badgeSessions, badgeZenMaster, badgeCustomPattern, badgeMoodImproved
    case badgeFiveDays, badgeEarned
    // The terminal experience (issue 5): the keys' spoken summary, the visual status line, the timing report, --events.
    case speechKeys
    case statusDetails, statusLeadIn, statusPaused
    case timingHeader, timingCue, timingRow, timingSummary, timingNone, timingToneLeftOut, timingWordLate
    case timingWordLeftOut, timingMissed
    case errorEventsSyntax, errorEventsFd, errorEventsReadOnly, errorEventsOpen, errorEventsWrite
    case errorHistoryUnwritable
    case warningHistoryUnwritable, warningCacheUntrusted
    case errorEventsDisplay
    // Sound and speech (issue 3).
    case speechCount
    case errorFlagsConflict, errorVoiceUnknown, errorVoiceUnknownNoMatch, errorVoiceVariantUnknown
    case errorVoiceOtherLanguage, errorVoiceFromFlag, errorVoiceFromEnvironment, errorVoiceFromFile, errorVoiceInFile

    // `demo` without a sound server.
    case demoNoServer, demoNoServerNotSaved
    case errorSpeechUnavailable, errorAudioUnavailable, errorRemindAudioUnavailable, errorAudioLost, errorOutputCreate
    case errorOutputWrite, errorOutputEmpty, errorOutputFormat
    case renderSaved
    case warningAudioTextOnly
    // speech-dispatcher (issue 11).
    case errorSpeechdUnavailable
    case warningSpeechdTextOnly
    case timingSpeechEspeak, timingSpeechSpeechd, timingSpeechNone
    case doctorSpeechdReachable, doctorSpeechdUnreachable, doctorSpeechdFix
    case voicesHeader, voicesRow, voicesNone
    // Reminders from cron: `schedule`, `remind`, `doctor` (issue 6).
    case errorTimeSyntax, errorQuietHoursSyntax, errorIntervalSyntax, errorIntervalRange, errorDeferSyntax
    case errorDeferRange, errorIntervalInexact, errorDaysSyntax, errorScheduleWhat, errorScheduleEveryAndAt
    case errorScheduleAtWindow, errorScheduleWindowOrder, errorScheduleUnknownId, errorScheduleRemoveWhat
    case errorScheduleControl, errorScheduleProgram, errorScheduleProgramSystemd, errorCrontabMissing
    case errorCrontabFailed, errorCrontabBlockOpen, errorProcessExitStatus, errorLockCreate
    // Trust: files, folders and streams (issue 12).
    case reasonSymbolicLink, reasonNotRegularFile, reasonTooLarge, reasonFifoNoReader, reasonSystem
    case errorPrefsFileUnusable, errorFolderNotOwned, errorFolderWritable
    case warningUnknownKeys
    case errorStandardOutput
    case scheduleSuggestOne, scheduleSuggestTwo
    // A schedule in words (issue 41).
    case scheduleWordsEveryMinutes, scheduleWordsEveryHours, scheduleWordsWindow, scheduleWordsAt, scheduleWordsAtDaily
    case scheduleWordsAtTime, scheduleWordsFromTime, scheduleWordsToTime, scheduleWordsOnDays, scheduleWordsDayRange
    case scheduleWordsComma, scheduleWordsAnd, scheduleWordsWithOptions, scheduleAddedWords, scheduleAddedWordsSystemd
    case scheduleEntryWords, scheduleEntryWordsSystemd, scheduleRemovedWords, scheduleAdded, scheduleRemoved
    case scheduleNone, scheduleEntry, scheduleDryRun, scheduleAddedSystemd, scheduleEntrySystemd
    case scheduleSystemdStarted, scheduleSystemdManual, scheduleDryRunSystemd, scheduleDryRunSystemdRemove
    case remindOpening
    case speechRemindOpening
    case remindQuiet, remindBusy, remindActivityCall, remindActivityRecording, remindWaiting, remindSkipped
    case doctorReminderPlays, doctorReminderQuiet, doctorReminderBusy, doctorReminderWaits, doctorReminderNoWait
    case doctorReminderUnknown
    // Where the next reminder would fail (issue 41).
    case doctorReminderNoServer, doctorReminderSilent, doctorReminderLock, doctorReminderLockFix
    case doctorPreferencesUnusable, doctorPreferencesFix, doctorVoicePreferenceOk, doctorVoicePreferenceUnknown
    case doctorVoicePreferenceFix, doctorCronRunning, doctorCronNotRunning, doctorCronHidden, doctorCronFix
    case doctorTimerActive, doctorTimerInactive, doctorTimerFix, doctorOk, doctorProblem, doctorSpeechDataFound
    case doctorSpeechDataMissing, doctorSpeechDataFix, doctorVoiceFound, doctorVoiceMissing, doctorAudioReachable
    case doctorAudioUnreachable, doctorAudioFix, doctorAudioCronReachable, doctorAudioCronUnreachable
    case doctorAudioCronFix, doctorAudioNotLocal, doctorCrontabNone, doctorCrontabProgram, doctorCrontabProgramMissing
    case doctorCrontabProgramFix, doctorCrontabUnreadable, doctorCrontabFix, doctorQuietHoursNone, doctorQuietHoursOk
    case doctorQuietHoursEmpty, doctorQuietHoursFix

    // Command-line refusals from argument-parser, in the user's language (issue 11): one line each, quoting the input.
    case argsUnknownOption, argsUnknownOptionSuggestion, argsMissingValue, argsUnexpectedValue, argsUnexpectedArgument
    case argsUnknownCommandSuggestion, argsUnexpectedArguments, argsDuplicateFlag, argsMissingArgument
    case argsMissingOneOf, argsInvalidValue, argsInvalidValueChoices, argsInvalidValueDetail, argsInvalidOption
    case argsMissingSubcommand, argsQuote, argsOr

    case prefsOn, prefsOff
    case statsPatternCustom

    // A sound server that stops answering (issue 36): the detail of "no sound server" and "went away", and doctor's.
    case audioNoAnswer, audioSilent
    case doctorAudioSilent, doctorAudioSilentFix
    case processNoAnswer
    // The braille display (BraillePresenter): short words, fitted to 12 cells and up.
    case brailleStatus, brailleInhale, brailleHold, brailleExhale, brailleRest, brailleLeadIn, braillePaused
    case brailleCompleted, brailleStopped
    case warningBrailleUnavailable
    case brailleTimeLeft, brailleSessionLeft, braillePausedShort, brailleStoppedShort
    // The narrowest forms (issue 51): the phase and its seconds, the cycles, in 12 cells.
    case brailleTinyInhale, brailleTinyHold, brailleTinyExhale, brailleTinyRest, brailleTinyLeadIn, braillePausedTiny
    case brailleCompletedShort, brailleStoppedTiny
}

extension MessageKey {
    /// The case that names the locale files' key `localeKey` ("doctor.audio.fix" is `doctorAudioFix`); nil for a key
    /// that is not a message (the help texts, `system.*`).
    package init?(localeKey: String) {
        guard let key = Self.byCaseName[Self.caseName(localeKey: localeKey)] else { return nil }
        self = key
    }

    /// A locale key as a case name: dots and hyphens taken out, the first letter after each dot capitalised.
    static func caseName(localeKey: String) -> String {
        var name: [UInt8] = []
        name.reserveCapacity(localeKey.utf8.count)
        var capitalizeNext = false
        for byte in localeKey.utf8 {
            switch byte {
            case UInt8(ascii: "."): capitalizeNext = true
            case UInt8(ascii: "-"): continue
            case UInt8(ascii: "a")...UInt8(ascii: "z") where capitalizeNext:
                name.append(byte - UInt8(ascii: "a") + UInt8(ascii: "A"))
                capitalizeNext = false
            default:
                name.append(byte)
                capitalizeNext = false
            }
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// Every case by its name, for `init(localeKey:)` (a dictionary: the raw-value initializer compares one by one).
    private static let byCaseName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}

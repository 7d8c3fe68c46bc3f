/// Every sentence and phrase the program prints or speaks. Each raw value is a key in every file in Locales/.
public enum MessageKey: String, CaseIterable, Sendable, Hashable {
    // Phase names, printed and spoken.
    case phaseInhale = "phase.inhale"
    case phaseInhaleAgain = "phase.inhaleAgain"
    case phaseHold = "phase.hold"
    case phaseExhale = "phase.exhale"
    case phaseRest = "phase.rest"

    // Pattern names.
    case pattern478 = "pattern.4-7-8"
    case patternBox = "pattern.box"
    case patternDiaphragmatic = "pattern.diaphragmatic"
    case patternResonant = "pattern.resonant"
    case pattern711 = "pattern.7-11"
    case patternSigh = "pattern.sigh"
    case patternCustom = "pattern.custom"
    case patternSaved = "pattern.saved"

    // Units, with plural forms chosen by {n}.
    case unitSeconds = "unit.seconds"
    case unitMinutes = "unit.minutes"
    case unitHours = "unit.hours"
    case unitCycles = "unit.cycles"
    case durationPair = "duration.pair"

    // Session lines, one complete sentence per event.
    case lineIntro = "line.intro"
    case lineLeadIn = "line.leadIn"
    case linePhase = "line.phase"
    case linePaused = "line.paused"
    case lineResumed = "line.resumed"
    case lineCompleted = "line.completed"
    case lineStopped = "line.stopped"
    case lineInterrupted = "line.interrupted"
    case lineAudioLost = "line.audioLost"
    case lineKeys = "line.keys"

    // Short phrases for the voice.
    case speechLeadIn = "speech.leadIn"
    case speechPaused = "speech.paused"
    case speechResumed = "speech.resumed"
    case speechCompleted = "speech.completed"
    case speechStopped = "speech.stopped"

    // `patterns` listing.
    case patternsHeader = "patterns.header"
    case patternsRow = "patterns.row"

    // Field names used inside errors.
    case fieldInhale = "field.inhale"
    case fieldHold = "field.hold"
    case fieldExhale = "field.exhale"
    case fieldRest = "field.rest"
    case fieldMinutes = "field.minutes"
    case fieldCycles = "field.cycles"
    case rangeSeconds = "range.seconds"
    case rangeMinutes = "range.minutes"
    case rangeCount = "range.count"

    // Errors: one line each, naming the field, the value and what is allowed.
    case errorNotANumber = "error.notANumber"
    case errorOutOfRange = "error.outOfRange"
    case errorTooPrecise = "error.tooPrecise"
    case errorEmpty = "error.empty"
    case errorPatternFields = "error.pattern.fields"
    case errorPatternUnknown = "error.pattern.unknown"
    case errorRampSyntax = "error.ramp.syntax"
    case errorRampPhase = "error.ramp.phase"
    case errorRampMissingPhase = "error.ramp.missingPhase"
    case errorRampTwice = "error.ramp.twice"
    case errorLengthBoth = "error.length.both"
    case errorLengthTooLong = "error.length.tooLong"
    case errorLanguageUnknown = "error.language.unknown"
    case errorPrefix = "error.prefix"

    // Sound and speech (issue 3).
    case speechCount = "speech.count"
    case fieldRate = "field.rate"
    case fieldPitch = "field.pitch"
    case fieldVolume = "field.volume"
    case fieldToneVolume = "field.toneVolume"
    case fieldSpeech = "field.speech"
    case fieldTones = "field.tones"
    case errorOnOff = "error.onOff"
    case errorFlagsConflict = "error.flags.conflict"
    case errorVoiceUnknown = "error.voice.unknown"
    case errorVoiceUnknownNoMatch = "error.voice.unknownNoMatch"
    case errorSpeechUnavailable = "error.speech.unavailable"
    case errorAudioUnavailable = "error.audio.unavailable"
    case errorAudioLost = "error.audio.lost"
    case errorOutputCreate = "error.output.create"
    case errorOutputWrite = "error.output.write"
    case warningAudioTextOnly = "warning.audio.textOnly"
    case voicesHeader = "voices.header"
    case voicesRow = "voices.row"
    case voicesNone = "voices.none"
}

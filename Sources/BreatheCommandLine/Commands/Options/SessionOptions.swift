import ArgumentParser
import BreatheCore
import BreatheVoiceKit

/// The options that say what to breathe and for how long, shared by `start` and `remind`; `Defaults` names the
/// preferences that apply when they are not given, so that each command's help shows its own defaults.
struct SessionOptions<Defaults: SessionDefaults>: ParsableArguments {
    @Option(
        name: .preference(.defaultPattern), help: .preference(Defaults.patternKey),
        completion: .custom { _, _, prefix in PatternCompletion.candidates(prefix: prefix) })
    var pattern: String?

    @Option(
        help: ArgumentHelp(
            HelpText.english("help.option.inhale"), valueName: "seconds"))
    var inhale: String?

    @Option(help: ArgumentHelp(HelpText.english("help.option.hold"), valueName: "seconds"))
    var hold: String?

    @Option(help: ArgumentHelp(HelpText.english("help.option.exhale"), valueName: "seconds"))
    var exhale: String?

    @Option(help: ArgumentHelp(HelpText.english("help.option.rest"), valueName: "seconds"))
    var rest: String?

    @Option(
        help: ArgumentHelp(
            HelpText.english("help.option.ramp"),
            valueName: "phase=seconds"
        ))
    var ramp: [String] = []

    @Option(name: .preference(.defaultMinutes), help: .preference(Defaults.minutesKey))
    var minutes: String?

    @Option(help: ArgumentHelp(HelpText.english("help.option.cycles"), valueName: "count"))
    var cycles: String?

    var request: SessionRequest {
        var overrides: [PhaseKind: String] = [:]
        overrides[.inhale] = inhale
        overrides[.hold] = hold
        overrides[.exhale] = exhale
        overrides[.rest] = rest
        return SessionRequest(pattern: pattern, overrides: overrides, ramps: ramp, minutes: minutes, cycles: cycles)
    }
}

import ArgumentParser
import BreatheCore

/// The options that say what to breathe and for how long, shared by `start` and `remind`; `Defaults` names the
/// preferences that apply when they are not given, so that each command's help shows its own defaults.
struct SessionOptions<Defaults: SessionDefaults>: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "A built-in or saved pattern name, or timings in-hold-out-rest such as 4-7-8-0 (2 to 4 fields; default \(DefaultsHelp.value(Defaults.patternKey)), the \(Defaults.patternKey.rawValue) preference).",
            valueName: "name|timings"
        ), completion: .custom { _, _, prefix in PatternCompletion.candidates(prefix: prefix) })
    var pattern: String?

    @Option(
        help: ArgumentHelp(
            "Seconds to breathe in (1 to 60, one decimal allowed); overrides the pattern.", valueName: "seconds"))
    var inhale: String?

    @Option(help: ArgumentHelp("Seconds to hold after breathing in (0 to 60).", valueName: "seconds"))
    var hold: String?

    @Option(help: ArgumentHelp("Seconds to breathe out (1 to 60).", valueName: "seconds"))
    var exhale: String?

    @Option(help: ArgumentHelp("Seconds to wait before the next breath (0 to 60).", valueName: "seconds"))
    var rest: String?

    @Option(
        help: ArgumentHelp(
            "Lengthen a phase step by step, from its pattern value in the first cycle to SECONDS in the last (e.g. exhale=10). Repeatable, once per phase.",
            valueName: "phase=seconds"
        ))
    var ramp: [String] = []

    @Option(
        help: ArgumentHelp(
            "Breathe for at least this many minutes, in whole cycles (0.1 to 1440; default \(DefaultsHelp.value(Defaults.minutesKey)), the \(Defaults.minutesKey.rawValue) preference).",
            valueName: "minutes"))
    var minutes: String?

    @Option(help: ArgumentHelp("Breathe for this many cycles (1 to 100000).", valueName: "count"))
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

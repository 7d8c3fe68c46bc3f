/// Reads a pattern the way a user names it: a built-in or saved name, or timings such as `4-7-8-0`.
package enum PatternSpec {
    /// Resolves `text` against the user's saved patterns, then the built-ins, then as 2 to 4 timings (in-hold-out-rest).
    /// A new pattern may not take a built-in's name (`patterns add`), so saved first only matters for one saved before
    /// a later version shipped a built-in of that name: it keeps playing what the user saved.
    static func resolve(_ text: String, saved: [BreathingPattern] = []) -> Result<BreathingPattern, InputError> {
        let name = text.trimmingSpaces
        if let pattern = saved.first(where: { $0.name == name }) { return .success(pattern) }
        if let pattern = BreathingPattern.builtIn(named: name) { return .success(pattern) }
        guard let first = name.first, first.isASCIIDigit || first == "." || first == "," || first == "-" else {
            let names = BreathingPattern.allNames(saved: saved).joined(separator: ", ")
            return .failure(
                InputError(Message(.errorPatternUnknown, ["value": .userValue(text), "names": .text(names)])))
        }
        return parseTimings(name, original: text)
    }

    /// Parses `in-out`, `in-hold-out` or `in-hold-out-rest`. A hold or rest of 0 is left out of the pattern.
    package static func parseTimings(_ text: String, original: String? = nil) -> Result<BreathingPattern, InputError> {
        let fields = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard (2...4).contains(fields.count) else {
            return .failure(
                InputError(
                    Message(
                        .errorPatternFields,
                        [
                            "value": .userValue(original ?? text), "count": .integer(fields.count),
                        ])))
        }
        let kinds: [PhaseKind] =
            switch fields.count {
            case 2: [.inhale, .exhale]
            case 3: [.inhale, .hold, .exhale]
            default: [.inhale, .hold, .exhale, .rest]
            }
        var phases: [Phase] = []
        for (kind, field) in zip(kinds, fields) {
            switch NumberField.seconds(kind).parse(field) {
            case .failure(let error): return .failure(error)
            case .success(let tenths) where tenths > 0: phases.append(Phase(kind, tenths: tenths))
            case .success: break
            }
        }
        return .success(BreathingPattern(name: nil, phases: phases))
    }
}

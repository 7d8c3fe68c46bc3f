/// A phase that lengthens (or shortens) linearly from its pattern value in the first cycle to a target in the last.
package struct Ramp: Hashable, Sendable {
    var kind: PhaseKind
    var targetTenths: Int

    package init(kind: PhaseKind, targetTenths: Int) {
        self.kind = kind
        self.targetTenths = targetTenths
    }

    /// Parses `PHASE=SECONDS`, such as `exhale=10`, validating the target with the phase's own range.
    static func parse(_ text: String) -> Result<Ramp, InputError> {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            return .failure(InputError(Message(.errorRampSyntax, ["value": .userValue(text)])))
        }
        guard let kind = PhaseKind(rawValue: String(parts[0]).trimmingSpaces.lowercased()) else {
            return .failure(InputError(Message(.errorRampPhase, ["value": .userValue(text)])))
        }
        return NumberField.seconds(kind).parse(String(parts[1])).map { Ramp(kind: kind, targetTenths: $0) }
    }
}

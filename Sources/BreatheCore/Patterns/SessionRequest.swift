/// What the user asked for on the command line, before it becomes a plan: a pattern, single-phase overrides, ramps
/// and a length, all as typed.
package struct SessionRequest: Sendable {
    var pattern: String?
    var overrides: [PhaseKind: String]
    var ramps: [String]
    var minutes: String?
    var cycles: String?

    package init(
        pattern: String? = nil, overrides: [PhaseKind: String] = [:], ramps: [String] = [], minutes: String? = nil,
        cycles: String? = nil
    ) {
        self.pattern = pattern
        self.overrides = overrides
        self.ramps = ramps
        self.minutes = minutes
        self.cycles = cycles
    }

    /// The pattern with its overrides applied, the ramps and the length; the first problem found is the error.
    package func resolve(
        saved: [BreathingPattern] = [],
        defaultPattern: String = BreathingPattern.defaultName,
        defaultLength: SessionLength = .default
    ) -> Result<(pattern: BreathingPattern, ramps: [Ramp], length: SessionLength), InputError> {
        do throws(InputError) {
            var resolved = try PatternSpec.resolve(pattern ?? defaultPattern, saved: saved).get()
            for kind in PhaseKind.allCases {
                guard let text = overrides[kind] else { continue }
                resolved = resolved.overriding(kind, tenths: try NumberField.seconds(kind).parse(text).get())
            }
            var ramps: [Ramp] = []
            for text in self.ramps { ramps.append(try Ramp.parse(text).get()) }
            let length = try SessionLength.parse(minutes: minutes, cycles: cycles).get() ?? defaultLength
            return .success((resolved, ramps, length))
        } catch {
            return .failure(error)
        }
    }
}

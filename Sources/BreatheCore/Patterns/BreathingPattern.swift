/// An ordered list of phases that repeats once per cycle.
package struct BreathingPattern: Hashable, Sendable {
    /// The built-in or saved name, or nil for timings typed on the command line.
    package var name: String?
    package var phases: [Phase]

    package init(name: String? = nil, phases: [Phase]) {
        self.name = name
        self.phases = phases
    }

    /// Length of one cycle in tenths of a second.
    package var cycleTenths: Int { phases.reduce(0) { $0 + $1.tenths } }

    /// Breaths a minute at this pattern's pace.
    var breathsPerMinute: Double { cycleTenths == 0 ? 0 : 600 / Double(cycleTenths) }

    /// The timings in the `in-hold-out-rest` form, e.g. `4-7-8` or `2-1-6` for the sigh.
    package var timingsText: String {
        phases.map { TenthsFormat.plain($0.tenths) }.joined(separator: "-")
    }

    /// True when the phase follows another phase of the same kind (the sigh's second, short inhale).
    package func isRepeat(at index: Int) -> Bool {
        index > 0 && phases[index - 1].kind == phases[index].kind
    }

    /// The first phase of a kind, if the pattern has one.
    func firstIndex(of kind: PhaseKind) -> Int? {
        phases.firstIndex { $0.kind == kind }
    }

    /// Returns the pattern with one phase set to a new length.
    ///
    /// The first phase of that kind changes. A hold or rest that the pattern lacks is added in its usual place (hold after
    /// the breath in, rest at the end); setting a hold or rest to zero removes it.
    func overriding(_ kind: PhaseKind, tenths: Int) -> BreathingPattern {
        var copy = self
        copy.name = nil
        if let index = copy.firstIndex(of: kind) {
            if tenths == 0 {
                copy.phases.remove(at: index)
            } else {
                copy.phases[index].tenths = tenths
            }
        } else if tenths > 0 {
            switch kind {
            case .hold:
                let lastInhale = copy.phases.lastIndex { $0.kind == .inhale } ?? 0
                copy.phases.insert(Phase(.hold, tenths: tenths), at: lastInhale + 1)
            case .rest, .inhale, .exhale:
                copy.phases.append(Phase(kind, tenths: tenths))
            }
        }
        return copy
    }
}

extension BreathingPattern {
    /// The patterns that ship with the program, in the order `patterns` lists them.
    package static let builtIn: [BreathingPattern] = [
        BreathingPattern(
            name: "4-7-8", phases: [Phase(.inhale, seconds: 4), Phase(.hold, seconds: 7), Phase(.exhale, seconds: 8)]),
        BreathingPattern(
            name: "box",
            phases: [
                Phase(.inhale, seconds: 4), Phase(.hold, seconds: 4), Phase(.exhale, seconds: 4),
                Phase(.rest, seconds: 4),
            ]),
        BreathingPattern(name: "diaphragmatic", phases: [Phase(.inhale, seconds: 4), Phase(.exhale, seconds: 6)]),
        BreathingPattern(name: "resonant", phases: [Phase(.inhale, tenths: 55), Phase(.exhale, tenths: 55)]),
        BreathingPattern(name: "7-11", phases: [Phase(.inhale, seconds: 7), Phase(.exhale, seconds: 11)]),
        BreathingPattern(
            name: "sigh", phases: [Phase(.inhale, seconds: 2), Phase(.inhale, seconds: 1), Phase(.exhale, seconds: 6)]),
    ]

    /// The pattern used when none is asked for.
    static let defaultName = "box"

    /// A built-in pattern by name, ignoring case.
    package static func builtIn(named name: String) -> BreathingPattern? {
        builtIn.first { $0.name == name.lowercased() }
    }
}

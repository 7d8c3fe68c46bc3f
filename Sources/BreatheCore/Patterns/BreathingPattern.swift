/// An ordered list of phases that repeats once per cycle.
package struct BreathingPattern: Hashable, Sendable {
    /// The built-in or saved name, or nil for timings typed on the command line.
    package var name: String?
    package var phases: [Phase]
    /// A built-in's name in the user's words (`pattern.box`: "Box breathing"); nil for a saved pattern, even one whose
    /// name a later built-in took, and for timings.
    package var title: MessageKey?

    package init(name: String? = nil, phases: [Phase], title: MessageKey? = nil) {
        self.name = name
        self.phases = phases
        self.title = title
    }

    /// True for a pattern that ships with the program.
    package var isBuiltIn: Bool { title != nil }

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
        copy.title = nil
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
    /// The patterns that ship with the program, in the order `patterns` lists them. A new one is a line here, its case
    /// in `MessageKey` and its title in every locale file under "pattern.<name>" (the title's key is the name's); a
    /// user's saved pattern of the same name keeps working (`PatternSpec` reads saved names first) and the user is told
    /// once (`ShadowedPatternNotice`).
    package static let builtIn: [BreathingPattern] = [
        shipped("4-7-8", [Phase(.inhale, seconds: 4), Phase(.hold, seconds: 7), Phase(.exhale, seconds: 8)]),
        shipped(
            "box",
            [
                Phase(.inhale, seconds: 4), Phase(.hold, seconds: 4), Phase(.exhale, seconds: 4),
                Phase(.rest, seconds: 4),
            ]
        ),
        shipped("diaphragmatic", [Phase(.inhale, seconds: 4), Phase(.exhale, seconds: 6)]),
        shipped("resonant", [Phase(.inhale, tenths: 55), Phase(.exhale, tenths: 55)]),
        shipped("7-11", [Phase(.inhale, seconds: 7), Phase(.exhale, seconds: 11)]),
        shipped("sigh", [Phase(.inhale, seconds: 2), Phase(.inhale, seconds: 1), Phase(.exhale, seconds: 6)]),
    ]

    /// A built-in pattern, titled by the sentence "pattern.<name>" in the locale files.
    private static func shipped(_ name: String, _ phases: [Phase]) -> BreathingPattern {
        BreathingPattern(name: name, phases: phases, title: MessageKey(localeKey: "pattern." + name))
    }

    /// The pattern used when none is asked for.
    static let defaultName = "box"

    /// Every name a user may give `--pattern`, in the order `patterns` lists them: the built-ins, then the saved ones
    /// (a saved one that shares a built-in's name once).
    package static func allNames(saved: [BreathingPattern]) -> [String] {
        let builtInNames = builtIn.compactMap(\.name)
        return builtInNames + saved.compactMap(\.name).filter { !builtInNames.contains($0) }
    }

    /// A built-in pattern by name, ignoring case.
    package static func builtIn(named name: String) -> BreathingPattern? {
        builtIn.first { $0.name == name.lowercased() }
    }
}

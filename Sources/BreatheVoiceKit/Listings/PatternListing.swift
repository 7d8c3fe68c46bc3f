import BreatheCore
import BreatheSystem

/// The `patterns` listing: one sentence per pattern, every number shown. A row says the pattern as its language does
/// first (a built-in's title, "Respiration carrée", "Respiração 4, 7, 8"; a saved one's "Pattern calm"), then its phases
/// and their seconds, and ends with the name to type (`box`, `4-7-8`), which a voice can only read as it is written: a
/// symbol's name, or an English word in French.
package struct PatternListing {
    let localizer: Localizer

    package init(localizer: Localizer) {
        self.localizer = localizer
    }

    package func text(for patterns: [BreathingPattern], header: MessageKey = .patternsHeader) -> String {
        var lines = [localizer.string(Message(header))]
        for pattern in patterns {
            let phases = pattern.phases.enumerated().map { index, phase in
                localizer.string(.phaseName(phase.kind, isRepeat: pattern.isRepeat(at: index)))
                    + " " + localizer.string(.seconds(tenths: phase.tenths))
            }.joined(separator: ", ")
            let bpm = Self.breathsPerMinute(pattern)
            lines.append(
                localizer.string(
                    Message(
                        .patternsRow,
                        [
                            "name": .decimals(pattern.name ?? pattern.timingsText),
                            "title": .message(.patternName(pattern)),
                            "phases": .text(phases),
                            "bpm": .decimals(bpm),
                        ])))
        }
        return lines.map(PlainText.line).joined()
    }

    /// Breaths a minute to two decimals at most (600 / cycle tenths): "6", "5.5", "3.16".
    static func breathsPerMinute(_ pattern: BreathingPattern) -> String {
        let hundredths = (60_000 + pattern.cycleTenths / 2) / pattern.cycleTenths
        var fraction = hundredths % 100 < 10 ? "0" + String(hundredths % 100) : String(hundredths % 100)
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return String(hundredths / 100) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// `patterns --json`: one document, version 1, built-in patterns then saved ones; every key always present.
    package func json(builtIn: [BreathingPattern], saved: [BreathingPattern]) -> String {
        func entry(_ pattern: BreathingPattern, kind: String) -> JSONNode {
            JSONNode(
                .object([
                    ("name", JSONNode(.string(pattern.name ?? pattern.timingsText))),
                    ("kind", JSONNode(.string(kind))),
                    ("title", JSONNode(.string(localizer.string(.patternName(pattern))))),
                    ("timings", JSONNode(.string(pattern.timingsText))),
                    (
                        "phases",
                        JSONNode(
                            .array(
                                pattern.phases.map {
                                    JSONNode(
                                        .object([
                                            ("phase", JSONNode(.string($0.kind.rawValue))),
                                            ("seconds", JSONNode(JSONWriter.tenths($0.tenths))),
                                        ]))
                                }))
                    ),
                    ("cycleSeconds", JSONNode(JSONWriter.tenths(pattern.cycleTenths))),
                    ("breathsPerMinute", JSONNode(.number(Self.breathsPerMinute(pattern)))),
                ]))
        }
        return JSONWriter.pretty(
            .object([
                ("version", JSONNode(.number("1"))),
                (
                    "patterns",
                    JSONNode(
                        .array(builtIn.map { entry($0, kind: "builtIn") } + saved.map { entry($0, kind: "saved") }))
                ),
            ]))
    }
}

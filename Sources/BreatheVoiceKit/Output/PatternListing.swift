import BreatheCore

/// The `patterns` listing: one sentence per pattern, every number shown.
public struct PatternListing {
    public let localizer: Localizer

    public init(localizer: Localizer) {
        self.localizer = localizer
    }

    public func text(for patterns: [BreathingPattern], header: MessageKey = .patternsHeader) -> String {
        var lines = [localizer.string(Message(header))]
        for pattern in patterns {
            let phases = pattern.phases.enumerated().map { index, phase in
                localizer.string(.phaseName(phase.kind, isRepeat: pattern.isRepeat(at: index)))
                    + " " + localizer.string(.seconds(tenths: phase.tenths))
            }.joined(separator: ", ")
            // Breaths a minute to two decimals at most (600 / cycle tenths): "6", "5.5", "3.16".
            let hundredths = (60_000 + pattern.cycleTenths / 2) / pattern.cycleTenths
            var fraction = hundredths % 100 < 10 ? "0" + String(hundredths % 100) : String(hundredths % 100)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            let bpm = String(hundredths / 100) + (fraction.isEmpty ? "" : "." + fraction)
            lines.append(localizer.string(Message(.patternsRow, [
                "name": .decimals(pattern.name ?? pattern.timingsText),
                "title": .message(.patternName(pattern)),
                "phases": .text(phases),
                "timings": .decimals(pattern.timingsText),
                "bpm": .decimals(bpm),
            ])))
        }
        return lines.map(PlainText.line).joined()
    }
}

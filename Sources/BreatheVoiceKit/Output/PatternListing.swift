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
            // Breaths a minute to two decimals: 600 / cycle tenths.
            let hundredths = (60_000 + pattern.cycleTenths / 2) / pattern.cycleTenths
            let bpm = String(hundredths / 100) + localizer.catalog.decimalSeparator
                + (hundredths % 100 < 10 ? "0" : "") + String(hundredths % 100)
            lines.append(localizer.string(Message(.patternsRow, [
                "name": .text(pattern.name ?? pattern.timingsText),
                "title": .message(.patternName(pattern)),
                "phases": .text(phases),
                "timings": .text(pattern.timingsText),
                "bpm": .text(bpm),
            ])))
        }
        return lines.map(PlainText.line).joined()
    }
}

/// What a braille display shows of a session, as text for the user's own braille table: words (the phase and the
/// seconds left), then a progress a finger can follow, fitted exactly to the display's width.
///
/// The progress is a row of cells from the left end of what is left after the words: a cell with all eight dots (⣿)
/// for each part of the phase gone by, a cell with only dots 7 and 8 (⣀, the bottom line, a track to follow) for
/// each part still ahead. It changes second by second: `done` and `total` are whole seconds.
package enum BrailleLine {
    /// All eight dots: a part of the phase gone by.
    static let filledCell: Character = "\u{28FF}"
    /// Dots 7 and 8: a part of the phase still ahead.
    static let trackCell: Character = "\u{28C0}"
    /// The progress never takes more than this many cells, so a finger finds its end quickly on a wide display.
    static let maximumProgressCells = 20
    /// Fewer cells than this make no progress worth feeling: the words get the whole display instead.
    static let minimumProgressCells = 3

    /// How far through its phase a session is, in whole seconds.
    package struct Progress: Hashable, Sendable {
        var done: Int
        var total: Int

        package init(done: Int, total: Int) {
            self.done = done
            self.total = total
        }
    }

    /// The line for a display `width` cells wide: the first of `words` (longest first) that leaves room for the
    /// progress, else the last one, cut; then the progress, if any; then spaces to the width. Every character is one
    /// cell.
    package static func layout(words: [String], progress: Progress?, width: Int) -> String {
        guard width > 0 else { return "" }
        let candidates = words.isEmpty ? [""] : words
        guard let progress, progress.total > 0 else { return fitted(candidates, width: width) }
        let chosen =
            candidates.first { width - $0.count - 1 >= minimumProgressCells } ?? candidates[candidates.count - 1]
        let cells = min(maximumProgressCells, width - chosen.count - 1)
        guard cells >= minimumProgressCells else { return fitted(candidates, width: width) }
        let done = min(progress.total, max(0, progress.done))
        let filled = cells * done / progress.total
        let line =
            chosen + " " + String(repeating: filledCell, count: filled)
            + String(repeating: trackCell, count: cells - filled)
        return padded(line, width: width)
    }

    /// The first of `words` that fits whole, else the last one cut to the width; padded with spaces.
    private static func fitted(_ words: [String], width: Int) -> String {
        let chosen = words.first { $0.count <= width } ?? String(words[words.count - 1].prefix(width))
        return padded(chosen, width: width)
    }

    private static func padded(_ text: String, width: Int) -> String {
        text.count >= width ? String(text.prefix(width)) : text + String(repeating: " ", count: width - text.count)
    }
}

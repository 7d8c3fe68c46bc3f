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
    /// progress, else the first that fits whole; only when none fits, the first of `fallback` (the narrowest forms)
    /// that leaves room for the progress or fits, else the last form cut after a whole word. Then the progress, if
    /// any, and spaces to the width. Every character is one cell.
    package static func layout(words: [String], fallback: [String] = [], progress: Progress?, width: Int) -> String {
        guard width > 0 else { return "" }
        let candidates = words.isEmpty ? [""] : words
        if let line = withProgress(candidates, progress, width: width) { return line }
        if let whole = candidates.first(where: { $0.count <= width }) { return padded(whole, width: width) }
        if let line = withProgress(fallback, progress, width: width) { return line }
        return fitted(candidates + fallback, width: width)
    }

    /// The first of `words` that leaves room for the progress, then the progress; nil when none does (or no progress).
    private static func withProgress(_ words: [String], _ progress: Progress?, width: Int) -> String? {
        guard let progress, progress.total > 0,
            let chosen = words.first(where: { width - $0.count - 1 >= minimumProgressCells })
        else { return nil }
        let cells = min(maximumProgressCells, width - chosen.count - 1)
        let done = min(progress.total, max(0, progress.done))
        let filled = cells * done / progress.total
        let line =
            chosen + " " + String(repeating: filledCell, count: filled)
            + String(repeating: trackCell, count: cells - filled)
        return padded(line, width: width)
    }

    /// The first of `words` that fits whole, else the last one cut after a whole word; padded with spaces.
    private static func fitted(_ words: [String], width: Int) -> String {
        let chosen = words.first { $0.count <= width } ?? cut(words[words.count - 1], width: width)
        return padded(chosen, width: width)
    }

    /// `text` in at most `width` cells, never ending inside a word: cut before the last space that leaves it short
    /// enough; a first word longer than the whole display is the only thing ever cut inside.
    package static func cut(_ text: String, width: Int) -> String {
        guard text.count > width else { return text }
        let characters = Array(text)
        guard let space = characters[0...width].lastIndex(of: " ") else { return String(characters[0..<width]) }
        var end = space
        while end > 0, characters[end - 1] == " " { end -= 1 }
        return end > 0 ? String(characters[0..<end]) : String(characters[0..<width])
    }

    private static func padded(_ text: String, width: Int) -> String {
        text.count >= width ? String(text.prefix(width)) : text + String(repeating: " ", count: width - text.count)
    }
}

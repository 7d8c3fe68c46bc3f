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
    /// any, and spaces to the width. `cells` says how many cells a text takes on the display: one a character in
    /// computer braille, fewer (or more) once contracted; a progress cell and a space are one cell either way.
    package static func layout(
        words: [String], fallback: [String] = [], progress: Progress?, width: Int,
        cells: (String) -> Int = { $0.count }
    ) -> String {
        guard width > 0 else { return "" }
        let candidates = words.isEmpty ? [""] : words
        if let line = withProgress(candidates, progress, width: width, cells: cells) { return line }
        if let whole = candidates.first(where: { cells($0) <= width }) { return padded(whole, width: width, cells) }
        if let line = withProgress(fallback, progress, width: width, cells: cells) { return line }
        let all = candidates + fallback
        let chosen = all.first { cells($0) <= width } ?? cut(all[all.count - 1], width: width, cells: cells)
        return padded(chosen, width: width, cells)
    }

    /// The first of `words` that leaves room for the progress, then the progress; nil when none does (or no progress).
    private static func withProgress(
        _ words: [String], _ progress: Progress?, width: Int, cells: (String) -> Int
    ) -> String? {
        guard let progress, progress.total > 0,
            let chosen = words.first(where: { width - cells($0) - 1 >= minimumProgressCells })
        else { return nil }
        let count = min(maximumProgressCells, width - cells(chosen) - 1)
        let done = min(progress.total, max(0, progress.done))
        let filled = count * done / progress.total
        let line =
            chosen + " " + String(repeating: filledCell, count: filled)
            + String(repeating: trackCell, count: count - filled)
        return padded(line, width: width, cells)
    }

    /// `text` in at most `width` cells, never ending inside a word: cut before the last space that leaves it short
    /// enough; a first word longer than the whole display is the only thing ever cut inside (by the display).
    package static func cut(_ text: String, width: Int, cells: (String) -> Int = { $0.count }) -> String {
        guard cells(text) > width else { return text }
        let characters = Array(text)
        var end = characters.count
        while let space = characters[0..<end].lastIndex(of: " ") {
            var trimmed = space
            while trimmed > 0, characters[trimmed - 1] == " " { trimmed -= 1 }
            guard trimmed > 0 else { break }
            let head = String(characters[0..<trimmed])
            if cells(head) <= width { return head }
            end = trimmed
        }
        return String(characters[0..<min(width, characters.count)])
    }

    /// `text` and spaces after it to the width; a text longer than the display is left for the display to cut.
    private static func padded(_ text: String, width: Int, _ cells: (String) -> Int) -> String {
        text + String(repeating: " ", count: max(0, width - cells(text)))
    }
}

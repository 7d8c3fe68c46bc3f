import Testing

@testable import BreatheCore

@Suite struct BrailleLineTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var words: [String]
        var progress: BrailleLine.Progress?
        var width: Int
        var expected: String
        var testDescription: String { "\(words.first ?? "") at \(width)" }
    }

    static let rows: [Row] = [
        // 40 cells: the long words, then 20 cells of progress, 1 of 3 seconds gone.
        Row(
            words: ["Breathe in 2", "In 2"], progress: .init(done: 1, total: 3), width: 40,
            expected: "Breathe in 2 " + String(repeating: "⣿", count: 6) + String(repeating: "⣀", count: 14)
                + String(repeating: " ", count: 7)),
        // 14 cells: the long words would leave 1 cell, so the short ones, and 9 cells of progress.
        Row(
            words: ["Breathe in 3", "In 3"], progress: .init(done: 0, total: 3), width: 14,
            expected: "In 3 " + String(repeating: "⣀", count: 9)),
        Row(
            words: ["Breathe out 1", "Out 1"], progress: .init(done: 2, total: 3), width: 14,
            expected: "Out 1 " + String(repeating: "⣿", count: 5) + String(repeating: "⣀", count: 3)),
        // No room for 3 cells of progress: the words alone.
        Row(words: ["Paused: Hold 4"], progress: .init(done: 1, total: 4), width: 14, expected: "Paused: Hold 4"),
        // Words alone, cut after a whole word, padded; never inside one (issue 51).
        Row(words: ["Session complete: 2 cycles"], progress: nil, width: 14, expected: "Session       "),
        Row(words: ["Done: 1 cycle"], progress: nil, width: 12, expected: "Done: 1     "),
        // A first word longer than the display is all that is ever cut inside.
        Row(words: ["Antidisestablishment"], progress: nil, width: 12, expected: "Antidisestab"),
        Row(words: ["Done: 2 cycles"], progress: nil, width: 20, expected: "Done: 2 cycles      "),
        Row(words: [], progress: nil, width: 3, expected: "   "),
    ]

    @Test(arguments: rows)
    func layout(_ row: Row) {
        let line = BrailleLine.layout(words: row.words, progress: row.progress, width: row.width)
        #expect(line == row.expected)
        #expect(line.count == row.width)
    }

    /// Contracted, words take fewer cells than characters: the line is laid out by the cells they take, so the long
    /// words and the progress fit where their characters would not, and the padding makes up the display's cells.
    @Test func laysOutByTheCellsWordsTake() {
        // Each word's letters take half the cells (as a contraction might); a space or a progress cell takes one:
        // "Breathe in 3" takes 4 + 1 + 1 and 2 spaces, 8 cells.
        let cells: (String) -> Int = { text in
            text.split(separator: " ", omittingEmptySubsequences: false).map { word in
                word.filter { $0 == "⣀" || $0 == "⣿" }.count + (word.filter { $0 != "⣀" && $0 != "⣿" }.count + 1) / 2
            }.reduce(0, +) + text.filter { $0 == " " }.count
        }
        let line = BrailleLine.layout(
            words: ["Breathe in 3", "In 3"], progress: .init(done: 0, total: 3), width: 14, cells: cells)
        #expect(line == "Breathe in 3 " + String(repeating: "⣀", count: 5))
        #expect(cells(line) == 14)
        #expect(cells(BrailleLine.layout(words: ["Done: 2 cycles"], progress: nil, width: 14, cells: cells)) == 14)
        #expect(BrailleLine.cut("Stopped: 1 of 2 cycles", width: 5, cells: cells) == "Stopped:")
    }

    /// Second by second, one more share of the cells fills, never more than there are.
    @Test func progressFillsSecondBySecond() {
        let filled = (0...5).map { done in
            BrailleLine.layout(words: ["In"], progress: .init(done: done, total: 5), width: 40)
                .filter { $0 == BrailleLine.filledCell }.count
        }
        #expect(filled == [0, 4, 8, 12, 16, 20])
    }
}

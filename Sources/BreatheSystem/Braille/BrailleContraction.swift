import BreatheCore
import CLouis

/// Contracted (literary) braille with a liblouis table: what a line of text becomes, cell by cell, as dots.
///
/// Only the words are contracted. A cell written as a Unicode braille pattern (the progress: ⣿, ⣀) is those dots
/// already, and a space is a blank cell, so the progress keeps its cells and a line keeps its width: the words of
/// "In 3 ⣿⣀⣀   " are translated as "In 3", the rest is copied cell for cell. Each run of words is translated whole, so
/// a word's contraction sees its neighbours as the table expects ("in" alone is one cell in English grade 2).
struct BrailleContraction {
    /// The liblouis table, as liblouis names it ("en-us-g2.ctb").
    let table: String
    /// BRLTTY's name for it ("en-us-g2", "louis:en-us-g2.ctb").
    let brlttyTable: String
    private let library: LiveLouisLibrary

    /// The contraction with BRLTTY's literary braille table `brlttyTable`, when liblouis can be opened and has it;
    /// nil otherwise (the display then shows computer braille, as before).
    package init?(brlttyTable: String) {
        guard case .success(let library) = LiveLouisLibrary.shared else { return nil }
        guard
            let table = BrailleContractionTable.louisTables(brlttyTable: brlttyTable).first(where: {
                library.getTable($0) != nil
            })
        else { return nil }
        self.table = table
        self.brlttyTable = brlttyTable
        self.library = library
    }

    /// The dots of each cell of `text` (bit 0 is dot 1), in order: its words contracted, its braille patterns and
    /// spaces as they are; nil if liblouis refuses the words (the display then shows the text itself).
    package func cells(_ text: String) -> [UInt8]? {
        var cells: [UInt8] = []
        var refused = false
        var words: [Unicode.Scalar] = []
        func flush() {
            var lead = 0
            while lead < words.count, words[lead] == " " { lead += 1 }
            var trail = words.count
            while trail > lead, words[trail - 1] == " " { trail -= 1 }
            cells += [UInt8](repeating: 0, count: lead)
            if trail > lead {
                if let translated = translate(Array(words[lead..<trail])) {
                    cells += translated
                } else {
                    refused = true
                }
            }
            cells += [UInt8](repeating: 0, count: words.count - trail)
            words = []
        }
        for scalar in text.unicodeScalars {
            if (0x2800...0x28FF).contains(scalar.value) {
                flush()
                cells.append(UInt8(scalar.value & 0xFF))
            } else {
                words.append(scalar)
            }
        }
        flush()
        return refused ? nil : cells
    }

    /// liblouis's translation of `scalars` as dots (`dotsIO | ucBrl`: each cell a Unicode braille pattern); nil if
    /// liblouis refuses it.
    private func translate(_ scalars: [Unicode.Scalar]) -> [UInt8]? {
        let input = scalars.map { widechar($0.value) }
        var inputLength = Int32(input.count)
        var output = [widechar](repeating: 0, count: input.count * 4 + 16)
        var outputLength = Int32(output.count)
        let mode = Int32(dotsIO.rawValue | ucBrl.rawValue)
        let done = table.withCString { table in
            library.translate(table, input, &inputLength, &output, &outputLength, nil, nil, nil, nil, nil, mode)
        }
        guard done == 1, inputLength == Int32(input.count) else { return nil }
        return output[0..<Int(outputLength)].map { UInt8($0 & 0xFF) }
    }
}

/// A set of day numbers, one bit a day from the first day held to the last: the practice days of a lifetime in a few
/// kilobytes, whatever the number of sessions (four-digit years span at most 3.7 million days: 457 KiB).
struct DaySet: Hashable, Sendable {
    /// The day of the lowest bit of `words[0]` (a multiple of 64).
    private var first = 0
    private var words: [UInt64] = []
    /// How many days are held.
    private(set) var count = 0

    init() {}

    func contains(_ day: Int) -> Bool {
        let offset = day - first
        guard offset >= 0, offset < words.count * 64 else { return false }
        return words[offset >> 6] & (1 << UInt64(offset & 63)) != 0
    }

    mutating func insert(_ day: Int) {
        // Floor division: day -1 is in the word of days -64 ..< 0.
        let word = day >= 0 ? day / 64 : (day - 63) / 64
        if words.isEmpty {
            first = word * 64
            words = [0]
        } else if day < first {
            let more = first / 64 - word
            words.insert(contentsOf: repeatElement(0, count: more), at: 0)
            first = word * 64
        } else if day - first >= words.count * 64 {
            words.append(contentsOf: repeatElement(0, count: word - first / 64 - words.count + 1))
        }
        let offset = day - first
        let bit: UInt64 = 1 << UInt64(offset & 63)
        guard words[offset >> 6] & bit == 0 else { return }
        words[offset >> 6] |= bit
        count += 1
    }

    /// Hands `body` every day held, in increasing order.
    func forEach(_ body: (Int) -> Void) {
        for (index, word) in words.enumerated() {
            var rest = word
            while rest != 0 {
                body(first + index * 64 + rest.trailingZeroBitCount)
                rest &= rest - 1
            }
        }
    }
}

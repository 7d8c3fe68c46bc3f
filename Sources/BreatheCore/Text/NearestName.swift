/// The name a user probably meant, as git's "Did you mean …?": the known name closest to what was typed, by
/// Damerau-Levenshtein distance (an insertion, a deletion, a substitution or two neighbours swapped each cost one),
/// ignoring case; nil when nothing is close enough to be a typo rather than another word.
package enum NearestName {
    /// The known name closest to `typed`, the earliest of `names` on a tie; nil when the closest is farther than
    /// `allowedDistance(typed)` or is `typed` itself.
    package static func suggestion(for typed: String, among names: some Sequence<String>) -> String? {
        let limit = allowedDistance(typed)
        guard limit > 0 else { return nil }
        let target = Array(typed.lowercased())
        var best: (name: String, distance: Int)?
        for name in names {
            let distance = self.distance(target, Array(name.lowercased()))
            guard distance > 0, distance <= limit, distance < best?.distance ?? Int.max else { continue }
            best = (name, distance)
        }
        return best?.name
    }

    /// How many edits still count as a typo of a word this long: one for up to four letters, two for longer words
    /// (`lst` → `list`, `histroy` → `history`, `--pattren` → `--pattern`), never a word swapped for another of its
    /// length (`box` is not `sigh`).
    static func allowedDistance(_ typed: String) -> Int {
        let letters = typed.drop { $0 == "-" }.count
        if letters == 0 { return 0 }
        return letters <= 4 ? 1 : 2
    }

    /// The optimal-string-alignment Damerau-Levenshtein distance between two words.
    static func distance(_ first: String, _ second: String) -> Int {
        distance(Array(first), Array(second))
    }

    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rows of the table: the one before the previous (for a swap), the previous and the current.
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, twoBack[j - 2] + 1)
                }
                current[j] = value
            }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[b.count]
    }
}

/// Substring search and replacement on the standard library alone.
///
/// The standard library's own `contains(_:)`, `firstRange(of:)`, `ranges(of:)` and `replacing(_:with:)` for strings
/// live in `_StringProcessing`, whose code (and the regex parser's beside it) every run would then map and fault in
/// at start: `StaleTemporaries` looks for `.tmp-` in every start's file names. These compare UTF-8 bytes, which for the
/// needles the program uses (ASCII markers, option names, a voice name typed by the user) finds what a search by
/// characters finds.
extension StringProtocol {
    /// The first occurrence of `needle`, or nil; an empty needle is found at the start.
    package func range(ofText needle: some StringProtocol) -> Range<Index>? {
        ranges(ofText: needle, first: true).first
    }

    /// Every occurrence of `needle`, in order, none overlapping; none for an empty needle.
    package func ranges(ofText needle: some StringProtocol) -> [Range<Index>] {
        needle.isEmpty ? [] : ranges(ofText: needle, first: false)
    }

    /// True when `needle` occurs in the text.
    package func containsText(_ needle: some StringProtocol) -> Bool {
        range(ofText: needle) != nil
    }

    /// The text with every occurrence of `needle` replaced by `replacement`, left to right.
    package func replacingText(_ needle: some StringProtocol, with replacement: some StringProtocol) -> String {
        var result = ""
        var copied = startIndex
        for range in ranges(ofText: needle) {
            result += self[copied..<range.lowerBound]
            result += replacement
            copied = range.upperBound
        }
        result += self[copied...]
        return result
    }

    private func ranges(ofText needle: some StringProtocol, first: Bool) -> [Range<Index>] {
        let haystack = utf8
        let pattern = Array(needle.utf8)
        guard let lead = pattern.first else { return [startIndex..<startIndex] }
        var found: [Range<Index>] = []
        var cursor = haystack.startIndex
        while let start = haystack[cursor...].firstIndex(of: lead) {
            var end = start
            var matched = 0
            while matched < pattern.count, end != haystack.endIndex, haystack[end] == pattern[matched] {
                matched += 1
                end = haystack.index(after: end)
            }
            if matched == pattern.count {
                found.append(start..<end)
                if first { break }
                cursor = end
            } else {
                cursor = haystack.index(after: start)
            }
        }
        return found
    }
}

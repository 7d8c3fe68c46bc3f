import Testing

@testable import BreatheCore

struct TextSearchTests {
    @Test func findsTheFirstOccurrenceAndItsRange() {
        let text = "a.tmp-b.tmp-c"
        let range = text.range(ofText: ".tmp-")
        #expect(range.map { text[$0] } == ".tmp-")
        #expect(range.map { text[..<$0.lowerBound] } == "a")
        #expect(text.containsText("tmp-c"))
        #expect(!text.containsText("tmp-d"))
        #expect(!"ab".containsText("abc"), "a needle longer than the text")
        #expect("".containsText(""))
        #expect("x".range(ofText: "").map { "x"[$0] } == "")
    }

    @Test func aPartialMatchDoesNotHideALaterOne() {
        #expect("aab".containsText("ab"))
        #expect(
            "The option '--x' does not take any value, but 'y' was specified.".range(ofText: "' does not take")
                != nil)
        #expect("ñandú é".containsText("dú é"), "non-ASCII text is compared byte for byte")
    }

    @Test func rangesDoNotOverlapAndEmptyNeedlesFindNothing() {
        let text = "aaaa"
        #expect(text.ranges(ofText: "aa").map { text.distance(from: text.startIndex, to: $0.lowerBound) } == [0, 2])
        #expect(text.ranges(ofText: "").isEmpty)
        let substring = "x' is invalid for 'y' is invalid for 'z"[...]
        #expect(substring.ranges(ofText: "' is invalid for '").count == 2)
    }

    @Test func replacesEveryOccurrenceLeftToRight() {
        #expect("50%".replacingText("%", with: "%%") == "50%%")
        #expect("it's".replacingText("'", with: "'\\''") == "it'\\''s")
        #expect("%%%".replacingText("%%", with: "%") == "%%", "left to right, no overlap")
        #expect("a_b_c".replacingText("_", with: " ") == "a b c")
        #expect("{n} of {n}".replacingText("{n}", with: "3") == "3 of 3")
        #expect("none".replacingText("x", with: "y") == "none")
        #expect("".replacingText("x", with: "y") == "")
    }
}

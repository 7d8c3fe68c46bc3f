import Testing

@testable import BreatheCore

struct NearestNameTests {
    static let distances: [(String, String, Int)] = [
        ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("history", "history", 0),
        ("histroy", "history", 1), // two neighbours swapped
        ("raet", "rate", 1), ("lst", "list", 1), ("ad", "add", 1), ("--pattren", "--pattern", 1),
        ("kitten", "sitting", 3), ("ca", "abc", 3), // optimal string alignment: no edit of a swapped pair
        ("box", "sigh", 4),
    ]

    @Test(arguments: distances)
    func distance(first: String, second: String, expected: Int) {
        #expect(NearestName.distance(first, second) == expected)
        #expect(NearestName.distance(second, first) == expected, "the distance is symmetric")
    }

    @Test func suggestsTheClosestNameOfTheKnownOnes() {
        let commands = ["start", "demo", "patterns", "voices", "prefs", "history", "stats", "remind", "schedule"]
        #expect(NearestName.suggestion(for: "histroy", among: commands) == "history")
        #expect(NearestName.suggestion(for: "HISTROY", among: commands) == "history", "case is ignored")
        #expect(NearestName.suggestion(for: "sttas", among: commands) == "stats")
        #expect(NearestName.suggestion(for: "patterns", among: commands) == nil, "a known name is no typo")
        #expect(NearestName.suggestion(for: "lst", among: ["list", "add", "remove"]) == "list")
        #expect(NearestName.suggestion(for: "raet", among: ["language", "voice", "rate", "pitch"]) == "rate")
        #expect(NearestName.suggestion(for: "--pattren", among: ["--pattern", "--plain", "--pitch"]) == "--pattern")
    }

    @Test func offersNothingWhenNothingIsClose() {
        let commands = ["start", "demo", "patterns", "voices", "prefs", "history", "stats"]
        #expect(NearestName.suggestion(for: "breathe", among: commands) == nil)
        #expect(NearestName.suggestion(for: "xyz", among: commands) == nil)
        #expect(NearestName.suggestion(for: "", among: commands) == nil)
        #expect(NearestName.suggestion(for: "--", among: ["--x"]) == nil)
        #expect(NearestName.suggestion(for: "a", among: [String]()) == nil)
    }

    @Test func aTieGoesToTheEarlierName() {
        #expect(NearestName.suggestion(for: "pach", among: ["pitch", "patch", "each"]) == "patch")
        #expect(NearestName.suggestion(for: "cat", among: ["bat", "hat"]) == "bat")
    }

    @Test func longerWordsAllowTwoEdits() {
        #expect(NearestName.allowedDistance("lst") == 1)
        #expect(NearestName.allowedDistance("--rate") == 1, "the dashes do not count")
        #expect(NearestName.allowedDistance("histroy") == 2)
        #expect(NearestName.suggestion(for: "scedul", among: ["schedule"]) == "schedule")
        #expect(NearestName.suggestion(for: "skedjul", among: ["schedule"]) == nil, "more than two edits")
    }
}

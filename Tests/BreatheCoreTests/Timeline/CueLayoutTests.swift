import Testing

@testable import BreatheCore

@Suite struct CueLayoutTests {
    static let rate = 22_050
    static let gap = CueLayout.gapSamples(sampleRate: rate)

    @Test func theGapIsSixtyMilliseconds() {
        #expect(Self.gap == 1323)
        #expect(CueLayout.gapSamples(sampleRate: 48_000) == 2880)
    }

    @Test(arguments: PhaseKind.allCases)
    func theToneStartsOnTheBoundaryAndTheWordAfterItEnds(kind: PhaseKind) {
        let tone = Int64(CueTone.cue(for: kind).samples(sampleRate: Self.rate, volume: 70).count)
        for boundary: Int64 in [0, 1, 66_150, 1_905_120_000] {
            let placement = CueLayout.place(
                boundary: boundary, phaseEnd: boundary + 88_200, toneSamples: tone, wordSamples: 11_000,
                speechBusyUntil: boundary - 5, sampleRate: Self.rate
            )
            #expect(placement.tone == boundary)
            #expect(placement.speech == boundary + tone + Self.gap)
            // The tone's last sample is before the word's first: they never overlap.
            #expect(boundary + tone <= (placement.speech ?? 0) - Self.gap)
        }
    }

    @Test func withTonesOffTheWordStartsOnTheBoundary() {
        for tone: Int64? in [nil, 0] {
            let placement = CueLayout.place(
                boundary: 44_100, phaseEnd: 66_150, toneSamples: tone, wordSamples: 11_000, speechBusyUntil: 0,
                sampleRate: Self.rate
            )
            #expect(placement == CueLayout.Placement(tone: nil, speech: 44_100))
        }
    }

    @Test func aWordEndingExactlyOnTheBoundaryLeavesTheToneAlone() {
        let placement = CueLayout.place(
            boundary: 10_000, phaseEnd: 40_000, toneSamples: 8_379, wordSamples: 11_000, speechBusyUntil: 10_000,
            sampleRate: Self.rate
        )
        #expect(placement == CueLayout.Placement(tone: 10_000, speech: 10_000 + 8_379 + Self.gap))
    }

    @Test(arguments: [nil, 8_379] as [Int64?])
    func aWordStillSoundingAtTheBoundaryDropsTheToneAndDelaysTheNextWord(tone: Int64?) {
        let placement = CueLayout.place(
            boundary: 10_000, phaseEnd: 40_000, toneSamples: tone, wordSamples: 11_000, speechBusyUntil: 10_001,
            sampleRate: Self.rate
        )
        #expect(placement.tone == nil)
        #expect(placement.speech == 10_001 + Self.gap)
    }

    /// A word that the one still being said would push past its own phase is left out, not carried into the next.
    @Test(arguments: [(29_000 - 1_323, true), (29_001 - 1_323, false)] as [(Int64, Bool)])
    func aWordPushedPastItsPhaseIsLeftOut(busyUntil: Int64, fits: Bool) {
        let placement = CueLayout.place(
            boundary: 10_000, phaseEnd: 40_000, toneSamples: 8_379, wordSamples: 11_000, speechBusyUntil: busyUntil,
            sampleRate: Self.rate
        )
        #expect(placement.tone == nil)
        #expect(placement.speech == (fits ? busyUntil + Self.gap : nil))
        // Without a known length (speech-dispatcher), only a start past the phase's end leaves the word out.
        let unknown = CueLayout.place(
            boundary: 10_000, phaseEnd: 40_000, toneSamples: 8_379, wordSamples: nil, speechBusyUntil: 40_000,
            sampleRate: Self.rate
        )
        #expect(unknown.speech == nil)
    }

    @Test func withSpeechOffTheToneAlwaysPlays() {
        let placement = CueLayout.place(
            boundary: 22_050, phaseEnd: 22_060, toneSamples: 8_379, wordSamples: nil, speechBusyUntil: 0,
            sampleRate: Self.rate
        )
        #expect(placement.tone == 22_050)
    }

    /// A 1-second hold (22 050 samples) with a 300 ms tone: a word of up to 22 050 − 6 615 − 1 323 samples fits after
    /// it; a longer one is said alone, on the boundary, so the next tone keeps its sample.
    @Test(arguments: [(14_112, true), (14_113, false), (22_050, false)])
    func aWordThatWouldRunIntoTheNextBoundaryIsSaidAloneOnTheBoundary(word: Int64, fitsAfterTheTone: Bool) {
        let placement = CueLayout.place(
            boundary: 100_000, phaseEnd: 122_050, toneSamples: 6_615, wordSamples: word, speechBusyUntil: 0,
            sampleRate: Self.rate
        )
        if fitsAfterTheTone {
            #expect(placement == CueLayout.Placement(tone: 100_000, speech: 100_000 + 6_615 + Self.gap))
            #expect(placement.speech.map { $0 + word } == 122_050)
        } else {
            #expect(placement == CueLayout.Placement(tone: nil, speech: 100_000))
        }
    }
}

import Testing

@testable import BreatheCore

@Suite struct ToneClipsTests {
    @Test(arguments: PhaseKind.allCases)
    func eachPhaseGetsItsOwnToneAtTheLevel(kind: PhaseKind) {
        var tones = ToneClips(sampleRate: 22_050, volume: 40)
        let expected = CueTone.cue(for: kind).samples(sampleRate: 22_050, volume: 40)
        #expect(tones.clip(for: kind)?.samples == expected)
        // Asked again (now made), the same tone.
        #expect(tones.clip(for: kind)?.samples == expected)
        for other in PhaseKind.allCases where CueTone.cue(for: other) != CueTone.cue(for: kind) {
            #expect(tones.clip(for: other)?.samples != expected)
        }
    }

    @Test func tonesOffHaveNoneAndKeepNoneAtAnyLevel() {
        var tones = ToneClips(sampleRate: 22_050, volume: nil)
        #expect(tones.isEmpty)
        #expect(tones.volume == nil)
        for kind in PhaseKind.allCases { #expect(tones.clip(for: kind) == nil) }
        var louder = tones.at(volume: 80)
        #expect(louder.isEmpty)
        #expect(louder.clip(for: .inhale) == nil)
    }

    @Test func anotherLevelRemakesTheTones() {
        var soft = ToneClips(sampleRate: 22_050, volume: 30)
        let before = soft.clip(for: .inhale)
        var loud = soft.at(volume: 90)
        #expect(loud.volume == 90)
        #expect(!loud.isEmpty)
        #expect(loud.clip(for: .inhale)?.samples == CueTone.cue(for: .inhale).samples(sampleRate: 22_050, volume: 90))
        #expect(loud.clip(for: .inhale) != before)
        // The original keeps its level.
        #expect(soft.clip(for: .inhale) == before)
    }
}

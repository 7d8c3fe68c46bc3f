import Testing

@testable import BreatheCore

@Suite struct TimelineMixerTests {
    static func render(_ mixer: TimelineMixer, total: Int, block: Int) -> [Int16] {
        var mixer = mixer
        var result: [Int16] = []
        var position: Int64 = 0
        while result.count < total {
            let count = min(block, total - result.count)
            result += mixer.render(from: position, count: count)
            position += Int64(count)
        }
        return result
    }

    @Test(arguments: [1, 7, 110, 1000])
    func clipsStartOnTheirSampleWhateverTheBlockSize(block: Int) {
        var mixer = TimelineMixer()
        mixer.schedule(AudioClip([5, 6, 7]), at: 13)
        mixer.schedule(AudioClip([100]), at: 0)
        let out = Self.render(mixer, total: 20, block: block)
        #expect(out[0] == 100)
        #expect(Array(out[12...16]) == [0, 5, 6, 7, 0])
        #expect(out.count == 20)
    }

    @Test func clipsThatStartTogetherAreMixedNotQueued() {
        var mixer = TimelineMixer()
        mixer.schedule(AudioClip([10_000, 10_000]), at: 4)
        mixer.schedule(AudioClip([10, 20, 30]), at: 4)
        mixer.schedule(AudioClip([30_000]), at: 5)
        let out = mixer.render(from: 0, count: 8)
        #expect(out == [0, 0, 0, 0, 10_010, Int16.max, 30, 0])
    }

    @Test func seekDropsClipsNotStartedAndKeepsOnesUnderWay() {
        var mixer = TimelineMixer()
        mixer.schedule(AudioClip([1, 2, 3, 4]), at: 0)
        mixer.schedule(AudioClip([9]), at: 3)
        _ = mixer.render(from: 0, count: 2)
        mixer.seek(from: 2, to: 100)
        #expect(mixer.render(from: 100, count: 4) == [3, 4, 0, 0])
        mixer.forget(endingBefore: 104)
        #expect(mixer.pendingCount == 0)
    }

    @Test func finishedClipsAreForgotten() {
        var mixer = TimelineMixer()
        mixer.schedule(AudioClip([1, 1]), at: 0)
        mixer.schedule(AudioClip([]), at: 0)
        _ = mixer.render(from: 0, count: 2)
        mixer.forget(endingBefore: 2)
        #expect(mixer.pendingCount == 0)
    }

    /// A live runner renders ahead, then again from the heard position after a flush: the same samples both times,
    /// until the clips are forgotten.
    @Test func renderingAgainGivesTheSameSamplesUntilForgotten() {
        var mixer = TimelineMixer()
        mixer.schedule(AudioClip([1, 2, 3, 4]), at: 1)
        mixer.schedule(AudioClip([5]), at: 3)
        let first = mixer.render(from: 0, count: 6)
        #expect(mixer.render(from: 2, count: 4) == Array(first[2...]))
        mixer.forget(endingBefore: 4)
        #expect(mixer.pendingCount == 1)
        #expect(mixer.lastEnd == 5)
    }
}

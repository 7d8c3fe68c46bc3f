import Testing

@testable import BreatheCore

struct SilenceTrimmerTests {
    /// The reference: the whole of `samples` trimmed at once, from the first loud sample to the last.
    static func trimmed(_ samples: [Int16]) -> [Int16] {
        guard let first = samples.firstIndex(where: SilenceTrimmer.isLoud),
            let last = samples.lastIndex(where: SilenceTrimmer.isLoud)
        else { return [] }
        return Array(samples[first...last])
    }

    /// Feeds `samples` in chunks of `size` and collects what comes out.
    static func streamed(_ samples: [Int16], chunk size: Int) -> [Int16] {
        var trimmer = SilenceTrimmer()
        var out: [Int16] = []
        var index = 0
        while index < samples.count {
            let end = min(samples.count, index + size)
            samples[index..<end].withUnsafeBufferPointer { trimmer.feed($0) { out.append(contentsOf: $0) } }
            index = end
        }
        return out
    }

    static let phrase: [Int16] = [0, 3, -40, 48, 200, 0, 0, -49, 5, 0, 1000, 12, -3, 0, 47, -48]

    @Test(arguments: [1, 2, 3, 5, 7, 16, 100])
    func streamingCutsExactlyWhatTrimmingTheWholeCuts(chunk: Int) {
        let whole = Self.trimmed(Self.phrase)
        #expect(whole == [200, 0, 0, -49, 5, 0, 1000])
        #expect(Self.streamed(Self.phrase, chunk: chunk) == whole)
    }

    @Test func silenceGivesNothingAndLoudnessIsKeptWhole() {
        #expect(Self.streamed([0, 1, -48, 48, 0], chunk: 2).isEmpty)
        #expect(Self.trimmed([0, 1, -48, 48, 0]).isEmpty)
        let loud: [Int16] = [100, -100, 0, 0, 0, 0, 300]
        #expect(Self.streamed(loud, chunk: 3) == loud)
    }

    @Test func aLongPauseInsideThePhraseIsKept() {
        var samples: [Int16] = [0, 0, 500]
        samples += [Int16](repeating: 1, count: 10_000)
        samples += [-500, 0, 0]
        let out = Self.streamed(samples, chunk: 1323)
        #expect(out.count == 10_002 && out.first == 500 && out.last == -500)
    }
}

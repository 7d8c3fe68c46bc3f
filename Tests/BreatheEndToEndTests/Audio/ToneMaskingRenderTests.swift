import Foundation
import Testing

@testable import BreatheCore
@testable import BreatheTestSupport

/// Tones never mask words (issue 11): in a rendered session the tones are silent, or at least 12 dB below the speech,
/// wherever a word is being said. The speech alone is the same session rendered at `--tone-volume 0` (the tones are then
/// silence of the same length, so every word lands on the same sample); the tones are the full render minus that (the
/// mixer only adds, and without overlap nothing is clipped).
@Suite struct ToneMaskingRenderTests {
    static let rate = RenderTests.rate
    /// 10 ms windows: a window is "speech" when the recovered speech in it is audible.
    static let window = rate / 100

    /// At the default tone volume and at 100; in Spanish "Mantén el aire" is too long to follow its tone inside the
    /// 1-second hold, and is said alone on the boundary instead.
    @Test(arguments: [nil, "100"] as [String?], ["en", "es"])
    func tonesAreSilentWhileWordsAreSpoken(toneVolume: String?, language: String) throws {
        let volume = toneVolume.map { ["--tone-volume", $0] } ?? []
        let both = try RenderTests.render(RenderTests.session + ["--lang", language] + volume).wav
        let speech = try RenderTests.render(RenderTests.session + ["--lang", language, "--tone-volume", "0"]).wav
            .samples.map(Int.init)
        #expect(both.samples.count == speech.count)
        let tones = zip(both.samples, speech).map { Int($0) - $1 }

        var speechEnergy = 0.0
        var toneEnergy = 0.0
        var speechWindows = 0
        for start in stride(from: 0, to: speech.count - Self.window, by: Self.window) {
            let range = start..<start + Self.window
            let speechRMS = (range.reduce(0.0) { $0 + Double(speech[$1] * speech[$1]) } / Double(Self.window))
                .squareRoot()
            guard speechRMS > 30 else { continue }
            speechWindows += 1
            speechEnergy += speechRMS * speechRMS
            toneEnergy += range.reduce(0.0) { $0 + Double(tones[$1] * tones[$1]) } / Double(Self.window)
        }
        // Every phase of 2-1-2-1 × 2 has its word, and the lead-in and closing theirs: plenty of speech was found,
        // and the tones were really there (they are only absent under the words).
        #expect(speechWindows > 200, "only \(speechWindows) windows of speech")
        #expect(tones.filter { $0 != 0 }.count > 8 * 4000, "the tones are missing")
        let speechRMS = (speechEnergy / Double(speechWindows)).squareRoot()
        let toneRMS = (toneEnergy / Double(speechWindows)).squareRoot()
        #expect(toneRMS == 0 || 20 * log10(speechRMS / toneRMS) >= 12, "speech \(speechRMS), tones under it \(toneRMS)")
    }

    @Test func eachToneStillStartsOnItsBoundaryAndItsWordFollowsTheTone() throws {
        let both = try RenderTests.render(RenderTests.session + ["--lang", "en"]).wav
        let tones = try RenderTests.render(RenderTests.session + ["--lang", "en", "--speech", "off"]).wav
        for (start, kind) in RenderTests.boundaries {
            let tone = CueTone.cue(for: kind).samples(sampleRate: Self.rate, volume: 70)
            // The render with speech starts the same tone on the same sample: identical samples for the tone's length.
            #expect(Array(both.samples[start..<start + tone.count]) == Array(tones.samples[start..<start + tone.count]))
            #expect(Array(tones.samples[start..<start + tone.count]) == tone, "\(kind) tone at \(start)")
            // Then the gap, then the word.
            let wordStart = start + tone.count + Int(CueLayout.gapSamples(sampleRate: Self.rate))
            #expect(both.samples[start + tone.count..<wordStart].allSatisfy { $0 == 0 }, "\(kind) gap at \(start)")
            #expect(both.rms(wordStart..<wordStart + Self.rate / 4) > 300, "no word after the \(kind) tone at \(start)")
        }
    }
}

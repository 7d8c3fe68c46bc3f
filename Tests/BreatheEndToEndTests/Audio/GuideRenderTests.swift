import Foundation
import Testing

@testable import BreatheCore
@testable import BreatheTestSupport

/// The guide sound (`--guide swell`) in sessions rendered by the real binary with the real eSpeak NG voice. The guide
/// alone is the render with it minus the same render without it: it changes no other sample (the mixer only adds, and
/// nothing here comes near clipping).
@Suite struct GuideRenderTests {
    static let rate = RenderTests.rate
    /// 4-2-6-1 with its exhale ramped to 8 s and counted seconds: every kind of phase, words on every boundary and
    /// inside the phases.
    static let session = ["--pattern", "4-2-6-1", "--cycles", "2", "--ramp", "exhale=8", "--count", "--lang"]
    static let plan = try! SessionPlan.make(
        pattern: BreathingPattern(phases: [
            Phase(.inhale, seconds: 4), Phase(.hold, seconds: 2), Phase(.exhale, seconds: 6), Phase(.rest, seconds: 1),
        ]),
        ramps: [Ramp(kind: .exhale, targetTenths: 80)], length: .cycles(2), sampleRate: rate
    ).get()
    /// The chord's steepest step from one sample to the next, with a little room (GuideSoundTests.largestStep).
    static let largestStep = 110

    /// The guide alone, and the session without it, for `arguments`.
    static func guideAndRest(_ arguments: [String]) throws -> (guide: [Int], rest: [Int]) {
        let with = try RenderTests.render(arguments + ["--guide", "swell"]).wav.samples
        let without = try RenderTests.render(arguments).wav.samples
        #expect(with.count == without.count)
        #expect(with != without, "no guide was heard")
        return (zip(with, without).map { Int($0) - Int($1) }, without.map(Int.init))
    }

    static func rms(_ samples: ArraySlice<Int>) -> Double {
        (samples.reduce(0.0) { $0 + Double($1 * $1) } / Double(max(1, samples.count))).squareRoot()
    }

    /// Wherever speech sounds (10 ms windows with sound in every millisecond of them), the guide is at least 12 dB
    /// under it; the tones are rendered at volume 0 (silence of the same length, so every word lands where it would),
    /// so what is left beside the guide is the speech. In English and in Spanish, with tones (each word placed ahead,
    /// after its tone) and without (each word on its boundary).
    @Test(arguments: LocaleFiles.wholeLanguages, [["--tone-volume", "0"], ["--tones", "off"]])
    func theGuideStaysTwelveDecibelsUnderSpeech(language: String, tones: [String]) throws {
        let (guide, speech) = try Self.guideAndRest(Self.session + [language] + tones)
        let window = Self.rate / 100
        let millisecond = Self.rate / 1000
        var windows = 0
        var worst = Double.infinity
        for start in stride(from: 0, to: speech.count - window, by: window / 2) {
            let sounding = stride(from: start, to: start + window - millisecond + 1, by: millisecond).allSatisfy {
                speech[$0..<$0 + millisecond].contains { $0 != 0 }
            }
            guard sounding else { continue }
            windows += 1
            let ratio =
                20
                * log10(Self.rms(speech[start..<start + window]) / max(Self.rms(guide[start..<start + window]), 1e-9))
            worst = min(worst, ratio)
        }
        #expect(windows > 300, "only \(windows) windows of speech")
        #expect(worst >= 12, "speech only \(worst) dB above the guide")
        // The guide was there between the words.
        #expect(guide.map(abs).max()! > 1000)
    }

    /// The plan as rendered: the lead-in grows until the introduction has been heard (`SessionPlan.leadIn`), which a
    /// render of `samples` samples shows.
    static func plan(rendered samples: Int) -> SessionPlan {
        plan.leadIn(covering: max(0, Int64(samples) - plan.totalSamples), getReady: 0)
    }

    /// A session without words (`--speech off --guide swell`, tones off): between the introduction and the closing
    /// words only the guide sounds.
    static func wordFree() throws -> (run: BinaryRun, samples: [Int], plan: SessionPlan) {
        let (run, wav) = try RenderTests.render(
            session + ["en", "--speech", "off", "--tones", "off", "--guide", "swell", "--plain"])
        return (run, wav.samples.map(Int.init), plan(rendered: wav.samples.count))
    }

    /// No step from one sample to the next larger than the chord's own through the breaths (joins of phases, the
    /// closing's fade), and the level per 100 ms follows the plan: rising through every inhale, level through every
    /// hold, falling through every exhale (within 0.02 of full level), silent at rest.
    @Test func theGuideFollowsThePlanWithoutAClick() throws {
        let (_, samples, plan) = try Self.wordFree()
        let breaths = Int(plan.breathingStart)..<Int(plan.breathingEnd)
        let guide = samples[breaths]
        let steps = zip(guide, guide.dropFirst()).map { abs($1 - $0) }
        #expect(steps.max()! <= Self.largestStep, "a step of \(steps.max()!)")
        #expect(steps.max()! >= 90, "the guide is missing")
        let window = Self.rate / 10
        let holdStart = Int(plan.start(of: .phase(cycle: 1, index: 1)))
        let full = Self.rms(samples[holdStart..<holdStart + Self.rate])
        #expect(abs(full - 32767 * GuideSound.peakLevel * 0.6166) < 10, "full level RMS \(full)")
        for cycle in 1...2 {
            for index in 0..<4 {
                let segment = Segment.phase(cycle: cycle, index: index)
                let start = Int(plan.start(of: segment))
                let end = Int(plan.end(of: segment))
                let levels = stride(from: start, through: end - window, by: window).map {
                    Self.rms(samples[$0..<$0 + window]) / full
                }
                let steps = zip(levels, levels.dropFirst()).map { $1 - $0 }
                switch plan.kind(ofPhase: index) {
                case .inhale:
                    #expect(steps.allSatisfy { $0 > -0.02 } && levels.last! > 0.9 && levels.first! < 0.1, "\(levels)")
                case .hold: #expect(levels.allSatisfy { abs($0 - 1) <= 0.02 }, "\(segment): \(levels)")
                case .exhale:
                    #expect(steps.allSatisfy { $0 < 0.02 } && levels.first! > 0.9 && levels.last! < 0.1, "\(levels)")
                case .rest: #expect(samples[start..<end].allSatisfy { $0 == 0 }, "\(segment) is not silent")
                }
            }
        }
    }

    /// `--speech off --guide swell`: a session without words that still says its introduction and its end; between
    /// them only the guide sounds, exactly as the generator makes it, and the counted seconds are printed, not said.
    @Test func speechOffWithTheGuideSaysOnlyTheIntroductionAndTheEnd() throws {
        let (run, samples, plan) = try Self.wordFree()
        let breaths = Int(plan.breathingStart)..<Int(plan.breathingEnd)
        // The guide is silent in the lead-in and half a second after the last breath: what sounds there is words.
        #expect(samples[..<breaths.lowerBound].contains { abs($0) > 1000 }, "the introduction was not said")
        #expect(samples[(breaths.upperBound + Self.rate / 2)...].contains { abs($0) > 1000 }, "the end was not said")
        let guide = GuideSound(plan: plan).samples(
            from: plan.breathingStart, count: breaths.count, shaping: GuideShaping(sampleRate: Self.rate))
        #expect(samples[breaths] == ArraySlice(guide.map(Int.init)), "something besides the guide between the breaths")
        #expect(run.stdout.contains("Breathe in, 4 seconds."))
        #expect(run.stdoutLines.contains("3."), "the counts are printed")
        // Without the guide, --speech off says nothing at all, as before.
        let silent = try RenderTests.render(Self.session + ["en", "--speech", "off", "--tones", "off"]).wav
        #expect(silent.samples.allSatisfy { $0 == 0 })
    }

    @Test(arguments: [
        (
            "en",
            "breathe-voice: The value 'loud' is invalid for '--guide <swell|off>'. Please provide one of 'swell' or 'off'."
        ),
        ("es", "breathe-voice: El valor «loud» no es válido para «--guide <swell|off>»: usa «swell» o «off»."),
    ])
    func aBadGuideIsAUsageErrorInOneLine(language: String, expected: String) throws {
        let run = try BinaryRun.run(["start", "--guide", "loud", "--lang", language, "--no-audio"])
        #expect(run.status == 64)
        #expect(run.stderrLines == [expected])
    }

    @Test func thePreferenceAndItsVariableChooseTheGuide() throws {
        let home = try TemporaryHome()
        let set = try home.run(["prefs", "set", "guide", "swell", "--lang", "en"])
        #expect(set.status == 0)
        #expect(set.stdoutLines == ["Set guide to swell."])
        #expect(try home.run(["prefs", "get", "guide"]).stdoutLines == ["swell"])
        let show = try home.run(["prefs", "show", "--lang", "es"])
        #expect(show.stdout.contains("sonido guía"), "\(show.stdout)")
        let bad = try home.run(["prefs", "get", "guide", "--lang", "en"], environment: ["BREATHE_VOICE_GUIDE": "loud"])
        #expect(bad.status == 78)
        #expect(bad.stderrLines.count == 1)
        #expect(bad.stderr.contains("swell, off"), "\(bad.stderr)")
        // The preference makes a render carry the guide; the option turns it off again.
        let path = home.root.appendingPathComponent("guided.wav").path
        #expect(
            try home.run([
                "start", "--pattern", "2-1-2", "--cycles", "1", "--speech", "off", "--tones", "off", "--output", path,
            ]).status == 0)
        let guided = try WavFile(Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(guided.samples.contains { abs(Int($0)) > 1000 })
        #expect(
            try home.run([
                "start", "--pattern", "2-1-2", "--cycles", "1", "--speech", "off", "--tones", "off", "--guide", "off",
                "--output", path,
            ]).status == 0)
        let plain = try WavFile(Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(plain.samples.allSatisfy { $0 == 0 })
    }
}

import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// The opening's lead-in is planned in one place, on one estimate of each sentence: a session with sound whose screen
/// reader reads every line gets the lead-in a text-only session gets.
@Suite struct OpeningLeadInTests {
    static let plan = try! SessionPlan.make(
        pattern: BreathingPattern(phases: [Phase(.inhale, seconds: 4), Phase(.exhale, seconds: 4)]),
        length: .cycles(2), sampleRate: 22_050
    ).get()

    static func assembly(readerRate: Int? = nil) -> SessionAssembly {
        let mode = ScreenReaderMode(
            way: .read, rate: readerRate, notice: Message(.lineScreenReaderFound, ["reader": .text("fenrir")]))
        return SessionAssembly(
            settings: SessionSettings(plan: plan, audio: AudioChoices(speech: false), screenReader: mode),
            localizer: Localizer(language: "en"))
    }

    @Test func aSoundSessionWhoseScreenReaderReadsEveryLineWaitsAsLongAsATextOne() {
        let assembly = Self.assembly()
        let leadIn = OpeningLeadIn(assembly, announcesKeys: false)
        let length = SentenceLength(assembly)
        let choices = AudioChoices(speech: false)
        let text = leadIn.readingPlan(length)
        let sound = leadIn.hearingPlan(PhraseBook(localizer: assembly.localizer), choices, length)
        #expect(text.leadInSamples > Self.plan.leadInSamples, "the opening is longer than the plan's own lead-in")
        #expect(sound.leadInSamples == text.leadInSamples)
    }

    /// Counted, a sentence takes half as long at twice the normal rate; the lead-in is 1.2 s and a gap after each line
    /// on top of the lines' lengths.
    @Test func aSentenceIsCountedAtTheReadersRate() {
        let message = Message(.lineLeadIn)
        let normal = SentenceLength(Self.assembly()).reading(message)
        let fast = SentenceLength(Self.assembly(readerRate: 350)).reading(message)
        #expect(normal > 0)
        #expect(abs(fast * 2 - normal) <= 1)
        let leadIn = OpeningLeadIn(Self.assembly(), announcesKeys: false)
        let gap = CueLayout.gapSamples(sampleRate: 22_050)
        #expect(leadIn.readingLead([normal, fast]) == 22_050 * 6 / 5 + normal + fast + 2 * gap)
    }

    /// Measured by the synthesizer when it can say it; counted at the reader's rate when it cannot.
    @Test func aSentenceIsMeasuredByTheSynthesizerElseCounted() {
        let assembly = Self.assembly()
        let message = Message(.lineLeadIn)
        let measuring = Speech(
            voices: { () throws(BreatheError) -> [SpeechVoice] in [] },
            synthesize: { (_: String, settings: SpeechSettings) throws(BreatheError) -> AudioClip in
                AudioClip([Int16](repeating: 0, count: settings.rate))
            })
        #expect(SentenceLength(assembly, speech: measuring, phraseCache: nil).saying(message, rate: 300) == 300)
    }

    @Test func aSentenceThatCannotBeSaidIsCounted() {
        let assembly = Self.assembly()
        let failing = Speech(
            voices: { () throws(BreatheError) -> [SpeechVoice] in [] },
            synthesize: { (_: String, _: SpeechSettings) throws(BreatheError) -> AudioClip in
                throw BreatheError.unavailable(Message(.errorAudioUnavailable, ["detail": .text("none")]))
            })
        let length = SentenceLength(assembly, speech: failing, phraseCache: nil)
        let message = Message(.lineLeadIn)
        #expect(length.saying(message, rate: 300) == length.reading(message))
    }
}

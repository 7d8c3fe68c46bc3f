import BreatheCore
import BreatheSystem

/// How long a sentence of the opening takes to say, in samples: the one estimate the lead-in is planned on, for a
/// text-only session and one with sound alike.
///
/// With eSpeak NG (`speech`), it is measured: the sentence said at the language's normal voice and the rate asked
/// (through the phrase cache when there is one). Without (a text-only session, or speech data that cannot be read), it
/// is counted: about 65 ms a character, eSpeak NG's pace at 175 words a minute, or at the screen reader's rate when
/// known.
struct SentenceLength {
    let localizer: Localizer
    package let sampleRate: Int
    /// The screen reader's rate, when known (`ScreenReaderMode.rate`).
    let readerRate: Int?
    /// What measures a sentence; nil: counted only.
    package var speech: Speech?
    var phraseCache: PhraseCache?

    /// Counted only: a text-only session has no synthesizer to measure with.
    package init(_ assembly: SessionAssembly) {
        localizer = assembly.localizer
        sampleRate = assembly.plan.sampleRate
        readerRate = assembly.settings.screenReader?.rate
    }

    /// Measured by `speech` (through `phraseCache`), counted when it cannot say it.
    package init(_ assembly: SessionAssembly, speech: Speech, phraseCache: PhraseCache?) {
        self.init(assembly)
        self.speech = speech
        self.phraseCache = phraseCache
    }

    /// The rate a screen reader reads at: its own when known, else the normal one.
    var readingRate: Int { readerRate ?? SpeechSettings.defaultRate }

    /// How long a screen reader takes to read `message`, counted by its characters at the reader's rate.
    func reading(_ message: Message) -> Int64 {
        let rate = Int64(readingRate)
        return Int64(localizer.string(message).count) * Int64(sampleRate) * 65 * Int64(SpeechSettings.defaultRate)
            / (1000 * max(rate, 80))
    }

    /// How long `message` takes to say at `rate` words a minute: measured, else counted (`reading(_:)`).
    func saying(_ message: Message, rate: Int) -> Int64 {
        guard let speech else { return reading(message) }
        let text = localizer.string(message)
        let settings = SpeechSettings(
            voice: localizer.catalog.voice, rate: rate,
            pitch: PreferenceRules.defaultInteger(.pitch), volume: PreferenceRules.defaultInteger(.volume))
        do throws(BreatheError) {
            if let phraseCache {
                return Int64(
                    try phraseCache.clip(
                        text, settings: settings, libraryVersion: speech.libraryVersion(), speech: speech
                    )
                    .count)
            }
            return Int64(try speech.synthesize(text, settings).count)
        } catch {
            return reading(message)
        }
    }
}

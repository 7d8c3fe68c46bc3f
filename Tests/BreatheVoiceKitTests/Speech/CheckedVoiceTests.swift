import Synchronization
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// A `--voice` is checked only when a phrase is synthesized, once, and stands for the checked voice only.
@Suite struct CheckedVoiceTests {
    /// A fake voice: two installed voices, counting how often the list is read, and saying which voice it was given.
    final class FakeVoices: Sendable {
        let listings = Mutex(0)
        let spoken = Mutex<[String]>([])

        var speech: Speech {
            Speech(
                voices: { [self] () throws(BreatheError) -> [SpeechVoice] in
                    listings.withLock { $0 += 1 }
                    return [
                        SpeechVoice(
                            code: "es-419", name: "Spanish (Latin America)", languages: ["es-419"],
                            identifier: "roa/es-419"),
                        SpeechVoice(
                            code: "en-us", name: "English (America)", languages: ["en-us"], identifier: "gmw/en-US"),
                    ]
                },
                synthesize: { [self] (_: String, settings: SpeechSettings) throws(BreatheError) -> AudioClip in
                    spoken.withLock { $0.append(settings.voice) }
                    return AudioClip([1, 2, 3])
                }
            )
        }
    }

    @Test func theVoiceIsCheckedOnTheFirstSynthesisOnly() throws {
        let fake = FakeVoices()
        let voice = CheckedVoice(name: "es-419")
        #expect(voice.label != "es-419" && voice.label != "roa/es-419")
        let speech = voice.speaking(with: fake.speech)
        #expect(fake.listings.withLock { $0 } == 0, "nothing is checked before a phrase is synthesized")
        _ = try speech.synthesize("Inhala", SpeechSettings(voice: voice.label))
        _ = try speech.synthesize("Exhala", SpeechSettings(voice: voice.label))
        // A phrase streamed into the phrase cache is said by the checked voice too.
        var streamed: [Int16] = []
        try speech.stream("Mantén", SpeechSettings(voice: voice.label)) { streamed.append(contentsOf: $0) }
        #expect(streamed == [1, 2, 3])
        #expect(fake.listings.withLock { $0 } == 1)
        #expect(fake.spoken.withLock { $0 } == ["roa/es-419", "roa/es-419", "roa/es-419"])
    }

    @Test func anotherVoiceIsPassedOnUntouched() throws {
        let fake = FakeVoices()
        let speech = CheckedVoice(name: "es-419").speaking(with: fake.speech)
        _ = try speech.synthesize("Breathe in", SpeechSettings(voice: "en-us"))
        #expect(fake.spoken.withLock { $0 } == ["en-us"])
        #expect(fake.listings.withLock { $0 } == 0)
    }

    @Test func anUnknownVoiceIsAUsageErrorOnEverySynthesis() {
        let fake = FakeVoices()
        let voice = CheckedVoice(name: "xx-nowhere")
        let speech = voice.speaking(with: fake.speech)
        for _ in 0..<2 {
            #expect(throws: BreatheError.self) {
                _ = try speech.synthesize("Breathe in", SpeechSettings(voice: voice.label))
            }
            do {
                _ = try speech.synthesize("Breathe in", SpeechSettings(voice: voice.label))
            } catch {
                guard case .usage = error else {
                    Issue.record("\(error)")
                    return
                }
            }
        }
        #expect(fake.spoken.withLock { $0 }.isEmpty)
        #expect(fake.listings.withLock { $0 } == 1, "the failed check is kept")
    }
}

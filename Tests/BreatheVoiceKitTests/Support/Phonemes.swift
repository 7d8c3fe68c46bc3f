import Synchronization

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// What eSpeak NG says for a text, as the phoneme mnemonics `espeak-ng -q -x` prints: the program's own libespeak-ng
/// (`LiveSpeech.phonemes`, `espeak_TextToPhonemes` under the lock every other call of the library takes), with a
/// language's voice. A switch to another language shows as `(en)`…`(fr)` around the words read in it. Each answer is
/// kept, since the tests ask for the same words many times.
final class Phonemes: Sendable {
    static let shared = Phonemes()

    private let known = Mutex<[String: String]>([:])

    /// True when libespeak-ng could be opened and started.
    var isAvailable: Bool { (try? LiveSpeech.phonemes(of: "1", voice: "en-us")) != nil }

    /// The phonemes of `text` in `voice`, clause after clause, separated by " | "; empty when the library is missing.
    func of(_ text: String, voice: String) -> String {
        let key = voice + "\u{0}" + text
        if let answer = known.withLock({ $0[key] }) { return answer }
        let answer = (try? LiveSpeech.phonemes(of: text, voice: voice)) ?? ""
        known.withLock { $0[key] = answer }
        return answer
    }

    /// The words of `phonemes` without stress marks, lengths or pauses: "v'E~t e yn" and "vE~te'W~" compare as sounds,
    /// wherever the stress falls.
    static func words(_ phonemes: String) -> [String] {
        phonemes.split(whereSeparator: { $0 == " " || $0 == "|" || $0 == "\n" }).map { word in
            String(word.filter { !"',_!:;#-".contains($0) })
        }.filter { !$0.isEmpty }
    }
}

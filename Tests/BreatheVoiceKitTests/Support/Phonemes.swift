import Synchronization

@testable import BreatheVoiceKit

/// What eSpeak NG says for a text, as the phoneme mnemonics `espeak-ng -q -x` prints: libespeak-ng's own
/// `espeak_TextToPhonemes`, opened with dlopen as the program opens the library, with a language's voice. A switch to
/// another language shows as `(en)`…`(fr)` around the words eSpeak NG reads in it.
///
/// The library is one global state: calls are made one at a time, and each answer is kept.
final class Phonemes: Sendable {
    static let shared = Phonemes()

    private struct Library {
        let initialize: @convention(c) (UInt32, Int32, UnsafePointer<CChar>?, Int32) -> Int32
        let setVoiceByName: @convention(c) (UnsafePointer<CChar>?) -> Int32
        let textToPhonemes:
            @convention(c) (UnsafeMutablePointer<UnsafeRawPointer?>?, Int32, Int32) -> UnsafePointer<CChar>?
        var voice: String?
        var known: [String: String] = [:]
    }

    private let library: Mutex<Library?>

    private init() {
        let opened: Library? =
            switch SharedLibrary.open([LiveSpeechLibrary.soname]) {
            case .success(let shared):
                try? Library(
                    initialize: shared.function("espeak_Initialize"),
                    setVoiceByName: shared.function("espeak_SetVoiceByName"),
                    textToPhonemes: shared.function("espeak_TextToPhonemes"))
            case .failure: nil
            }
        // AUDIO_OUTPUT_SYNCHRONOUS (2): nothing is played; the data path is the package's.
        if let opened, opened.initialize(2, 0, nil, 0) <= 0 {
            library = Mutex(nil)
        } else {
            library = Mutex(opened)
        }
    }

    /// True when libespeak-ng could be opened and started.
    var isAvailable: Bool { library.withLock { $0 != nil } }

    /// The phonemes of `text` in `voice`, clause after clause, separated by " | ".
    func of(_ text: String, voice: String) -> String {
        library.withLock { library -> String in
            guard library != nil else { return "" }
            if let known = library!.known[voice + "\u{0}" + text] { return known }
            if library!.voice != voice {
                _ = library!.setVoiceByName(voice)
                library!.voice = voice
            }
            var clauses: [String] = []
            text.withCString { base in
                var pointer: UnsafeRawPointer? = UnsafeRawPointer(base)
                // espeakCHARS_UTF8 (1); phoneme mode 0 is `-x`'s mnemonics. The library moves `pointer` past each
                // clause and sets it to nil after the last.
                while pointer != nil {
                    guard let phonemes = library!.textToPhonemes(&pointer, 1, 0) else { break }
                    let clause = String(cString: phonemes).trimmingSpaces
                    if !clause.isEmpty { clauses.append(clause) }
                }
            }
            let result = clauses.joined(separator: " | ")
            library!.known[voice + "\u{0}" + text] = result
            return result
        }
    }

    /// The words of `phonemes` without stress marks, pauses or clause breaks: "v'E~t e yn" and "vE~te'W~" compare as
    /// sounds, wherever the stress falls.
    static func words(_ phonemes: String) -> [String] {
        phonemes.split(whereSeparator: { $0 == " " || $0 == "|" || $0 == "\n" }).map { word in
            String(word.filter { !"',_!:;#-".contains($0) })
        }.filter { !$0.isEmpty }
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}

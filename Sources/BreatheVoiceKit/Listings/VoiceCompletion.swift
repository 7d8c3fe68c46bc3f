import BreatheCore
import BreatheSystem

/// What a shell completes after `--voice`: the installed voices' codes, and after `name+` the installed variants.
package enum VoiceCompletion {
    package static func candidates(prefix: String, speech: Speech = LiveSpeech.speech) -> [String] {
        if let plus = prefix.firstIndex(of: "+") {
            let base = String(prefix[..<plus])
            let typed = String(prefix[prefix.index(after: plus)...])
            let variants = (try? speech.variants()) ?? []
            return variants.filter { $0.hasPrefix(typed) }.map { base + "+" + $0 }
        }
        let codes = ((try? speech.voices()) ?? []).map(\.code)
        return codes.filter { $0.hasPrefix(prefix) }
    }
}

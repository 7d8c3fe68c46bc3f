import BreatheCore
import Synchronization

extension MessageKey {
    /// The key of this sentence in the locale files, as the English file spells it: "doctor.audio.fix" for
    /// `doctorAudioFix`; the case's own name when no file has it (the locale tests say every case is there). Each is
    /// found once (`LocaleKeyIndex`) and kept.
    var localeKey: String {
        if let known = Self.found.withLock({ $0[self] }) { return known }
        let key = LocaleKeyIndex.shared.localeKey(caseName: rawValue) ?? rawValue
        Self.found.withLock { $0[self] = key }
        return key
    }

    private static let found = Mutex<[MessageKey: String]>([:])
}

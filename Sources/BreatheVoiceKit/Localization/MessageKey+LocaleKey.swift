import BreatheCore

extension MessageKey {
    /// The key of this sentence in the locale files, as the English file spells it: "doctor.audio.fix" for
    /// `doctorAudioFix`; the case's own name when no file has it (the locale tests say every case is there).
    var localeKey: String { LocaleKeyIndex.shared.localeKey(caseName: rawValue) ?? rawValue }
}

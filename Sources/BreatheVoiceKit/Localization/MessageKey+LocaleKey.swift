import BreatheCore

extension MessageKey {
    /// The key of this sentence in the locale files, as the English file spells it: "doctor.audio.fix" for
    /// `doctorAudioFix`; the case's own name when no file has it (the locale tests say every case is there).
    var localeKey: String { Self.localeKeys[self] ?? rawValue }

    /// Every message's locale key, read once from the embedded English file's keys.
    private static let localeKeys: [MessageKey: String] = {
        var keys: [MessageKey: String] = [:]
        keys.reserveCapacity(allCases.count)
        _ = LocaleCatalog.embeddedKeys(LocaleCatalog.fallbackCode) { key in
            if let message = MessageKey(localeKey: key) { keys[message] = key }
        }
        return keys
    }()
}

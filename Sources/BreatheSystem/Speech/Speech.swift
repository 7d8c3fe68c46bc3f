import BreatheCore

/// The program's voice, as a small set of closures: the live one is eSpeak NG (`LiveSpeech`), tests may pass fakes.
package struct Speech: Sendable {
    /// The installed voices (MBROLA voices left out).
    package var voices: @Sendable () throws(BreatheError) -> [SpeechVoice]
    /// Says `text` with `settings` into PCM at `AudioFormat.sampleRate`, silence trimmed from both ends.
    package var synthesize: @Sendable (_ text: String, _ settings: SpeechSettings) throws(BreatheError) -> AudioClip
    /// Says `text` as `synthesize` does, handing the trimmed samples to `sink` in order as they are made, so the phrase
    /// need never be held whole (the phrase cache writes them to its file).
    package var stream:
        @Sendable (
            _ text: String, _ settings: SpeechSettings, _ sink: (UnsafeBufferPointer<Int16>) -> Void
        ) throws(BreatheError) -> Void
    /// The synthesizer's version, part of every `PhraseCache` key; must not start the synthesizer.
    package var libraryVersion: @Sendable () -> String
    /// The installed voice variants (`f3`, `m2`, `klatt`…), the part after `+` in `en-us+f3`.
    package var variants: @Sendable () throws(BreatheError) -> [String]

    package init(
        voices: @escaping @Sendable () throws(BreatheError) -> [SpeechVoice],
        synthesize: @escaping @Sendable (_ text: String, _ settings: SpeechSettings) throws(BreatheError) -> AudioClip,
        stream: (
            @Sendable (
                _ text: String, _ settings: SpeechSettings, _ sink: (UnsafeBufferPointer<Int16>) -> Void
            ) throws(BreatheError) -> Void
        )? = nil,
        libraryVersion: @escaping @Sendable () -> String = { "unversioned" },
        variants: @escaping @Sendable () throws(BreatheError) -> [String] = { [] }
    ) {
        self.voices = voices
        self.synthesize = synthesize
        if let stream {
            self.stream = stream
        } else {
            // A voice that only makes whole clips streams each one at once.
            self.stream = { (text: String, settings: SpeechSettings, sink) throws(BreatheError) -> Void in
                let clip = try synthesize(text, settings)
                clip.samples.withUnsafeBufferPointer { sink($0) }
            }
        }
        self.libraryVersion = libraryVersion
        self.variants = variants
    }

    /// Checks a `--voice` value against the installed voices and variants (`en-us+f3`): the voice, or a usage error
    /// naming close matches. A variant is kept in the returned voice's `code` and `identifier`.
    package func voice(named name: String) throws(BreatheError) -> SpeechVoice {
        guard let plus = name.firstIndex(of: "+") else { return try baseVoice(named: name) }
        let requested = String(name[name.index(after: plus)...])
        var voice = try baseVoice(named: String(name[..<plus]))
        let installed = try variants()
        guard
            let variant = installed.first(where: { $0 == requested })
                ?? installed.first(where: { $0.lowercased() == requested.lowercased() })
        else {
            let close = installed.filter { editDistance($0.lowercased(), requested.lowercased()) <= 1 }.prefix(6)
            throw .usage(
                Message(
                    .errorVoiceVariantUnknown,
                    [
                        "value": .userValue(name), "variant": .userValue(requested),
                        "matches": .text(
                            close.isEmpty ? installed.prefix(6).joined(separator: ", ") : close.joined(separator: ", ")),
                    ]))
        }
        voice.code += "+" + variant
        voice.identifier += "+" + variant
        return voice
    }

    private func baseVoice(named name: String) throws(BreatheError) -> SpeechVoice {
        let installed = try voices()
        let wanted = name.lowercased()
        // The language code first ("en-us"), then the voice file ("en" is British English), then the voice's name.
        let matchers: [(SpeechVoice) -> Bool] = [
            { $0.code.lowercased() == wanted },
            { $0.identifier.lowercased().split(separator: "/").last.map(String.init) == wanted },
            { $0.name.lowercased() == wanted },
        ]
        for matches in matchers {
            if let exact = installed.first(where: matches) { return exact }
        }
        let close = installed.filter { voice in
            let code = voice.code.lowercased()
            return code.hasPrefix(wanted) || wanted.hasPrefix(code) || voice.name.lowercased().containsText(wanted)
                || editDistance(code, wanted) <= 2
        }.map(\.code).prefix(6)
        if close.isEmpty {
            throw .usage(Message(.errorVoiceUnknownNoMatch, ["value": .userValue(name)]))
        }
        throw .usage(
            Message(.errorVoiceUnknown, ["value": .userValue(name), "matches": .text(close.joined(separator: ", "))]))
    }
}

/// Levenshtein distance, for suggesting voices.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + [Int](repeating: 0, count: b.count)
        for j in stride(from: 1, through: b.count, by: 1) {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}

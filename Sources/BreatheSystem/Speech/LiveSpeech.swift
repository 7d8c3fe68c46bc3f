import BreatheCore
import CEspeakNG
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// eSpeak NG, the program's voice: the only file that talks to libespeak-ng.
///
/// The library keeps global state and is not thread-safe, so one owner (a mutex around the whole library) serializes
/// every call. It runs in synchronous mode: `espeak_Synth` returns when the phrase is done, its PCM delivered to a
/// callback that passes it on, trimmed, to the stream passed as `user_data`.
package enum LiveSpeech {
    /// The live voice.
    package static let speech = Speech(
        voices: { () throws(BreatheError) -> [SpeechVoice] in
            try owner.withLock { state throws(BreatheError) in
                try state.start()
                return installedVoices(state.library)
            }
        },
        synthesize: { (text: String, settings: SpeechSettings) throws(BreatheError) -> AudioClip in
            var samples: [Int16] = []
            try stream(text, settings) { samples.append(contentsOf: $0) }
            return AudioClip(samples)
        },
        stream: stream,
        // The phrase cache's key: which library is installed, found without opening it (a run whose phrases are all
        // cached never maps libespeak-ng); asked of the library itself only when the file is not where expected.
        libraryVersion: {
            LiveSpeechLibrary.installedIdentity(environment: ProcessEnvironment.current) ?? loadedVersion()
        },
        variants: { () throws(BreatheError) -> [String] in
            try owner.withLock { state throws(BreatheError) in
                try state.start()
                return installedVariants(state.library)
            }
        }
    )

    private static let owner = Mutex(Engine())

    /// Says `text`, handing its trimmed samples to `sink` as eSpeak NG makes them.
    private static func stream(
        _ text: String, _ settings: SpeechSettings, _ sink: (UnsafeBufferPointer<Int16>) -> Void
    ) throws(BreatheError) {
        try owner.withLock { state throws(BreatheError) in
            try state.start()
            try state.say(text, settings, into: sink)
        }
    }

    /// What eSpeak NG says for `text` in `voice`: the phoneme mnemonics `espeak-ng -q -x` prints, clause after clause
    /// (" | " between them), a switch to another language shown as "(en)"…"(fr)". The heard-text tests read every
    /// sentence a language file makes through it.
    static func phonemes(of text: String, voice: String) throws(BreatheError) -> String {
        try owner.withLock { state throws(BreatheError) in
            try state.start()
            return try state.phonemes(text, voice: voice)
        }
    }

    /// The version the library reports (`espeak_Info` returns a static string: it does not initialize the library),
    /// opening it if needed; "unavailable" when it cannot be opened.
    package static func loadedVersion() -> String {
        guard case .success(let library) = LiveSpeechLibrary.shared else { return "unavailable" }
        return library.info(nil).map { String(cString: $0) } ?? "unknown"
    }

    /// The library's functions, opened on first use; a library that cannot be opened is speech that cannot start.
    package static func library() throws(BreatheError) -> LiveSpeechLibrary {
        guard case .success(let library) = LiveSpeechLibrary.shared else {
            throw .unavailable(Message(.errorSpeechUnavailable))
        }
        return library
    }

    struct Engine: ~Copyable {
        package var library: LiveSpeechLibrary?
        package var voice: String?
        /// The initialization did not return in time: it is stuck in the sound server (below), and the library with it.
        package var stuck = false

        /// eSpeak NG 1.51 asks pcaudiolib for an audio device while it initializes, even for synchronous output it
        /// never plays, and pcaudiolib looks for one with a blocking connection to the sound server (`pa_simple_new`).
        /// The program answers that call itself (CEspeakNoAudio): in the program the initialization only reads eSpeak
        /// NG's data, and never contacts a sound server, so `voices` and a render never wait for one. A process
        /// without that answer (the test bundles) still makes pcaudiolib's connection, so the initialization runs as a
        /// `DeadlineCall`: a server that does not answer in time, or a stopping signal, leaves it stuck on its
        /// thread, and speech is unavailable for the rest of the run ("no sound server").
        package mutating func start() throws(BreatheError) {
            if library != nil { return }
            let noServer = BreatheError.unavailable(
                Message(.errorAudioUnavailable, ["detail": .message(LivePulseSink.noAnswer)]))
            if stuck { throw noServer }
            let library = try LiveSpeech.library()
            // espeakINITIALIZE_DONT_EXIT (0x8000): report missing data instead of calling exit(1).
            let call = DeadlineCall { library.initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, 0x8000) }
            let deadline = MonotonicClock().deadline(inMilliseconds: SoundServerPatience.connectMilliseconds + 1000)
            // A stopping signal ends the wait on the session's thread, before the session (when its pipe holds only
            // those); the phrase worker's thread waits for the deadline alone.
            let outcome = call.wait(
                until: deadline, watching: SignalSource.isMainThread ? SignalSource.stopDescriptor : -1)
            guard case .done(let rate) = outcome else {
                stuck = true
                throw noServer
            }
            guard rate == Int32(AudioFormat.sampleRate) else {
                throw .unavailable(Message(.errorSpeechUnavailable))
            }
            library.setSynthCallback(collect)
            self.library = library
        }

        mutating func phonemes(_ text: String, voice: String) throws(BreatheError) -> String {
            guard let library else { throw .unavailable(Message(.errorSpeechUnavailable)) }
            if self.voice != voice {
                guard library.setVoiceByName(voice) == EE_OK else {
                    throw .usage(Message(.errorVoiceUnknownNoMatch, ["value": .userValue(voice)]))
                }
                self.voice = voice
            }
            var clauses: [String] = []
            text.withCString { base in
                // The library moves `pointer` past each clause, and sets it to nil after the last; mode 0 gives the
                // mnemonics of `-x`.
                var pointer: UnsafeRawPointer? = UnsafeRawPointer(base)
                while pointer != nil, let phonemes = library.textToPhonemes(&pointer, Int32(espeakCHARS_UTF8), 0) {
                    let clause = String(cString: phonemes).split(separator: " ", omittingEmptySubsequences: true)
                        .joined(separator: " ")
                    if !clause.isEmpty { clauses.append(clause) }
                }
            }
            return clauses.joined(separator: " | ")
        }

        package mutating func say(
            _ text: String, _ settings: SpeechSettings, into sink: (UnsafeBufferPointer<Int16>) -> Void
        ) throws(BreatheError) {
            guard let library else { throw .unavailable(Message(.errorSpeechUnavailable)) }
            if voice != settings.voice {
                guard library.setVoiceByName(settings.voice) == EE_OK else {
                    throw .usage(Message(.errorVoiceUnknownNoMatch, ["value": .userValue(settings.voice)]))
                }
                voice = settings.voice
            }
            _ = library.setParameter(espeakRATE, Int32(settings.rate), 0)
            _ = library.setParameter(espeakPITCH, Int32(settings.pitch), 0)
            _ = library.setParameter(espeakVOLUME, Int32(settings.volume), 0)
            let result = withoutActuallyEscaping(sink) { sink in
                let stream = PCMStream(sink)
                return withExtendedLifetime(stream) {
                    text.withCString { pointer in
                        library.synth(
                            pointer, strlen(pointer) + 1, 0, POS_CHARACTER, 0,
                            UInt32(espeakCHARS_UTF8), nil, Unmanaged.passUnretained(stream).toOpaque())
                    }
                }
            }
            guard result == EE_OK else { throw .unavailable(Message(.errorSpeechUnavailable)) }
        }
    }

    /// Reads the voice list; the caller holds the lock.
    package static func installedVoices(_ library: LiveSpeechLibrary?) -> [SpeechVoice] {
        guard let list = library?.listVoices(nil) else { return [] }
        var result: [SpeechVoice] = []
        var index = 0
        while let entry = list[index] {
            index += 1
            let voice = entry.pointee
            let identifier = voice.identifier.map { String(cString: $0) } ?? ""
            // MBROLA voices report another sample rate and need separate data; leave them out.
            if identifier.hasPrefix("mb/") || identifier.hasPrefix("mb-") { continue }
            var languages: [String] = []
            if var cursor = voice.languages.map(UnsafeRawPointer.init) {
                // Pairs of (priority byte, zero-terminated language), ended by a zero priority byte.
                while cursor.load(as: UInt8.self) != 0 {
                    cursor += 1
                    let language = String(cString: cursor.assumingMemoryBound(to: CChar.self))
                    languages.append(language)
                    cursor += language.utf8.count + 1
                }
            }
            guard let code = languages.first else { continue }
            let name = voice.name.map { String(cString: $0) } ?? code
            result.append(
                SpeechVoice(
                    code: code, name: name.replacingText("_", with: " "), languages: languages,
                    identifier: identifier))
        }
        return result.sorted { $0.code < $1.code }
    }

    /// The variant files (`espeak-ng-data/voices/!v/f3`) by the name that follows `+`; the caller holds the lock.
    package static func installedVariants(_ library: LiveSpeechLibrary?) -> [String] {
        guard let library else { return [] }
        // A voice spec whose language is "variant" lists the variants instead of the voices.
        let list = "variant".withCString { language -> UnsafeMutablePointer<UnsafePointer<espeak_VOICE>?>? in
            var spec = espeak_VOICE()
            spec.languages = language
            return library.listVoices(&spec)
        }
        guard let list else { return [] }
        var result: [String] = []
        var index = 0
        while let entry = list[index] {
            index += 1
            guard let identifier = entry.pointee.identifier.map({ String(cString: $0) }) else { continue }
            for prefix in ["!v/", "variants/"] where identifier.hasPrefix(prefix) {
                result.append(String(identifier.dropFirst(prefix.count)))
            }
        }
        return result.sorted()
    }

}

/// Where one phrase's PCM goes while eSpeak NG synthesizes it: trimmed of its leading and trailing near-silence on
/// the way (`SilenceTrimmer`), then handed on.
private final class PCMStream {
    var trimmer = SilenceTrimmer()
    let sink: (UnsafeBufferPointer<Int16>) -> Void

    init(_ sink: @escaping (UnsafeBufferPointer<Int16>) -> Void) {
        self.sink = sink
    }
}

/// eSpeak NG's synthesis callback: captures nothing, finds its stream through the event's `user_data`.
private func collect(
    _ wave: UnsafeMutablePointer<Int16>?, _ count: Int32, _ events: UnsafeMutablePointer<espeak_EVENT>?
) -> Int32 {
    guard let wave, count > 0, let userData = events?.pointee.user_data else { return 0 }
    let stream = Unmanaged<PCMStream>.fromOpaque(userData).takeUnretainedValue()
    stream.trimmer.feed(UnsafeBufferPointer(start: wave, count: Int(count)), stream.sink)
    return 0 // 0: go on synthesizing.
}

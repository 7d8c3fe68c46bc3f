import BreatheCore

/// Synthesized phrases kept on disk (`$XDG_CACHE_HOME/breathe-voice/phrases/`), so a repeat session never starts eSpeak NG.
///
/// One file per phrase, named by a hash of everything that changes its sound: the exact text, the voice, rate, pitch and
/// volume, the eSpeak NG version and the sample rate. The file repeats that key in full, so a hash collision is a miss.
/// Every problem reading an entry (missing, truncated, corrupt, another format version, an unreadable folder) is a
/// miss: the phrase is synthesized and the entry rewritten (temporary file, then rename) if the folder allows it.
/// Nothing here ever fails a session, and deleting the folder is always safe.
package struct PhraseCache: Sendable {
    /// The folder holding the entries.
    package var directory: String

    /// Bumped whenever the file layout below changes; an entry of another version is a miss.
    static let formatVersion: UInt32 = 1
    static let magic: [UInt8] = Array("BVPHRASE".utf8)

    package init(directory: String) {
        self.directory = directory
    }

    /// `$XDG_CACHE_HOME/breathe-voice/phrases`.
    package init(directories: XDGDirectories) {
        self.init(directory: directories.cacheHome + "/breathe-voice/phrases")
    }

    /// What identifies one phrase's sound.
    package struct Key: Hashable, Sendable {
        package var text: String
        package var settings: SpeechSettings
        package var libraryVersion: String
        package var sampleRate: Int

        package init(
            text: String, settings: SpeechSettings, libraryVersion: String, sampleRate: Int = AudioFormat.sampleRate
        ) {
            self.text = text
            self.settings = settings
            self.libraryVersion = libraryVersion
            self.sampleRate = sampleRate
        }

        /// The key as bytes, fields separated by NUL (which none of them can contain).
        var bytes: [UInt8] {
            let fields = [
                text, settings.voice, String(settings.rate), String(settings.pitch), String(settings.volume),
                libraryVersion, String(sampleRate),
            ]
            return Array(fields.joined(separator: "\u{0}").utf8)
        }
    }

    /// The entry's file.
    package func path(for key: Key) -> String {
        let hash = PhraseCache.fnv1a(key.bytes, seed: 0xcbf2_9ce4_8422_2325 ^ UInt64(PhraseCache.formatVersion))
        let hex = String(hash, radix: 16)
        return directory + "/" + String(repeating: "0", count: 16 - hex.count) + hex + ".pcm"
    }

    /// The cached clip for `text`, else one synthesized by `speech` (and stored). Only the synthesis can throw.
    package func clip(_ text: String, settings: SpeechSettings, libraryVersion: String, speech: Speech)
        throws(BreatheError) -> AudioClip
    {
        let key = Key(text: text, settings: settings, libraryVersion: libraryVersion)
        if let clip = load(key) { return clip }
        let clip = try speech.synthesize(text, settings)
        store(clip, for: key)
        return clip
    }

    /// The entry for `key`, or nil for any problem at all.
    package func load(_ key: Key) -> AudioClip? {
        guard let bytes = try? FileSystem.readFile(path(for: key), limit: 1 << 28) else { return nil }
        return PhraseCache.decode(bytes, key: key)
    }

    /// True when the entry's file is there and long enough to hold one, found without reading it (`load` still checks
    /// everything).
    package func mayHold(_ key: Key) -> Bool {
        var status = stat()
        guard stat(path(for: key), &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        return Int(status.st_size) >= PhraseCache.magic.count + 20 + key.bytes.count
    }

    /// Writes the entry, quietly giving up when the folder cannot be made or written. No fsync: an entry cut short by
    /// a crash fails its checksum and is rewritten.
    package func store(_ clip: AudioClip, for key: Key) {
        let path = path(for: key)
        do throws(BreatheError) { try FileSystem.makeDirectories(directory) } catch { return }
        let temporary =
            directory + "/.tmp-" + String(getpid()) + "-" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        let written = FileSystem.writeAll(descriptor, PhraseCache.encode(clip, key: key))
        close(descriptor)
        if !written || rename(temporary, path) != 0 { unlink(temporary) }
    }

    /// magic, format version, key length, key, sample count, checksum of the samples, samples; integers little-endian.
    static func encode(_ clip: AudioClip, key: Key) -> [UInt8] {
        let keyBytes = key.bytes
        let sampleBytes = clip.samples.withUnsafeBytes { raw in
            // Little-endian on disk; every platform Swift runs on Linux is little-endian, checked here all the same.
            (1 as UInt16).littleEndian == 1
                ? Array(raw)
                : clip.samples.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
        }
        var bytes = magic
        bytes.reserveCapacity(magic.count + 20 + keyBytes.count + sampleBytes.count)
        append(formatVersion, to: &bytes)
        append(UInt32(keyBytes.count), to: &bytes)
        bytes += keyBytes
        append(UInt32(clip.samples.count), to: &bytes)
        append(fnv1a(sampleBytes), to: &bytes)
        bytes += sampleBytes
        return bytes
    }

    static func decode(_ bytes: [UInt8], key: Key) -> AudioClip? {
        var reader = Reader(bytes: bytes)
        guard reader.take(magic.count) == magic[...],
            reader.integer(UInt32.self) == formatVersion,
            let keyLength = reader.integer(UInt32.self),
            reader.take(Int(keyLength)).map(Array.init) == key.bytes,
            let count = reader.integer(UInt32.self),
            let checksum = reader.integer(UInt64.self),
            bytes.count - reader.offset == Int(count) * 2,
            let sampleBytes = reader.take(Int(count) * 2),
            fnv1a(sampleBytes) == checksum
        else { return nil }
        var samples = [Int16](repeating: 0, count: Int(count))
        if (1 as UInt16).littleEndian == 1 {
            // Little-endian on disk as in memory: one copy.
            samples.withUnsafeMutableBytes { target in sampleBytes.withUnsafeBytes { target.copyMemory(from: $0) } }
        } else {
            var index = sampleBytes.startIndex
            for i in 0..<samples.count {
                samples[i] = Int16(bitPattern: UInt16(sampleBytes[index]) | UInt16(sampleBytes[index + 1]) << 8)
                index += 2
            }
        }
        return AudioClip(samples)
    }

    static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    /// 64-bit FNV-1a: a file name and a checksum, not a defence against anyone.
    static func fnv1a<Bytes: Collection<UInt8>>(_ bytes: Bytes, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// Reads an entry front to back; nil once it runs out.
    struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
            guard count >= 0, bytes.count - offset >= count else { return nil }
            defer { offset += count }
            return bytes[offset..<offset + count]
        }

        mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
            guard let slice = take(MemoryLayout<T>.size) else { return nil }
            return slice.reversed().reduce(T.zero) { $0 << 8 | T($1) }
        }
    }
}

import BreatheCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Synthesized phrases kept on disk (`$XDG_CACHE_HOME/breathe-voice/phrases/`), so a repeat session never starts eSpeak NG.
///
/// One file per phrase, named by a hash of everything that changes its sound: the exact text, the voice, rate, pitch and
/// volume, the eSpeak NG version and the sample rate. The file repeats that key in full, so a hash collision is a miss.
/// Every problem reading an entry (missing, truncated, corrupt, another format version, an unreadable folder) is a
/// miss: the phrase is synthesized and the entry rewritten (temporary file, then rename) if the folder allows it.
/// Nothing here ever fails a session, and deleting the folder is always safe.
package struct PhraseCache: Sendable {
    /// The folder holding the entries.
    var directory: String

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
        var libraryVersion: String
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
    func path(for key: Key) -> String {
        let hash = PhraseCache.fnv1a(key.bytes, seed: 0xcbf2_9ce4_8422_2325 ^ UInt64(PhraseCache.formatVersion))
        let hex = String(hash, radix: 16)
        return directory + "/" + String(repeating: "0", count: 16 - hex.count) + hex + ".pcm"
    }

    /// The cached clip for `text`, else one synthesized by `speech` into the cache (see `synthesize`) and read back.
    /// Only the synthesis can throw.
    package func clip(_ text: String, settings: SpeechSettings, libraryVersion: String, speech: Speech)
        throws(BreatheError) -> AudioClip
    {
        let key = Key(text: text, settings: settings, libraryVersion: libraryVersion)
        if let clip = load(key) { return clip }
        switch try synthesize(text, settings: settings, libraryVersion: libraryVersion, speech: speech) {
        case .clip(let clip): return clip
        case .cached:
            if let clip = load(key) { return clip }
            // Removed or damaged the moment it was written: said again, in memory.
            return try speech.synthesize(text, settings)
        }
    }

    /// A phrase synthesized for later: in the cache, or in memory when the cache cannot take it.
    package enum Prepared: Sendable {
        /// The entry is stored; the phrase has this many samples.
        case cached(samples: Int)
        /// The cache could not be written: the clip itself.
        case clip(AudioClip)
    }

    /// Synthesizes `text` straight into its entry, its samples written to the file as `speech` makes them, so the
    /// phrase is never held whole (a long one, the key help, is 9 s of sound); when the folder or the file cannot be
    /// written, into memory instead. Only the synthesis can throw.
    package func synthesize(_ text: String, settings: SpeechSettings, libraryVersion: String, speech: Speech)
        throws(BreatheError) -> Prepared
    {
        let key = Key(text: text, settings: settings, libraryVersion: libraryVersion)
        if let samples = try stream(key, speech: speech) { return .cached(samples: samples) }
        return .clip(try speech.synthesize(text, settings))
    }

    /// Writes the entry for `key` from `speech`'s stream: the header with the count and checksum left at zero, the
    /// samples as they come, then the count and checksum in their places, then the rename. Nil when the file could
    /// not be written (nothing is left behind); a synthesis failure removes the file and is thrown. No fsync: an entry
    /// cut short by a crash fails its checksum and is synthesized again.
    private func stream(_ key: Key, speech: Speech) throws(BreatheError) -> Int? {
        do throws(BreatheError) { try FileSystem.makeDirectories(directory) } catch { return nil }
        let temporary =
            directory + "/.tmp-" + String(getpid()) + "-" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        // A signal that ends the process removes it (see `TemporaryFiles`).
        let registration = TemporaryFiles.register(temporary)
        defer { TemporaryFiles.unregister(registration) }
        var closed = false
        defer { if !closed { close(descriptor) } }
        let keyBytes = key.bytes
        var header = PhraseCache.magic
        PhraseCache.append(PhraseCache.formatVersion, to: &header)
        PhraseCache.append(UInt32(keyBytes.count), to: &header)
        header += keyBytes
        let countOffset = header.count
        header += [UInt8](repeating: 0, count: 12)
        var written = FileDescriptorIO.writeAll(descriptor, header)
        var count = 0
        var checksum = PhraseCache.fnv1aSeed
        do throws(BreatheError) {
            try speech.stream(key.text, key.settings) { chunk in
                guard written else { return }
                count += chunk.count
                func write(_ bytes: UnsafeRawBufferPointer) {
                    checksum = PhraseCache.fnv1a(bytes, seed: checksum)
                    written = FileDescriptorIO.writeAll(descriptor, bytes)
                }
                // Every platform Swift runs on Linux is little-endian; a big-endian one writes a swapped copy.
                if (1 as UInt16).littleEndian == 1 {
                    write(UnsafeRawBufferPointer(chunk))
                } else {
                    chunk.map(\.littleEndian).withUnsafeBytes(write)
                }
            }
        } catch {
            unlink(temporary)
            throw error
        }
        var tail: [UInt8] = []
        PhraseCache.append(UInt32(count), to: &tail)
        PhraseCache.append(checksum, to: &tail)
        written =
            written && count <= Int(UInt32.max)
            && tail.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(countOffset)) } == tail.count
        closed = true
        if close(descriptor) != 0 { written = false }
        guard written, rename(temporary, path(for: key)) == 0 else {
            unlink(temporary)
            return nil
        }
        return count
    }

    /// The entry for `key`, or nil for any problem at all.
    ///
    /// The samples are read straight into the clip's own storage: a phrase is held once while it is read, never as
    /// bytes and samples both. Like every file the program reads, a symbolic link or anything but a regular file is
    /// refused (a miss).
    package func load(_ key: Key) -> AudioClip? {
        guard case .success(let descriptor) = SafeFile.open(path(for: key), O_RDONLY) else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        let keyBytes = key.bytes
        let headerCount = PhraseCache.magic.count + 8 + keyBytes.count + 12
        guard Int(status.st_size) >= headerCount,
            let header = PhraseCache.readExactly(descriptor, count: headerCount)
        else { return nil }
        var reader = Reader(bytes: header)
        guard reader.take(PhraseCache.magic.count) == PhraseCache.magic[...],
            reader.integer(UInt32.self) == PhraseCache.formatVersion,
            reader.integer(UInt32.self) == UInt32(keyBytes.count),
            reader.take(keyBytes.count).map(Array.init) == keyBytes,
            let count = reader.integer(UInt32.self).map(Int.init),
            let checksum = reader.integer(UInt64.self),
            Int(status.st_size) - headerCount == count * 2
        else { return nil }
        var complete = false
        var samples = [Int16](unsafeUninitializedCapacity: count) { buffer, initialized in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            complete = PhraseCache.readExactly(descriptor, into: raw)
            initialized = complete ? count : 0
        }
        // One byte more would mean the file grew after fstat: not the entry that was checked.
        var extra: UInt8 = 0
        guard complete, SystemCall.retryingOnInterrupt({ SystemCall.read(descriptor, &extra, 1) }) == 0,
            samples.withUnsafeBytes({ PhraseCache.fnv1a($0) }) == checksum
        else { return nil }
        if (1 as UInt16).littleEndian != 1 {
            for index in samples.indices { samples[index] = Int16(littleEndian: samples[index]) }
        }
        return AudioClip(samples)
    }

    /// True when the entry's file is there and long enough to hold one, found without reading it (`load` still checks
    /// everything).
    func mayHold(_ key: Key) -> Bool {
        var status = stat()
        guard stat(path(for: key), &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        return Int(status.st_size) >= PhraseCache.magic.count + 20 + key.bytes.count
    }

    /// The next `count` bytes, or nil when the file ends first or cannot be read.
    static func readExactly(_ descriptor: Int32, count: Int) -> [UInt8]? {
        var complete = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            complete = readExactly(descriptor, into: UnsafeMutableRawBufferPointer(buffer))
            initialized = complete ? count : 0
        }
        return complete ? bytes : nil
    }

    /// Fills `buffer` from the file; false when it ends first or cannot be read.
    static func readExactly(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        FileDescriptorIO.readAll(descriptor, into: buffer) == buffer.count
    }

    package static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    /// FNV-1a's offset basis: the hash of nothing.
    static let fnv1aSeed: UInt64 = 0xcbf2_9ce4_8422_2325

    /// 64-bit FNV-1a: a file name and a checksum, not a defence against anyone. Continued from `seed` (the hash of what
    /// came before), a stream is hashed piece by piece.
    static func fnv1a<Bytes: Collection<UInt8>>(_ bytes: Bytes, seed: UInt64 = fnv1aSeed) -> UInt64 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// Reads an entry front to back; nil once it runs out.
    package struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
            guard count >= 0, bytes.count - offset >= count else { return nil }
            defer { offset += count }
            return bytes[offset..<offset + count]
        }

        package mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
            guard let slice = take(MemoryLayout<T>.size) else { return nil }
            return slice.reversed().reduce(T.zero) { $0 << 8 | T($1) }
        }
    }
}

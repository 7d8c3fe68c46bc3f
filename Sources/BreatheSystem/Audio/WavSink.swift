import BreatheCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A WAV file (RIFF, PCM, 22 050 Hz mono 16-bit) that the session renders into as fast as it can, no server needed.
///
/// The header is written first with the planned length; when the file can seek, `finish` rewrites it with the length
/// actually rendered. A regular file (or a new one) is rendered into a temporary file beside it
/// (`.NAME.tmp-PID-RANDOM`), and only `commit()` renames it over the target, once the session is complete: a failed
/// write (a full disk, a file-size limit), a signal or a crash leaves no partial WAV, and an existing file untouched.
/// A FIFO or a device is written in place (never truncated), and `-` streams to standard output.
package final class WavSink: AudioSink {
    private let descriptor: Int32
    private let path: String
    private let ownsDescriptor: Bool
    /// The temporary file being rendered, until it is renamed over `target` or removed.
    private var temporary: String?
    /// Its slot in `TemporaryFiles`, so that a signal that ends the process removes it.
    private var registration: Int?
    /// The file `commit()` replaces (the link's target when `path` is a symbolic link).
    private let target: String
    private var written: Int64 = 0

    /// Opens the output (see the type's comment), or takes stdout for `-`, and writes a header for `plannedSamples`.
    package init(path: String, plannedSamples: Int64) throws(BreatheError) {
        self.path = path
        var target = path
        if path == "-" {
            descriptor = 1
            ownsDescriptor = false
        } else {
            var status = stat()
            var exists = lstat(path, &status) == 0
            if exists, status.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) {
                // A link the user made to their file: the file it names is replaced, the link stays.
                target = String(cString: resolved)
                free(resolved)
                exists = lstat(target, &status) == 0
            }
            let kind = exists ? status.st_mode & S_IFMT : S_IFREG
            let opened: Int32
            if kind == S_IFREG {
                let temporary = FileSystem.temporaryPath(for: target)
                opened = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
                if opened >= 0 {
                    self.temporary = temporary
                    if exists { _ = fchmod(opened, status.st_mode & 0o7777) }
                    registration = TemporaryFiles.register(temporary)
                }
            } else {
                // A FIFO, a device, a dangling link: written where it is, as a shell's `>` would (without truncating);
                // a FIFO that no program reads is refused at once, never waited for.
                switch SafeFile.openForWriting(path, O_CREAT) {
                case .success(let descriptor): opened = descriptor
                case .failure(let problem):
                    throw .cannotCreate(
                        Message(.errorOutputCreate, ["path": .text(path), "detail": .message(problem.reason)]))
                }
            }
            guard opened >= 0 else {
                throw .cannotCreate(
                    Message(.errorOutputCreate, ["path": .text(path), "detail": .systemText(WavSink.reason(errno))]))
            }
            descriptor = opened
            ownsDescriptor = true
        }
        self.target = target
        do {
            try put(WavSink.header(samples: plannedSamples))
        } catch {
            discard()
            throw error
        }
    }

    deinit {
        discard()
        if ownsDescriptor { close(descriptor) }
    }

    /// Renames the finished temporary file over the target; nothing to do for a device, a FIFO or standard output.
    package func commit() throws(BreatheError) {
        guard let temporary else { return }
        self.temporary = nil
        defer { TemporaryFiles.unregister(registration) }
        guard rename(temporary, target) == 0 else {
            let code = errno
            unlink(temporary)
            throw .io(Message(.errorOutputWrite, ["path": .text(path), "detail": .systemText(WavSink.reason(code))]))
        }
        FileSystem.syncDirectory(FileSystem.parent(of: target))
    }

    /// Removes the temporary file: the session did not complete, or writing it failed. The target is left as it was.
    package func discard() {
        guard let temporary else { return }
        self.temporary = nil
        unlink(temporary)
        TemporaryFiles.unregister(registration)
    }

    /// Why `path` cannot be rendered to, before anything is rendered: a regular file (or a new one) must be named
    /// `….wav` (in any case), since WAV is all it writes; a name with no extension is refused too, so that no file
    /// goes out under a name that says nothing of what it holds. `-`, a FIFO and a device are written as they are. The
    /// line names `option`, the one the user typed (`--output`, or demo's `--wav`).
    package static func nameProblem(_ path: String, option: String = "--output") -> Message? {
        guard path != "-" else { return nil }
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG { return nil }
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        if let dot, name[name.index(after: dot)...].lowercased() == "wav" { return nil }
        let stem = dot.map { String(name[..<$0]) } ?? name
        let suggestion = stem.isEmpty || stem == "." || stem == ".." ? "session.wav" : stem + ".wav"
        return Message(
            .errorOutputFormat,
            ["path": .userValue(path), "option": .text(option), "suggestion": .userValue(suggestion)])
    }

    /// `path` from the root (the current directory before a relative one, `./` steps left out), for the line that
    /// says where a render went.
    package static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : (WorkingDirectory.current ?? ".") + "/" + path
        let parts = full.split(separator: "/").filter { $0 != "." }
        return "/" + parts.joined(separator: "/")
    }

    /// The 44-byte header of a PCM WAV file holding `samples` samples.
    static func header(samples: Int64) -> [UInt8] {
        let dataBytes = UInt32(clamping: samples * 2)
        var bytes: [UInt8] = []
        func text(_ value: String) { bytes += Array(value.utf8) }
        func u32(_ value: UInt32) {
            bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
        }
        func u16(_ value: UInt16) { bytes += [UInt8(value & 0xFF), UInt8(value >> 8)] }
        let rate = UInt32(AudioFormat.sampleRate)
        text("RIFF")
        u32(dataBytes &+ 36)
        text("WAVE")
        text("fmt ")
        u32(16)
        u16(1)
        u16(1)
        u32(rate)
        u32(rate * 2)
        u16(2)
        u16(16)
        text("data")
        u32(dataBytes)
        return bytes
    }

    package func write(_ samples: [Int16]) throws(BreatheError) {
        let bytes = samples.withUnsafeBytes { Array($0) } // little-endian hosts: S16LE as is
        try put(bytes)
        written += Int64(samples.count)
    }

    package func latencySamples() -> Int64 { 0 }

    /// A file holds nothing back from a flush.
    package func deviceLatencySamples() -> Int64 { 0 }

    package func flush() {}

    package func finish() throws(BreatheError) {
        // Rewrite the header with the real length when the output can seek (a file, not a pipe).
        if lseek(descriptor, 0, SEEK_SET) == 0 {
            try put(WavSink.header(samples: written))
            _ = lseek(descriptor, 0, SEEK_END)
        }
        if ownsDescriptor, fsync(descriptor) != 0, errno != EINVAL {
            throw .io(Message(.errorOutputWrite, ["path": .text(path), "detail": .systemText(WavSink.reason(errno))]))
        }
    }

    package func reconnect() throws(BreatheError) {}

    private func put(_ bytes: [UInt8]) throws(BreatheError) {
        guard FileDescriptorIO.writeAll(descriptor, bytes) else {
            throw .io(Message(.errorOutputWrite, ["path": .text(path), "detail": .systemText(WavSink.reason(errno))]))
        }
    }

    static func reason(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}

import BreatheCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A WAV file (RIFF, PCM, 22 050 Hz mono 16-bit) that the session renders into as fast as it can, no server needed.
///
/// The header is written first with the planned length; when the file can seek, `finish` rewrites it with the length
/// actually rendered (they differ only when a session is stopped early). `-` writes to standard output.
public final class WavSink: AudioSink {
    private let descriptor: Int32
    private let path: String
    private let ownsDescriptor: Bool
    private var written: Int64 = 0

    /// Creates (or truncates) `path`, or takes stdout for `-`, and writes a header for `plannedSamples`.
    public init(path: String, plannedSamples: Int64) throws(BreatheError) {
        self.path = path
        if path == "-" {
            descriptor = 1
            ownsDescriptor = false
        } else {
            let opened = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard opened >= 0 else {
                throw .cannotCreate(Message(.errorOutputCreate, ["path": .text(path), "detail": .systemText(WavSink.reason(errno))]))
            }
            descriptor = opened
            ownsDescriptor = true
        }
        try put(WavSink.header(samples: plannedSamples))
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    public var isFile: Bool { true }

    /// The 44-byte header of a PCM WAV file holding `samples` samples.
    public static func header(samples: Int64) -> [UInt8] {
        let dataBytes = UInt32(clamping: samples * 2)
        var bytes: [UInt8] = []
        func text(_ value: String) { bytes += Array(value.utf8) }
        func u32(_ value: UInt32) { bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)] }
        func u16(_ value: UInt16) { bytes += [UInt8(value & 0xFF), UInt8(value >> 8)] }
        let rate = UInt32(AudioFormat.sampleRate)
        text("RIFF"); u32(dataBytes &+ 36); text("WAVE")
        text("fmt "); u32(16); u16(1); u16(1); u32(rate); u32(rate * 2); u16(2); u16(16)
        text("data"); u32(dataBytes)
        return bytes
    }

    public func write(_ samples: [Int16]) throws(BreatheError) {
        let bytes = samples.withUnsafeBytes { Array($0) } // little-endian hosts: S16LE as is
        try put(bytes)
        written += Int64(samples.count)
    }

    public func latencySamples() -> Int64 { 0 }

    public func flush() {}

    public func finish() throws(BreatheError) {
        // Rewrite the header with the real length when the output can seek (a file, not a pipe).
        if lseek(descriptor, 0, SEEK_SET) == 0 {
            try put(WavSink.header(samples: written))
            _ = lseek(descriptor, 0, SEEK_END)
        }
        if ownsDescriptor, fsync(descriptor) != 0, errno != EINVAL {
            throw .io(Message(.errorOutputWrite, ["path": .text(path), "detail": .systemText(WavSink.reason(errno))]))
        }
    }

    public func reconnect() throws(BreatheError) {}

    private func put(_ bytes: [UInt8]) throws(BreatheError) {
        var offset = 0
        while offset < bytes.count {
            let result = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if result < 0 {
                if errno == EINTR { continue }
                throw .io(Message(.errorOutputWrite, ["path": .text(path), "detail": .systemText(WavSink.reason(errno))]))
            }
            offset += result
        }
    }

    static func reason(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}

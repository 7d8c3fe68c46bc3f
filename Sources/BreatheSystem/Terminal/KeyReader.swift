#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Keys from a terminal in raw mode, as session inputs: space, `s`, `q`, Esc, `?`, `t`, `r`, `+`, `-`, `[` and `]`;
/// any other key is an unknown key (answered with a hint about `?`).
///
/// One read is one byte, so keys typed quickly are each delivered in turn (poll(2) stays ready while bytes remain).
/// Esc alone quits; an escape sequence (an arrow key, a function key, Alt and a letter) starts with the same byte, so
/// after an Esc the reader waits a moment for the rest of a sequence and drops the whole sequence if one follows.
package enum KeyReader {
    /// How long a lone Esc waits for the rest of a sequence. Terminals send a sequence in one write, so this is ample.
    package static let sequenceWaitMilliseconds: Int32 = 30

    /// A source for the session clock that reads keys from `descriptor`.
    package static func source(_ descriptor: Int32) -> SessionInputs.Source {
        SessionInputs.Source(fileDescriptor: descriptor) {
            guard let byte = readByte(descriptor, waitMilliseconds: 0) else { return nil }
            guard byte == 0x1B else { return input(for: byte) }
            guard let next = readByte(descriptor, waitMilliseconds: sequenceWaitMilliseconds) else { return .quit }
            skipSequence(after: next, descriptor)
            return nil
        }
    }

    /// What a single key means. A character typed as several UTF-8 bytes is one unknown key: only its first byte counts.
    static func input(for byte: UInt8) -> SessionInput? {
        switch byte {
        case UInt8(ascii: " "): .togglePause
        case UInt8(ascii: "s"), UInt8(ascii: "S"): .skip
        case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x1B: .quit
        case UInt8(ascii: "?"): .help
        case UInt8(ascii: "t"), UInt8(ascii: "T"): .timeLeft
        case UInt8(ascii: "r"), UInt8(ascii: "R"): .repeatInstruction
        case UInt8(ascii: "+"), UInt8(ascii: "="): .faster
        case UInt8(ascii: "-"), UInt8(ascii: "_"): .slower
        case UInt8(ascii: "]"): .louderTones
        case UInt8(ascii: "["): .softerTones
        case 0x80...0xBF: nil
        default: .unknownKey
        }
    }

    /// Reads the rest of an escape sequence whose second byte was `second`: CSI (`ESC [` … final byte), SS3
    /// (`ESC O` and one byte), or Alt with one key.
    private static func skipSequence(after second: UInt8, _ descriptor: Int32) {
        switch second {
        case UInt8(ascii: "["):
            // Parameters and intermediates are 0x20…0x3F; the final byte is 0x40…0x7E.
            for _ in 0..<32 {
                guard let byte = readByte(descriptor, waitMilliseconds: sequenceWaitMilliseconds) else { return }
                if (0x40...0x7E).contains(byte) { return }
            }
        case UInt8(ascii: "O"):
            _ = readByte(descriptor, waitMilliseconds: sequenceWaitMilliseconds)
        default:
            return
        }
    }

    /// One byte, waiting at most `waitMilliseconds` for it; nil when none came, at end of file, or on an error.
    private static func readByte(_ descriptor: Int32, waitMilliseconds: Int32) -> UInt8? {
        if waitMilliseconds > 0 {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let result = SystemCall.retryingOnInterrupt { poll(&ready, 1, waitMilliseconds) }
            guard result > 0, ready.revents & Int16(POLLIN) != 0 else { return nil }
        }
        var byte: UInt8 = 0
        let count = SystemCall.retryingOnInterrupt { read(descriptor, &byte, 1) }
        return count == 1 ? byte : nil
    }
}

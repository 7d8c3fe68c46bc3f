import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where text goes. Lines are written whole and at once, so a screen reader gets each sentence the moment it happens.
package protocol TextSink {
    mutating func write(_ text: String)
}

/// A file descriptor, written with write(2): no stdio buffer to hold a line back when stdout is a pipe.
package struct FileDescriptorSink: TextSink, Sendable {
    let fileDescriptor: Int32

    package init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    package static let standardOutput = FileDescriptorSink(fileDescriptor: 1)

    /// How text is written instead of `FileDescriptorIO.writeAll`, for the rest of the process, once screen-reader mode
    /// is on: set by the terminal's layer (`Terminal.keepLinesWhole`), which knows how to give a line whole to a
    /// terminal; nil before.
    static let wholeLines = Mutex<(@Sendable (Int32, [UInt8]) -> Bool)?>(nil)
    package static let standardError = FileDescriptorSink(fileDescriptor: 2)

    package mutating func write(_ text: String) {
        let bytes = Array(text.utf8)
        // In screen-reader mode, a terminal gets each line in one piece (`Terminal.keepLinesWhole`).
        let written =
            Self.wholeLines.withLock { $0 }?(fileDescriptor, bytes) ?? FileDescriptorIO.writeAll(fileDescriptor, bytes)
        if !written {
            // Never stops the session: the failure is noted and decides the exit (see OutputHealth).
            OutputHealth.noteFailure(descriptor: fileDescriptor, code: errno)
        }
    }
}

/// Collects text in memory; for tests and for output that is assembled before it is written.
final class MemorySink: TextSink {
    private(set) var text = ""

    package init() {}

    package func write(_ text: String) {
        self.text += text
    }
}

/// Plain-mode text: only printable characters and newlines. Control characters (ESC, CR, backspace, bell and the rest)
/// from anywhere, user input included, become spaces, so a screen reader never hears noise.
package enum PlainText {
    package static func sanitize(_ text: String) -> String {
        // Printable ASCII, most text, has nothing to replace: no scalar's properties to look up (`history` over two
        // million records spent a quarter of its time there).
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse:
                result.append(" ")
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// One line: sanitized, with a single trailing newline.
    package static func line(_ text: String) -> String {
        sanitize(text) + "\n"
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The process environment as a dictionary, read from `environ` without Foundation.
package enum ProcessEnvironment {
    /// The environment as it was at first use, read once per process: the program never changes its own environment
    /// (nothing calls setenv, putenv or unsetenv; children are given `environ` or a dictionary of their own), so one
    /// snapshot serves the many calls that take it as a default argument.
    package static var current: [String: String] { snapshot }

    private static let snapshot = read()

    /// Every `NAME=value` entry of `environ`, split at its first "=" Character; a later entry of the same name wins.
    package static func read() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = separator(in: text) {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }

    /// `text.firstIndex(of: "=")`, found by bytes in the usual case: when the name before the first "=" byte is ASCII
    /// and the byte after it is ASCII (or the end), that byte is a Character of its own, so it is the first "=";
    /// otherwise the Characters are searched, as a combining mark after the "=" would make it part of another one.
    static func separator(in text: String) -> String.Index? {
        let bytes = text.utf8
        guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { return nil }
        let after = bytes.index(after: equals)
        if bytes[..<equals].allSatisfy({ $0 < 0x80 }) && (after == bytes.endIndex || bytes[after] < 0x80) {
            return equals
        }
        return text.firstIndex(of: "=")
    }
}

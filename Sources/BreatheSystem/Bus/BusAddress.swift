#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where the user's session bus is, found as the sound server is: `DBUS_SESSION_BUS_ADDRESS` when set, else the
/// socket systemd's user instance (or dbus-user-session) keeps in the runtime folder, `$XDG_RUNTIME_DIR/bus` or
/// `/run/user/<uid>/bus`. cron's environment names none, and a reminder still finds the user's bus there.
enum BusAddress {
    /// The session bus's address, or nil when there is none to reach (no variable, no socket): nothing is opened then.
    static func session(environment: [String: String], userID: uid_t = getuid()) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty {
            // A path that is not there is no bus; an abstract socket or another transport can only be tried.
            if let path = unixPath(address), !isSocket(path) { return nil }
            return address
        }
        var folders: [String] = []
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") { folders.append(runtime) }
        folders.append("/run/user/" + String(userID))
        for folder in folders where isSocket(folder + "/bus") {
            return "unix:path=" + escaped(folder + "/bus")
        }
        return nil
    }

    /// The path of a `unix:path=…` address (its first), unescaped; nil for any other.
    static func unixPath(_ address: String) -> String? {
        guard let first = address.split(separator: ";").first, first.hasPrefix("unix:") else { return nil }
        for field in first.dropFirst(5).split(separator: ",") where field.hasPrefix("path=") {
            return unescaped(String(field.dropFirst(5)))
        }
        return nil
    }

    private static func isSocket(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK
    }

    /// D-Bus address escaping: every byte but `[-0-9A-Za-z_/.\*]` as `%XX`.
    static func escaped(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "\\"),
                UInt8(ascii: "*"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "a")...UInt8(ascii: "z"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789abcdef".unicodeScalars)
                result += "%"
                result.unicodeScalars.append(digits[Int(byte >> 4)])
                result.unicodeScalars.append(digits[Int(byte & 15)])
            }
        }
        return result
    }

    static func unescaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else {
                bytes.append(byte)
                continue
            }
            bytes.append(value)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

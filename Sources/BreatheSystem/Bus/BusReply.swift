import CSdBus

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A reply as a call's callback gets it: an error (a timeout too), or values read in order. Valid only inside the
/// callback (sd-bus frees the message after it).
struct BusReply {
    package let library: LiveBusLibrary
    package let message: OpaquePointer?

    /// The error's name (`org.freedesktop.DBus.Error.ServiceUnknown`, a timeout's `…NoReply`), nil for a reply.
    var errorName: String? {
        guard let message else { return "org.freedesktop.DBus.Error.NoReply" }
        guard let error = library.getError(message), let name = error.pointee.name else { return nil }
        return String(cString: name)
    }

    /// The next value, a string (`s`) or an object path (`o`); nil when the next value is not one.
    func readString(type: Unicode.Scalar = "s") -> String? {
        var text: UnsafePointer<CChar>?
        guard let message, library.readBasic(message, CChar(UInt8(ascii: type)), &text) > 0, let text else {
            return nil
        }
        return String(cString: text)
    }

    /// The next value, an array of strings (`as`).
    func readStrings() -> [String] {
        guard let message, library.enterContainer(message, CChar(UInt8(ascii: "a")), "s") > 0 else { return [] }
        var texts: [String] = []
        while let text = readString() { texts.append(text) }
        _ = library.exitContainer(message)
        return texts
    }

    /// The next value, a variant holding a string (`v` of `s`: a property's value from `Get`).
    func readVariantString() -> String? {
        guard let message, library.enterContainer(message, CChar(UInt8(ascii: "v")), "s") > 0 else { return nil }
        defer { _ = library.exitContainer(message) }
        return readString()
    }

    /// The next value, a file descriptor (`h`), duplicated so that it outlives the message (close-on-exec).
    func readFileDescriptor() -> Int32? {
        var descriptor: Int32 = -1
        guard let message, library.readBasic(message, CChar(UInt8(ascii: "h")), &descriptor) > 0, descriptor >= 0
        else { return nil }
        let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 3)
        return copy >= 0 ? copy : nil
    }
}

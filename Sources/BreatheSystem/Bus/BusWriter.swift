/// Appends values to a message being built (a call's arguments, a property's value), one by one through
/// `sd_bus_message_append_basic` and its containers: sd-bus's variadic `append` cannot be called from Swift.
package struct BusWriter {
    package let library: LiveBusLibrary
    package let message: OpaquePointer

    /// Appends `value` as itself (its own signature), or wrapped in a variant.
    package func append(_ value: BusValue, inVariant: Bool = false) {
        if inVariant { _ = library.openContainer(message, CChar(UInt8(ascii: "v")), value.signature) }
        switch value {
        case .string(let text): appendText(text, type: "s")
        case .objectPath(let path): appendText(path, type: "o")
        case .boolean(let flag):
            var number: Int32 = flag ? 1 : 0
            _ = library.appendBasic(message, CChar(UInt8(ascii: "b")), &number)
        case .double(var number): _ = library.appendBasic(message, CChar(UInt8(ascii: "d")), &number)
        case .int64(var number): _ = library.appendBasic(message, CChar(UInt8(ascii: "x")), &number)
        case .strings(let texts):
            _ = library.openContainer(message, CChar(UInt8(ascii: "a")), "s")
            for text in texts { appendText(text, type: "s") }
            _ = library.closeContainer(message)
        case .dictionary(let entries):
            _ = library.openContainer(message, CChar(UInt8(ascii: "a")), "{sv}")
            for entry in entries {
                _ = library.openContainer(message, CChar(UInt8(ascii: "e")), "sv")
                appendText(entry.key, type: "s")
                append(entry.value, inVariant: true)
                _ = library.closeContainer(message)
            }
            _ = library.closeContainer(message)
        }
        if inVariant { _ = library.closeContainer(message) }
    }

    /// A string or an object path; text with a NUL cannot be sent and is cut there, as C would.
    private func appendText(_ text: String, type: Unicode.Scalar) {
        _ = text.withCString { library.appendBasic(message, CChar(UInt8(ascii: type)), $0) }
    }
}

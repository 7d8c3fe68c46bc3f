import CSdBus

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An object's interface as sd-bus takes it (`sd_bus_vtable`, which C builds with the `SD_BUS_METHOD`… macros): its
/// methods, signals and properties, each method answered by one handler and each property by one getter (and one
/// setter where it can be written), which are told the member's or property's name. Built once, kept for the life of
/// the process, as the macros' static tables are.
///
/// The first entry says the table's format: the 242 layout (every entry `sizeof(sd_bus_vtable)` long) without the
/// parameter names, which sd-bus accepts without a reference to libsystemd's own format symbol (that reference is for a
/// table linked against the library, which this one is not).
package struct BusVtable: @unchecked Sendable {
    package enum Entry {
        /// A method with its argument and result signatures.
        case method(String, arguments: String, result: String)
        case signal(String, signature: String)
        /// A property that never changes.
        case constant(String, signature: String)
        /// A property whose changes are announced (`PropertiesChanged` with the value).
        case changing(String, signature: String)
        /// A property read when asked and never announced (MPRIS's `Position`).
        case unannounced(String, signature: String)
        /// A property that can be written, and is announced.
        case writable(String, signature: String)
    }

    /// The table, ending with its end entry; never freed.
    let table: UnsafeMutablePointer<sd_bus_vtable>

    package init(
        _ entries: [Entry], method: sd_bus_message_handler_t, get: sd_bus_property_get_t,
        set: sd_bus_property_set_t? = nil
    ) {
        table = .allocate(capacity: entries.count + 2)
        var start = sd_bus_vtable()
        start.type = UInt8(ascii: "<")
        start.x.start.element_size = MemoryLayout<sd_bus_vtable>.size
        table[0] = start
        // Any caller on the user's own bus may control the player (sd-bus would otherwise ask for CAP_SYS_ADMIN).
        let unprivileged = UInt64(SD_BUS_VTABLE_UNPRIVILEGED)
        for (index, entry) in entries.enumerated() {
            var row = sd_bus_vtable()
            switch entry {
            case .method(let name, let arguments, let result):
                row.type = UInt8(ascii: "M")
                row.flags = unprivileged
                row.x.method.member = Self.keep(name)
                row.x.method.signature = Self.keep(arguments)
                row.x.method.result = Self.keep(result)
                row.x.method.handler = method
            case .signal(let name, let signature):
                row.type = UInt8(ascii: "S")
                row.x.signal.member = Self.keep(name)
                row.x.signal.signature = Self.keep(signature)
            case .constant(let name, let signature), .changing(let name, let signature),
                .unannounced(let name, let signature), .writable(let name, let signature):
                row.type = UInt8(ascii: "P")
                row.x.property.member = Self.keep(name)
                row.x.property.signature = Self.keep(signature)
                row.x.property.get = get
                if case .constant = entry { row.flags = UInt64(SD_BUS_VTABLE_PROPERTY_CONST) }
                if case .changing = entry { row.flags = UInt64(SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE) }
                if case .writable = entry {
                    row.type = UInt8(ascii: "W")
                    row.flags = UInt64(SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE) | unprivileged
                    row.x.property.set = set
                }
            }
            table[index + 1] = row
        }
        var end = sd_bus_vtable()
        end.type = UInt8(ascii: ">")
        table[entries.count + 1] = end
    }

    /// A C string that lives as long as the table.
    private static func keep(_ text: String) -> UnsafePointer<CChar> {
        UnsafePointer(strdup(text)!)
    }
}

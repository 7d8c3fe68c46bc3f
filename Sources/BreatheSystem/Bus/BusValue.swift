/// A value sent on the bus: what a property or an entry of `Metadata` holds, with its D-Bus signature.
package enum BusValue: Hashable, Sendable {
    case string(String)
    case objectPath(String)
    case boolean(Bool)
    case double(Double)
    case int64(Int64)
    case strings([String])
    /// `a{sv}`: MPRIS's `Metadata`, in the order given.
    case dictionary([BusEntry])

    /// The D-Bus signature of the value.
    var signature: String {
        switch self {
        case .string: "s"
        case .objectPath: "o"
        case .boolean: "b"
        case .double: "d"
        case .int64: "x"
        case .strings: "as"
        case .dictionary: "a{sv}"
        }
    }
}

/// One entry of an `a{sv}` dictionary.
package struct BusEntry: Hashable, Sendable {
    var key: String
    var value: BusValue

    package init(_ key: String, _ value: BusValue) {
        self.key = key
        self.value = value
    }
}

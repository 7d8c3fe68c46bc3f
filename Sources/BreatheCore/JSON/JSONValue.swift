/// A JSON value as read from or written to the program's own files (preferences, history).
///
/// The program parses its files itself so that every error can name the line and column, and every value keeps where it
/// was found: a wrong type in `preferences.json` is reported at the value, not just "the file is bad".
package indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number as written: kept as text so that whole numbers stay exact and nothing is rounded on the way.
    case number(String)
    case string(String)
    case array([JSONNode])
    /// Members in file order. Objects are equal when their members are, in the same order: `{"a":1,"b":2}` is not
    /// `{"b":2,"a":1}`.
    case object([Member])

    /// One member of an object: its key and its value (with where the value was found).
    package struct Member: Hashable, Sendable {
        var key: String
        var node: JSONNode
    }

    /// The member named `key`, for objects.
    package subscript(key: String) -> JSONNode? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.node
    }

    /// A whole number, if this is one that fits in an Int.
    var integer: Int? {
        guard case .number(let text) = self, !text.contains("."), !text.contains("e"), !text.contains("E") else {
            return nil
        }
        return Int(text)
    }

    /// A number in tenths, if it has at most one decimal place ("5", "5.5", "5.50").
    var tenths: Int? {
        guard case .number(let text) = self, !text.contains("e"), !text.contains("E") else { return nil }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard let whole = Int(parts[0]), parts.count <= 2 else { return nil }
        var fraction = parts.count == 2 ? parts[1] : ""
        while fraction.last == "0" { fraction = fraction.dropLast() }
        guard fraction.count <= 1 else { return nil }
        let tenth = Int(fraction) ?? 0
        return whole * 10 + (text.hasPrefix("-") ? -tenth : tenth)
    }

    package var string: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// A member-wise object from values, in the given order (positions are not known for values built in memory).
    package static func object(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(members.map { Member(key: $0.key, node: JSONNode($0.value)) })
    }

    /// An object from keys and nodes, in the given order.
    package static func object(_ members: [(key: String, node: JSONNode)]) -> JSONValue {
        .object(members.map { Member(key: $0.key, node: $0.node) })
    }

    /// The type's name as the preference errors word it.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "true/false"
        case .number: "number"
        case .string: "text"
        case .array: "list"
        case .object: "object"
        }
    }
}

/// A value and where it starts in its file (1-based line and column; 0 for values built in memory).
package struct JSONNode: Hashable, Sendable {
    package var value: JSONValue
    var line: Int
    var column: Int

    package init(_ value: JSONValue, line: Int = 0, column: Int = 0) {
        self.value = value
        self.line = line
        self.column = column
    }

    /// Equality of values only: where a value was found does not change what it is.
    package static func == (lhs: JSONNode, rhs: JSONNode) -> Bool { lhs.value == rhs.value }
    package func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// A syntax error and where it is.
package struct JSONSyntaxError: Error, Hashable, Sendable {
    /// What is wrong, as a short English phrase for developers; users get a localized sentence from `kind`.
    enum Kind: String, Hashable, Sendable {
        case unexpectedEnd
        case unexpectedCharacter
        case invalidUTF8
        case invalidEscape
        case invalidNumber
        case duplicateKey
        case trailingContent
        case tooDeep
    }

    var kind: Kind
    /// 1-based line and column (columns count characters, not bytes).
    var line: Int
    var column: Int
    /// Byte offset from the start of the input.
    var offset: Int
}

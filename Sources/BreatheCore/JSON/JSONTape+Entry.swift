/// The tape's entries: one per value, in document order.
extension JSONTape {
    enum Kind: UInt8, Sendable {
        case null, bool, number, string, array, object
    }

    /// One value. Containers are followed by their contents: an object by key, value, key, value…
    struct Entry: Sendable {
        var kind: Kind
        /// Strings: plain ASCII without escapes, so the bytes are the text. Bools: true.
        var flag: Bool
        /// Strings: the first byte after the opening quote; others: the value's first byte.
        var start: Int
        /// Strings: the closing quote; others: one past the value's last byte.
        var end: Int
        /// The index of the entry after this value and everything inside it (its next sibling, if any).
        var next: Int
        /// Object keys in plain ASCII: `JSONTape.fingerprint` of their bytes, so a reader can rule names out quickly;
        /// -1 for other keys, 0 for values.
        var fingerprint: Int = 0
    }
}

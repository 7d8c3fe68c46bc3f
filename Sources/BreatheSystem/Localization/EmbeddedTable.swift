#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One of LocaleEmbedder's tables, read where it lies: a string literal in the binary's read-only data holding members
/// sorted by key (byte by byte), each field ended by U+001F and each member by U+001E; a member is its key, then its
/// sentence or its plural forms one, other and =1. Where each member starts is found once (one `memchr` a member); a
/// member is then found by a binary search, and only the strings of the members asked for are ever made.
package struct EmbeddedTable: Sendable {
    private let table: StaticString
    /// The byte offset of each member's key, in key order.
    private let starts: [Int32]

    package init(_ table: StaticString) {
        self.table = table
        var starts: [Int32] = []
        table.withUTF8Buffer { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            starts.reserveCapacity(bytes.count / 48)
            var offset = 0
            while offset < bytes.count {
                starts.append(Int32(offset))
                guard let end = memchr(base + offset, 0x1E, bytes.count - offset) else { break }
                offset = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(end)) + 1
            }
        }
        self.starts = starts
    }

    /// How many members the table holds.
    package var count: Int { starts.count }

    /// The member whose key is `key`, or nil.
    func entry(_ key: String) -> LocaleCatalog.Entry? {
        var key = key
        return key.withUTF8 { wanted in
            table.withUTF8Buffer { bytes in
                let index = lowerBound(of: wanted, in: bytes)
                guard index < starts.count else { return nil }
                let fields = Self.fields(at: Int(starts[index]), in: bytes)
                guard UnsafeBufferPointer(rebasing: bytes[fields[0]]).elementsEqual(wanted) else { return nil }
                return Self.entry(fields, in: bytes)
            }
        }
    }

    /// Hands `body` every member whose key starts with `prefix`, in key order.
    package func forEach(prefix: String = "", _ body: (String, LocaleCatalog.Entry) -> Void) {
        var prefix = prefix
        prefix.withUTF8 { wanted in
            table.withUTF8Buffer { bytes in
                var index = lowerBound(of: wanted, in: bytes)
                while index < starts.count {
                    let fields = Self.fields(at: Int(starts[index]), in: bytes)
                    let key = UnsafeBufferPointer(rebasing: bytes[fields[0]])
                    guard key.starts(with: wanted) else { return }
                    body(Self.text(fields[0], in: bytes), Self.entry(fields, in: bytes))
                    index += 1
                }
            }
        }
    }

    /// Every key, in order.
    var keys: [String] {
        table.withUTF8Buffer { bytes in
            starts.map { start in Self.text(Self.fields(at: Int(start), in: bytes)[0], in: bytes) }
        }
    }

    /// The index of the first member whose key is not less than `wanted` (`count` when there is none).
    private func lowerBound(of wanted: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            var end = Int(starts[middle])
            while bytes[end] != 0x1F { end += 1 }
            let key = UnsafeBufferPointer(rebasing: bytes[Int(starts[middle])..<end])
            if key.lexicographicallyPrecedes(wanted) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The fields of the member that starts at `start`, as ranges of the table's bytes.
    private static func fields(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var fields: [Range<Int>] = []
        fields.reserveCapacity(4)
        var fieldStart = start
        var index = start
        while index < bytes.count, bytes[index] != 0x1E {
            if bytes[index] == 0x1F {
                fields.append(fieldStart..<index)
                fieldStart = index + 1
            }
            index += 1
        }
        return fields
    }

    private static func text(_ field: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[field]), as: UTF8.self)
    }

    /// A member's sentence (its key and one field) or plural forms (its key and two or three).
    private static func entry(_ fields: [Range<Int>], in bytes: UnsafeBufferPointer<UInt8>) -> LocaleCatalog.Entry {
        if fields.count >= 3 {
            return .plural(
                one: text(fields[1], in: bytes), other: text(fields[2], in: bytes),
                exactlyOne: fields.count > 3 ? text(fields[3], in: bytes) : nil)
        }
        return .text(fields.count == 2 ? text(fields[1], in: bytes) : "")
    }
}

/// Where each pair of LocaleEmbedder's `embeddedLocaleKeys` starts (case name, then locale key; sorted by the name):
/// one pass over the table's bytes at the first look-up, then a binary search per key, with no string made but the key
/// found.
struct LocaleKeyIndex: Sendable {
    static let shared = LocaleKeyIndex(embeddedLocaleKeys)

    private let table: StaticString
    private let starts: [Int32]

    init(_ table: StaticString) {
        self.table = table
        var starts: [Int32] = [0]
        table.withUTF8Buffer { bytes in
            for index in bytes.indices where bytes[index] == 0x1E && index + 1 < bytes.count {
                starts.append(Int32(index + 1))
            }
        }
        if table.utf8CodeUnitCount == 0 { starts = [] }
        self.starts = starts
    }

    /// The locale key of the case named `caseName`, or nil when the English file has none.
    func localeKey(caseName: String) -> String? {
        var name = caseName
        return name.withUTF8 { wanted in
            table.withUTF8Buffer { bytes -> String? in
                var low = 0
                var high = starts.count
                while low < high {
                    let middle = (low + high) / 2
                    let start = Int(starts[middle])
                    var end = start
                    while bytes[end] != 0x1F { end += 1 }
                    let found = UnsafeBufferPointer(rebasing: bytes[start..<end])
                    if found.elementsEqual(wanted) {
                        var keyEnd = end + 1
                        while bytes[keyEnd] != 0x1F { keyEnd += 1 }
                        return String(decoding: UnsafeBufferPointer(rebasing: bytes[end + 1..<keyEnd]), as: UTF8.self)
                    }
                    if found.lexicographicallyPrecedes(wanted) { low = middle + 1 } else { high = middle }
                }
                return nil
            }
        }
    }
}

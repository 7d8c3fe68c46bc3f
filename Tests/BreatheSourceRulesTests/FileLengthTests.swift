import Foundation
import Testing

@testable import BreatheTestSupport

/// Issue 53: every Swift file of the package, sources and tests alike, reads whole in one sitting: under 400 lines
/// (`wc -l`). A type or a suite that grows past it is split by what its parts do (an extension per part, in a file
/// named `Type+Part.swift`), as the longest were.
@Suite struct FileLengthTests {
    static let limit = 400

    /// Every Swift file under Sources, Tests and Plugins, with its number of lines.
    static func swiftFiles() throws -> [(path: String, lines: Int)] {
        try ["Sources", "Tests", "Plugins"].flatMap { top in
            let folder = BinaryRun.packageRoot.appendingPathComponent(top)
            let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            return try files.filter { $0.hasSuffix(".swift") }.map { file in
                let data = try Data(contentsOf: folder.appendingPathComponent(file))
                return (top + "/" + file, data.reduce(0) { $0 + ($1 == 10 ? 1 : 0) })
            }
        }
    }

    @Test func everySwiftFileIsUnderTheLimit() throws {
        let files = try Self.swiftFiles()
        // The reading sees the package: its largest sources are hundreds of lines long.
        #expect(files.count > 300, "\(files.count) files")
        #expect((files.map(\.lines).max() ?? 0) > 300)
        let long = files.filter { $0.lines >= Self.limit }.map { "\($0.path): \($0.lines) lines" }
        #expect(long.isEmpty, "\(long)")
    }
}

import Foundation
import Testing

/// The command-line layer never reaches the C library: what it needs of the system (is standard input a terminal, the
/// user id, the working directory, ending the process) is a function of the Kit, and no module re-exports libc.
@Suite struct LayeringTests {
    static let sources = BinaryRun.packageRoot.appendingPathComponent("Sources")

    /// Every line of every Swift file under `Sources/<module>`, with its file's path from Sources.
    static func lines(of module: String) throws -> [(file: String, line: String)] {
        let folder = sources.appendingPathComponent(module)
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
        return try files.filter { $0.hasSuffix(".swift") }.sorted().flatMap { file in
            try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
                .map { (module + "/" + file, String($0)) }
        }
    }

    /// `grep -rn 'import Glibc\|@_exported' Sources/BreatheVoiceCLI` finds nothing.
    @Test func theCommandLineLayerNeitherImportsNorReexportsTheCLibrary() throws {
        let lines = try Self.lines(of: "BreatheVoiceCLI")
        #expect(!lines.isEmpty)
        let offending = lines.filter { $0.line.contains("import Glibc") || $0.line.contains("@_exported") }
        #expect(offending.isEmpty, "\(offending.map { "\($0.file): \($0.line)" })")
    }

    /// Only the package's own modules and ArgumentParser: Foundation or a C module would bring libc back.
    @Test func theCommandLineLayerImportsOnlyTheKitTheCoreAndArgumentParser() throws {
        let allowed: Set = ["ArgumentParser", "BreatheCore", "BreatheVoiceKit"]
        let imports = try Self.lines(of: "BreatheVoiceCLI").filter { $0.line.hasPrefix("import ") }
        #expect(!imports.isEmpty)
        let others = imports.filter { !allowed.contains(String($0.line.dropFirst("import ".count))) }
        #expect(others.isEmpty, "\(others.map { "\($0.file): \($0.line)" })")
    }

    /// No module re-exports what it imports (the Kit's `@_exported import Glibc` once gave libc to every importer).
    @Test(arguments: ["BreatheCore", "BreatheVoiceKit", "BreatheVoiceCLI"])
    func noModuleReexports(module: String) throws {
        let offending = try Self.lines(of: module).filter { $0.line.contains("@_exported") }
        #expect(offending.isEmpty, "\(offending.map { "\($0.file): \($0.line)" })")
    }
}

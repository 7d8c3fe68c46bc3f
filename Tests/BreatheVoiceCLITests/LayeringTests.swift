import Foundation
import Testing

/// The commands (`Sources/BreatheVoiceKit/Commands`, ArgumentParser's definitions) never reach the C library: what they
/// need of the system (is standard input a terminal, the user id, the working directory, ending the process) is a
/// function of the Kit's other folders, and no module re-exports libc.
@Suite struct LayeringTests {
    static let sources = BinaryRun.packageRoot.appendingPathComponent("Sources")

    /// Every line of every Swift file under `Sources/<folder>`, with its file's path from Sources.
    static func lines(of module: String) throws -> [(file: String, line: String)] {
        let folder = sources.appendingPathComponent(module)
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
        return try files.filter { $0.hasSuffix(".swift") }.sorted().flatMap { file in
            try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
                .map { (module + "/" + file, String($0)) }
        }
    }

    /// `grep -rn 'import Glibc\|@_exported' Sources/BreatheVoiceKit/Commands` finds nothing.
    @Test func theCommandsNeitherImportNorReexportTheCLibrary() throws {
        let lines = try Self.lines(of: "BreatheVoiceKit/Commands")
        #expect(!lines.isEmpty)
        let offending = lines.filter { $0.line.contains("import Glibc") || $0.line.contains("@_exported") }
        #expect(offending.isEmpty, "\(offending.map { "\($0.file): \($0.line)" })")
    }

    /// Only the core and ArgumentParser: Foundation or a C module would bring libc back.
    @Test func theCommandsImportOnlyTheCoreAndArgumentParser() throws {
        let allowed: Set = ["ArgumentParser", "BreatheCore"]
        let imports = try Self.lines(of: "BreatheVoiceKit/Commands").filter { $0.line.hasPrefix("import ") }
        #expect(!imports.isEmpty)
        let others = imports.filter { !allowed.contains(String($0.line.dropFirst("import ".count))) }
        #expect(others.isEmpty, "\(others.map { "\($0.file): \($0.line)" })")
    }

    /// No module re-exports what it imports (the Kit's `@_exported import Glibc` once gave libc to every importer).
    @Test(arguments: ["BreatheCore", "BreatheVoiceKit"])
    func noModuleReexports(module: String) throws {
        let offending = try Self.lines(of: module).filter { $0.line.contains("@_exported") }
        #expect(offending.isEmpty, "\(offending.map { "\($0.file): \($0.line)" })")
    }
}

import Foundation
import Testing

@testable import BreatheTestSupport

/// The commands (`Sources/BreatheCommandLine/Commands`, ArgumentParser's definitions) never reach the C library: what they
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
        let lines = try Self.lines(of: "BreatheCommandLine/Commands")
        #expect(!lines.isEmpty)
        let offending = lines.filter { $0.line.contains("import Glibc") || $0.line.contains("@_exported") }
        #expect(offending.isEmpty, "\(offending.map { "\($0.file): \($0.line)" })")
    }

    /// Only the modules below and ArgumentParser: Foundation or a C module would bring libc back (the system module
    /// imports libc and the C libraries, and re-exports neither).
    @Test func theCommandsImportOnlyTheCoreAndArgumentParser() throws {
        let allowed: Set = ["ArgumentParser", "BreatheCore", "BreatheSystem", "BreatheVoiceKit"]
        let imports = try Self.lines(of: "BreatheCommandLine/Commands").filter { $0.line.hasPrefix("import ") }
        #expect(!imports.isEmpty)
        let others = imports.filter { !allowed.contains(String($0.line.dropFirst("import ".count))) }
        #expect(others.isEmpty, "\(others.map { "\($0.file): \($0.line)" })")
    }

    /// Every file that imports a C library (eSpeak NG, libpulse, libspeechd, BrlAPI, liblouis, sd-bus) is in the system
    /// module, and the system module is the one whose target depends on them: the session and the commands above it
    /// reach the C libraries only through it. (The compiler would let any module import them: SwiftPM puts every
    /// module map of the package on the search path.)
    @Test func theCLibrariesAreBehindOneModule() throws {
        let libraries = ["CEspeakNG", "CPulseAudio", "CSpeechd", "CBrlAPI", "CLouis", "CSdBus"]
        let modules = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).filter {
            !$0.hasPrefix("C") && !$0.hasPrefix(".")
        }
        var importing: [String: Set<String>] = [:]
        for module in modules {
            for (file, line) in try Self.lines(of: module) {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { continue }
                let name = String(words[index + 1])
                if libraries.contains(name) { importing[module, default: []].insert(file) }
            }
        }
        #expect(Set(importing.keys) == ["BreatheSystem"], "\(importing)")
        #expect((importing["BreatheSystem"]?.count ?? 0) >= libraries.count, "\(importing)")
        let manifest = try String(
            contentsOf: BinaryRun.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        for library in libraries {
            let dependents = manifest.split(separator: "\n").filter {
                $0.contains("\"\(library)\"") && $0.contains("[")
            }
            #expect(dependents.count == 1, "\(library) is a dependency of \(dependents.count) targets: \(dependents)")
        }
    }

    /// No module re-exports what it imports (the Kit's `@_exported import Glibc` once gave libc to every importer).
    @Test(arguments: ["BreatheCore", "BreatheSystem", "BreatheVoiceKit", "BreatheCommandLine"])
    func noModuleReexports(module: String) throws {
        let offending = try Self.lines(of: module).filter { $0.line.contains("@_exported") }
        #expect(offending.isEmpty, "\(offending.map { "\($0.file): \($0.line)" })")
    }

    // MARK: The folders' layers

    /// Each module's folders from the bottom up, as `docs/contributing.md` ("How it is built") writes them: a folder's
    /// files name the types of folders before it only, never of a folder after it.
    static let layers: [String: [String]] = [
        "BreatheCore": [
            "Text", "JSON", "Messages", "Patterns", "Timeline", "Mixing", "BrailleCells", "StateMachine",
            "ScheduleRules", "ReminderRules", "Records", "Preferences",
        ],
        "BreatheSystem": [
            "Localization", "Errors", "Basics", "System", "Files", "Signals", "Terminal", "Accessibility", "Audio",
            "Speech", "Braille", "Bus",
        ],
        "BreatheVoiceKit": [
            "Output", "Listings", "Schedule", "Session", "Reminders", "History", "Frontend", "Doctor",
        ],
        "BreatheCommandLine": ["Commands"],
    ]

    /// `module`'s Swift files: their folder (the first path component under `Sources/<module>`) and their code.
    static func folderFiles(of module: String) throws -> [(folder: String, file: String, code: String)] {
        let folder = sources.appendingPathComponent(module)
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
        return try files.filter { $0.hasSuffix(".swift") }.sorted().map { file in
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let top = file.split(separator: "/").count > 1 ? String(file.split(separator: "/")[0]) : "."
            return (top, file, code(of: text))
        }
    }

    /// Swift text without its comments and the contents of its string literals, where a type's name may be written
    /// without the code naming it.
    static func code(of text: String) -> String {
        let characters = Array(text)
        var result = ""
        var index = 0
        func at(_ offset: Int) -> Character? {
            index + offset < characters.count ? characters[index + offset] : nil
        }
        while index < characters.count {
            let character = characters[index]
            if character == "/" && at(1) == "/" {
                while index < characters.count && characters[index] != "\n" { index += 1 }
            } else if character == "/" && at(1) == "*" {
                index += 2
                while index < characters.count && !(characters[index] == "*" && at(1) == "/") {
                    if characters[index] == "\n" { result.append("\n") }
                    index += 1
                }
                index += 2
            } else if character == "\"" {
                let triple = at(1) == "\"" && at(2) == "\""
                index += triple ? 3 : 1
                while index < characters.count {
                    if characters[index] == "\\" {
                        index += 2
                    } else if triple
                        ? characters[index] == "\"" && at(1) == "\"" && at(2) == "\"" : characters[index] == "\""
                    {
                        index += triple ? 3 : 1
                        break
                    } else {
                        if characters[index] == "\n" { result.append("\n") }
                        index += 1
                    }
                }
                result.append("\"\"")
            } else {
                result.append(character)
                index += 1
            }
        }
        return result
    }

    /// The type a line of code declares (`struct Name`, `package final class Name<T>`…), if it declares one.
    static func declaredType(_ line: Substring) -> String? {
        let kinds: Set<Substring> = ["class", "struct", "enum", "protocol", "actor", "typealias"]
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let kind = words.firstIndex(where: { kinds.contains($0) }), kind + 1 < words.count else { return nil }
        let modifiers: Set<Substring> = [
            "public", "package", "internal", "fileprivate", "private", "final", "indirect", "nonisolated",
        ]
        guard words[..<kind].allSatisfy({ modifiers.contains($0) || $0.hasPrefix("@") }) else { return nil }
        let name = words[kind + 1].prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" })
        return name.first?.isUppercase == true ? String(name) : nil
    }

    /// The capitalized identifiers a piece of code names. A name after a dot is a member (`LocaleCatalog.Entry` is
    /// the catalog's own `Entry`), named through the type before it, which is read.
    static func names(in code: String) -> Set<String> {
        var names: Set<String> = []
        var current = ""
        var afterDot = false
        for character in code + " " {
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else {
                if current.first?.isUppercase == true, !afterDot { names.insert(current) }
                afterDot = character == "."
                current = ""
            }
        }
        return names
    }

    /// Which folders each folder of `module` names the types of: `[from: [to: ["File.swift names Type", …]]]`. A type
    /// belongs to the folder whose file declares it at the top level; a file naming a type of its own (a nested
    /// `Entry`) does not name another folder's type of that name.
    static func references(in module: String) throws -> [String: [String: [String]]] {
        let files = try folderFiles(of: module)
        var owner: [String: String] = [:]
        for file in files {
            for line in file.code.split(separator: "\n") where line.first?.isWhitespace == false {
                if let name = declaredType(line) { owner[name] = file.folder }
            }
        }
        var references: [String: [String: [String]]] = [:]
        for file in files {
            let own = Set(file.code.split(separator: "\n").compactMap { declaredType($0.drop(while: \.isWhitespace)) })
            for name in names(in: file.code).subtracting(own).sorted() {
                guard let folder = owner[name], folder != file.folder else { continue }
                references[file.folder, default: [:]][folder, default: []].append("\(file.file) names \(name)")
            }
        }
        return references
    }

    /// The reading finds what it should: a known reference in each direction, so an empty answer is not a blind one.
    @Test func theReadingSeesTheFoldersReferences() throws {
        let kit = try Self.references(in: "BreatheVoiceKit")
        #expect(kit["Frontend"]?["Session"]?.contains("Frontend/SessionFrontend.swift names SessionAssembly") == true)
        let system = try Self.references(in: "BreatheSystem")
        #expect(system["Audio"]?["Basics"]?.contains("Audio/AudioSink.swift names SessionWaiter") == true)
        #expect(Self.declaredType("package final class Name<T>: P {") == "Name")
        #expect(Self.declaredType("@MainActor private struct Nested {") == "Nested")
        #expect(Self.declaredType("let structure = Structure()") == nil)
        #expect(Self.declaredType("case enum(Int)") == nil)
        #expect(Self.names(in: Self.code(of: "let a = B() // C\nlet d = \"E\" /* F */ + G")) == ["B", "G"])
        #expect(Self.names(in: "func f() -> Catalog.Entry? { H.I(.J) }") == ["Catalog", "H"])
    }

    /// No two folders name each other's types.
    @Test(arguments: ["BreatheCore", "BreatheSystem", "BreatheVoiceKit", "BreatheCommandLine"])
    func noTwoFoldersNameEachOther(module: String) throws {
        let references = try Self.references(in: module)
        var knots: [String] = []
        for (from, targets) in references {
            for (to, names) in targets where from < to {
                if let back = references[to]?[from] { knots.append("\(from) <-> \(to): \(names + back)") }
            }
        }
        #expect(knots.isEmpty, "\(knots.sorted())")
    }

    /// `docs/contributing.md` ("The layers") writes each module's order as the test holds it, bottom up.
    @Test(arguments: ["BreatheCore", "BreatheSystem", "BreatheVoiceKit", "BreatheCommandLine"])
    func contributingWritesTheOrder(module: String) throws {
        let guide = try String(
            contentsOf: BinaryRun.packageRoot.appendingPathComponent("docs/contributing.md"), encoding: .utf8)
        // An order too long for a line goes on after an arrow, on the next line.
        let lines = guide.split(separator: "\n", omittingEmptySubsequences: false)
        var joined = ""
        for line in lines {
            joined += joined.hasSuffix("→") ? " " + line.drop(while: { $0 == " " }) : "\n" + line
        }
        let order = try #require(Self.layers[module]).joined(separator: " → ")
        #expect(joined.contains("\n\(module)  ") && joined.contains(" \(order)\n"), "contributing.md lacks \(order)")
    }

    /// A folder's name says one module's part: no name is a folder of two modules (the core's sound is `Mixing/`, the
    /// system module's `Audio/`), so that a path or a test's folder names one place.
    @Test func noFolderNameIsInTwoModules() throws {
        var modules: [String: [String]] = [:]
        for module in Self.layers.keys.sorted() {
            for folder in Set(try Self.folderFiles(of: module).map(\.folder)) where folder != "." {
                modules[folder, default: []].append(module)
            }
        }
        #expect(modules.count >= 30, "\(modules.keys.sorted())")
        let shared = modules.filter { $0.value.count > 1 }
        #expect(shared.isEmpty, "\(shared)")
    }

    /// Every folder is placed once in `layers`, and names the types of the folders before it only.
    @Test(arguments: ["BreatheCore", "BreatheSystem", "BreatheVoiceKit", "BreatheCommandLine"])
    func eachFolderNamesOnlyTheLayersBelowIt(module: String) throws {
        let order = try #require(Self.layers[module])
        #expect(order.count == Set(order).count, "a folder is in \(module)'s layers twice")
        let folders = Set(try Self.folderFiles(of: module).map(\.folder))
        #expect(folders == Set(order), "folders not in the layers: \(folders.subtracting(order).sorted())")
        var upward: [String] = []
        for (from, targets) in try Self.references(in: module) {
            for (to, names) in targets {
                guard let low = order.firstIndex(of: from), let high = order.firstIndex(of: to), high > low else {
                    continue
                }
                upward.append("\(from) names \(to), a layer above it: \(names)")
            }
        }
        #expect(upward.isEmpty, "\(upward.sorted())")
    }
}

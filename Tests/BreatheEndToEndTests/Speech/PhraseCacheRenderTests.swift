import Foundation
import Testing

@testable import BreatheTestSupport

/// The phrase cache seen from outside: a cached render is the same file, byte for byte, as an uncached one.
@Suite struct PhraseCacheRenderTests {
    static let session = ["--pattern", "2-1-2-1", "--cycles", "2", "--lang", "en", "--count"]

    static func render(in home: TemporaryHome, cacheHome: String? = nil, extra: [String] = []) throws -> Data {
        let path = home.root.appendingPathComponent("session-\(UUID().uuidString).wav").path
        var environment: [String: String?] = ["PULSE_SERVER": "unix:/nonexistent"]
        if let cacheHome { environment["XDG_CACHE_HOME"] = cacheHome }
        let run = try home.run(session + extra + ["--output", path], environment: environment)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.isEmpty)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test func aCachedRenderIsByteIdenticalToAnUncachedOne() throws {
        let home = try TemporaryHome()
        let phrases = home.root.appendingPathComponent("cache/breathe-voice/phrases").path
        let uncached = try Self.render(in: home)
        let entries = try FileManager.default.contentsOfDirectory(atPath: phrases).filter { $0.hasSuffix(".pcm") }
        #expect(entries.count > 5, "the first render filled the cache")
        let cached = try Self.render(in: home)
        #expect(cached == uncached)
        #expect(uncached.count > 44 + 2 * 22_050 * 12)
        // Deleting the folder is always safe: the next run synthesizes again, to the same file.
        try FileManager.default.removeItem(atPath: home.root.appendingPathComponent("cache").path)
        try #expect(Self.render(in: home) == uncached)
        try #expect(FileManager.default.contentsOfDirectory(atPath: phrases).count == entries.count)
    }

    /// A `--voice` is checked only on a cache miss, yet its phrases are kept apart: neither the language's default voice
    /// nor another `--voice` ever lends its cached phrases, and a cached `--voice` render is the uncached one.
    @Test func voicesNeverShareCachedPhrases() throws {
        let home = try TemporaryHome()
        let defaultVoice = try Self.render(in: home)
        let spanish = try Self.render(in: home, extra: ["--voice", "es"])
        #expect(spanish != defaultVoice)
        let british = try Self.render(in: home, extra: ["--voice", "en"])
        #expect(british != defaultVoice)
        #expect(british != spanish)
        try #expect(Self.render(in: home, extra: ["--voice", "es"]) == spanish)
        try #expect(Self.render(in: home, extra: ["--voice", "en"]) == british)
    }

    @Test func anUnusableCacheFolderStillRenders() throws {
        let home = try TemporaryHome()
        let reference = try Self.render(in: home)
        // A regular file where the cache folder's parent should be: no entry can be read or written, even as root.
        let blocker = home.root.appendingPathComponent("blocker").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        try #expect(Self.render(in: home, cacheHome: blocker) == reference)
        // A corrupt entry in every slot: each is synthesized again, the file is unchanged, and the entries are repaired.
        let phrases = home.root.appendingPathComponent("cache/breathe-voice/phrases")
        let entries = try FileManager.default.contentsOfDirectory(atPath: phrases.path).filter { $0.hasSuffix(".pcm") }
        for entry in entries { try Data("garbage".utf8).write(to: phrases.appendingPathComponent(entry)) }
        try #expect(Self.render(in: home) == reference)
        for entry in entries {
            try #expect(
                Data(contentsOf: phrases.appendingPathComponent(entry)).count > 1000, "\(entry) was not repaired")
        }
    }
}

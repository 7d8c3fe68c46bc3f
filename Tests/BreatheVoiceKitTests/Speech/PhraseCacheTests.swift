import Foundation
import Synchronization
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// The real voice (eSpeak NG), wrapped so a test can count how often it is asked to synthesize.
final class CountingSpeech: Sendable {
    let calls = Mutex(0)
    var count: Int { calls.withLock { $0 } }

    var speech: Speech {
        let live = LiveSpeech.speech
        return Speech(
            voices: live.voices,
            synthesize: { [self] (text: String, settings: SpeechSettings) throws(BreatheError) -> AudioClip in
                calls.withLock { $0 += 1 }
                return try live.synthesize(text, settings)
            },
            stream: { [self] (text: String, settings: SpeechSettings, sink) throws(BreatheError) -> Void in
                calls.withLock { $0 += 1 }
                try live.stream(text, settings, sink)
            },
            libraryVersion: live.libraryVersion
        )
    }
}

@Suite struct PhraseCacheTests {
    static let localizer = Localizer(language: "en")
    static let settings = SpeechSettings(voice: "en-us")
    static let plan = try! SessionPlan.make(
        pattern: BreathingPattern(phases: [
            Phase(.inhale, seconds: 2), Phase(.hold, seconds: 1), Phase(.exhale, seconds: 2),
        ]),
        length: .cycles(1), sampleRate: 22_050
    ).get()

    /// A fresh, empty folder for one test's cache.
    static func folder() throws -> String {
        try TestFolder.make("breathe-voice-cache") + "/phrases"
    }

    static func book(_ speech: Speech, cache: PhraseCache?) throws -> PhraseBook {
        try PhraseBook(
            plan: plan, counting: false, localizer: localizer, speech: speech, settings: settings, cache: cache)
    }

    static var phraseTexts: [String] {
        Array(Set(SpokenPhrases.messages(for: plan, counting: false, opening: nil).map { localizer.string($0) }))
    }

    static func clips(_ book: PhraseBook) -> [String: AudioClip] {
        var result: [String: AudioClip] = [:]
        for message in SpokenPhrases.messages(for: plan, counting: false, opening: nil) {
            result[localizer.string(message)] = book.clip(for: message)
        }
        return result
    }

    static func entries(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".pcm") }.sorted()
    }

    @Test func aSecondRunNeverCallsTheSynthesizer() throws {
        let cache = PhraseCache(directory: try Self.folder())
        let counting = CountingSpeech()
        let first = try Self.book(counting.speech, cache: cache)
        let phrases = Self.phraseTexts.count
        #expect(phrases > 3)
        #expect(counting.count == phrases)
        try #expect(Self.entries(cache.directory).count == phrases)
        let second = try Self.book(counting.speech, cache: cache)
        #expect(counting.count == phrases, "the second run synthesized something")
        #expect(Self.clips(second) == Self.clips(first))
        #expect(Self.clips(first).values.allSatisfy { !$0.isEmpty })
        // (eSpeak NG's output for a phrase depends slightly on what it said before, so byte-identity with an uncached
        // run is checked across whole processes, in PhraseCacheRenderTests.)
    }

    /// Damage to one entry, by name.
    static let damages: [(String, @Sendable (inout [UInt8]) -> Void)] = [
        ("truncated", { $0.removeLast($0.count / 3) }),
        ("empty", { $0 = [] }),
        ("a sample flipped", { $0[$0.count - 7] ^= 0x40 }),
        ("another format version", { $0[8] = 99 }),
        ("not an entry at all", { $0 = Array("hello\n".utf8) }),
        ("one byte too many", { $0.append(0) }),
        ("another key inside", { $0[20] ^= 0x20 }),
    ]

    @Test(arguments: damages.indices)
    func aDamagedEntryIsSynthesizedAgainAndRepaired(index: Int) throws {
        let (name, damage) = Self.damages[index]
        let cache = PhraseCache(directory: try Self.folder())
        let counting = CountingSpeech()
        let original = Self.clips(try Self.book(counting.speech, cache: cache))
        let before = counting.count
        let victim = cache.directory + "/" + (try Self.entries(cache.directory)).first!
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: victim)))
        damage(&bytes)
        try Data(bytes).write(to: URL(fileURLWithPath: victim))

        let again = Self.clips(try Self.book(counting.speech, cache: cache))
        #expect(counting.count == before + 1, "\(name): exactly the damaged entry is synthesized again")
        let repaired = again.filter { original[$0.key] != $0.value }
        #expect(
            repaired.count <= 1 && again.keys == original.keys && again.values.allSatisfy { !$0.isEmpty }, "\(name)")
        try #expect(
            FileManager.default.contentsOfDirectory(atPath: cache.directory).count == original.count,
            "\(name): no temporary file left")
        let third = Self.clips(try Self.book(counting.speech, cache: cache))
        #expect(counting.count == before + 1, "\(name): the entry was not repaired")
        #expect(third == again, "\(name): the repaired entry holds what was synthesized")
    }

    @Test func aDifferentSettingOrVersionIsAnotherEntry() throws {
        let base = PhraseCache.Key(text: "Breathe in", settings: Self.settings, libraryVersion: "1.51")
        var variants = [base]
        variants.append(PhraseCache.Key(text: "Breathe in.", settings: Self.settings, libraryVersion: "1.51"))
        variants.append(
            PhraseCache.Key(text: "Breathe in", settings: SpeechSettings(voice: "en"), libraryVersion: "1.51"))
        variants.append(
            PhraseCache.Key(
                text: "Breathe in", settings: SpeechSettings(voice: "en-us", rate: 176), libraryVersion: "1.51"))
        variants.append(
            PhraseCache.Key(
                text: "Breathe in", settings: SpeechSettings(voice: "en-us", pitch: 51), libraryVersion: "1.51"))
        variants.append(
            PhraseCache.Key(
                text: "Breathe in", settings: SpeechSettings(voice: "en-us", volume: 99), libraryVersion: "1.51"))
        variants.append(PhraseCache.Key(text: "Breathe in", settings: Self.settings, libraryVersion: "1.52"))
        variants.append(
            PhraseCache.Key(text: "Breathe in", settings: Self.settings, libraryVersion: "1.51", sampleRate: 44_100))
        let cache = PhraseCache(directory: try Self.folder())
        #expect(Set(variants.map(cache.path(for:))).count == variants.count)
        let samples: [Int16] = [1, -2, 300, -32768, 32767]
        _ = try cache.synthesize(
            base.text, settings: base.settings, libraryVersion: base.libraryVersion,
            speech: Self.chunkedSpeech(samples, chunk: 2))
        #expect(cache.load(base) == AudioClip(samples))
        for other in variants.dropFirst() {
            // Even an entry copied under another key's name does not answer for it.
            try? FileManager.default.copyItem(atPath: cache.path(for: base), toPath: cache.path(for: other))
            #expect(cache.load(other) == nil)
        }
    }

    /// A voice that says every phrase as `samples`, handed over `chunk` samples at a time; failing after the first
    /// chunk when `failing`.
    static func chunkedSpeech(_ samples: [Int16], chunk: Int, failing: Bool = false) -> Speech {
        Speech(
            voices: { [] },
            synthesize: { (_, _) throws(BreatheError) -> AudioClip in AudioClip(samples) },
            stream: { (_: String, _: SpeechSettings, sink) throws(BreatheError) -> Void in
                var index = 0
                while index < samples.count {
                    let end = min(samples.count, index + chunk)
                    samples[index..<end].withUnsafeBufferPointer { sink($0) }
                    if failing { throw .unavailable(Message(.errorSpeechUnavailable)) }
                    index = end
                }
            }
        )
    }

    @Test func aPhraseIsSynthesizedStraightIntoItsEntry() throws {
        let samples = (0..<10_000).map { Int16(truncatingIfNeeded: $0 &* 7919) }
        let cache = PhraseCache(directory: try Self.folder())
        let prepared = try cache.synthesize(
            "Breathe in", settings: Self.settings, libraryVersion: "1.51",
            speech: Self.chunkedSpeech(samples, chunk: 1323))
        guard case .cached(let count) = prepared else {
            Issue.record("not stored: \(prepared)")
            return
        }
        #expect(count == samples.count)
        let key = PhraseCache.Key(text: "Breathe in", settings: Self.settings, libraryVersion: "1.51")
        #expect(cache.load(key) == AudioClip(samples), "the streamed entry reads back whole, checksum and all")
        try #expect(FileManager.default.contentsOfDirectory(atPath: cache.directory).count == 1)
    }

    @Test func aSynthesisThatFailsLeavesNoEntryBehind() throws {
        let cache = PhraseCache(directory: try Self.folder())
        #expect(throws: BreatheError.self) {
            try cache.synthesize(
                "Breathe in", settings: Self.settings, libraryVersion: "1.51",
                speech: Self.chunkedSpeech([Int16](repeating: 500, count: 5000), chunk: 1000, failing: true))
        }
        try #expect(FileManager.default.contentsOfDirectory(atPath: cache.directory).isEmpty)
    }

    @Test func aCacheThatCannotBeWrittenGivesTheClipItself() throws {
        let root = try Self.folder()
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: root))
        let samples: [Int16] = [1, 2, 3, 400, -400]
        let prepared = try PhraseCache(directory: root + "/phrases").synthesize(
            "Breathe in", settings: Self.settings, libraryVersion: "1.51", speech: Self.chunkedSpeech(samples, chunk: 2)
        )
        guard case .clip(let clip) = prepared else {
            Issue.record("stored where nothing can be: \(prepared)")
            return
        }
        #expect(clip == AudioClip(samples))
    }

    @Test(arguments: ["a file where the folder should be", "a read-only folder"])
    func anUnusableCacheStillGivesEveryPhrase(kind: String) throws {
        let root = try Self.folder()
        let directory: String
        if kind == "a read-only folder" {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: root)
            directory = root
        } else {
            try Data("not a folder".utf8).write(to: URL(fileURLWithPath: root))
            directory = root + "/phrases"
        }
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: root) }
        let counting = CountingSpeech()
        let book = try Self.book(counting.speech, cache: PhraseCache(directory: directory))
        #expect(Self.clips(book).count == Self.phraseTexts.count && Self.clips(book).values.allSatisfy { !$0.isEmpty })
        #expect(counting.count == Self.phraseTexts.count)
        let entries = (try? Self.entries(directory)) ?? []
        #expect(geteuid() == 0 || entries.isEmpty)
    }

    @Test func theCacheFolderFollowsXDG() {
        #expect(
            PhraseCache(directories: XDGDirectories(environment: ["HOME": "/h", "XDG_CACHE_HOME": "/c"])).directory
                == "/c/breathe-voice/phrases")
        for unusable in ["", "relative/path"] {
            #expect(
                PhraseCache(directories: XDGDirectories(environment: ["HOME": "/h", "XDG_CACHE_HOME": unusable]))
                    .directory
                    == "/h/.cache/breathe-voice/phrases")
        }
        #expect(
            PhraseCache(directories: XDGDirectories(environment: ["HOME": "/h"])).directory
                == "/h/.cache/breathe-voice/phrases")
    }
}

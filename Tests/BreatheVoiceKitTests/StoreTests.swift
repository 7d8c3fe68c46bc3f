import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// A temporary folder for one test; never the user's home. Removed when the test process exits (`TestFolder`).
struct Scratch {
    let path: String
    init() throws {
        path = try TestFolder.make("bv-kit")
    }
}

@Suite struct XDGDirectoriesTests {
    @Test(arguments: [nil, "", "relative/dir"] as [String?])
    func unsetEmptyOrRelativeFallsBackToTheDefault(value: String?) {
        var environment = ["HOME": "/home/someone"]
        environment["XDG_CONFIG_HOME"] = value
        environment["XDG_STATE_HOME"] = value
        let directories = XDGDirectories(environment: environment)
        #expect(directories.preferencesFile == "/home/someone/.config/breathe-voice/preferences.json")
        #expect(directories.historyFile == "/home/someone/.local/state/breathe-voice/history.jsonl")
        #expect(directories.cacheHome == "/home/someone/.cache")
    }

    @Test func absolutePathsAreUsed() {
        let directories = XDGDirectories(environment: ["HOME": "/h", "XDG_CONFIG_HOME": "/c", "XDG_STATE_HOME": "/s"])
        #expect(directories.preferencesFile == "/c/breathe-voice/preferences.json")
        #expect(directories.historyFile == "/s/breathe-voice/history.jsonl")
    }

    @Test func homeFallsBackToThePasswordDatabase() {
        #expect(XDGDirectories(environment: [:]).home.hasPrefix("/"))
    }
}

@Suite struct HistoryStoreTests {
    /// Record `index`, started `index` seconds after the first (records in one second would be read as one run).
    static func record(_ index: Int) -> SessionRecord {
        var time = LocalTimestamp.parse("2024-03-31T10:00:00+02:00")!
        time.hour += index / 3600
        time.minute = index / 60 % 60
        time.second = index % 60
        return SessionRecord(
            id: String(index), start: time, end: time, patternName: "box, \"mine\"", timings: "4-4-4-4",
            patternKind: .saved,
            plannedCycles: 4, actualCycles: 4, plannedTenths: 640, actualTenths: 640, status: .completed, language: "en"
        )
    }

    @Test func truncatedLastLineIsSkippedAndTheNextAppendIsIntact() throws {
        let path = try Scratch().path + "/history.jsonl"
        let store = HistoryStore(path: path)
        try store.append(Self.record(1))
        let half = String(Self.record(2).line.prefix(40))
        let handle = FileHandle(forWritingAtPath: path)!
        handle.seekToEndOfFile()
        handle.write(Data(half.utf8))
        try handle.close()
        try store.append(Self.record(3))
        var ids: [String] = []
        var skipped: [Int] = []
        try store.forEach(skipped: { skipped.append($0) }) {
            ids.append($0.id)
            return true
        }
        #expect(ids == ["1", "3"])
        #expect(skipped == [2])
    }

    /// The mood given after a session is an amendment line; every reader of the file folds it into its record, and a
    /// truncated amendment (a writer killed mid-line) is one skipped line that loses nothing else.
    @Test func amendmentsAreFoldedByEveryReader() throws {
        let path = try Scratch().path + "/history.jsonl"
        let store = HistoryStore(path: path)
        var first = Self.record(1)
        first.moodBefore = 2
        try store.append(first)
        try store.append(Self.record(2))
        try store.append(SessionAmendment(id: "1", moodAfter: 5))
        try store.append(Self.record(3))
        let broken = String(SessionAmendment(id: "3", moodAfter: 4).line.prefix(12))
        let handle = FileHandle(forWritingAtPath: path)!
        handle.seekToEndOfFile()
        handle.write(Data(broken.utf8))
        try handle.close()
        try store.append(Self.record(4))
        try store.append(SessionAmendment(id: "4", moodAfter: 3))
        var all: [String] = []
        var skipped: [Int] = []
        try store.forEach(skipped: { skipped.append($0) }) {
            all.append("\($0.id):\($0.moodAfter.map(String.init) ?? "-")")
            return true
        }
        #expect(all == ["1:5", "2:-", "3:-", "4:3"])
        #expect(skipped == [5])
        var newest: [String] = []
        try store.forEachOfNewest(3) {
            newest.append("\($0.id):\($0.moodAfter.map(String.init) ?? "-")")
            return true
        }
        #expect(newest == ["2:-", "3:-", "4:3"])
        var oldest: [String] = []
        try store.forEachOfNewest(4) {
            oldest.append("\($0.id):\($0.moodAfter.map(String.init) ?? "-")")
            return false
        }
        #expect(oldest == ["1:5"], "stopping early still hands over the record with its amendment")
        let stats = try store.stats()
        #expect(stats.sessions == 4)
        #expect(stats.moodSessions == 1)
        #expect(stats.averageMoodChangeTenths == 30)
    }

    @Test func garbageAndBinaryLinesAreSkippedOneWarningEach() throws {
        let path = try Scratch().path + "/history.jsonl"
        var bytes = Data((Self.record(1).line + "\n").utf8)
        bytes.append(contentsOf: [0xFF, 0x00, 0xC3, 0x0A])
        bytes.append(Data("{\"id\": 3}\n\n".utf8))
        bytes.append(Data((Self.record(4).line + "\n").utf8))
        _ = FileManager.default.createFile(atPath: path, contents: bytes)
        var ids: [String] = []
        var skipped: [Int] = []
        try HistoryStore(path: path).forEach(skipped: { skipped.append($0) }) {
            ids.append($0.id)
            return true
        }
        #expect(ids == ["1", "4"])
        #expect(skipped == [2, 3])
        // `stats` reads without records, but skips the same lines and counts the same sessions.
        var statsSkipped: [Int] = []
        let stats = try HistoryStore(path: path).stats(skipped: { statsSkipped.append($0) })
        #expect(statsSkipped == [2, 3])
        #expect(stats.sessions == 2)
        #expect(stats.patternCounts == ["box, \"mine\"": 2])
    }

    /// The newest N, oldest first, read back from the file's end and then forward: the same records and the same line
    /// numbers as the forward reading, across block boundaries.
    @Test(arguments: [false, true])
    func theNewestMatchTheEndOfTheForwardReading(finalNewline: Bool) throws {
        let path = try Scratch().path + "/history.jsonl"
        var text = ""
        for index in 0..<3000 {
            switch index % 700 {
            case 13: text += "{\"id\": \(index)}\n"
            case 14: text += "\n"
            case 15: text += String(repeating: "x", count: 70_000 + index) + "\n" // longer than one block
            default: text += Self.record(index).line + "\n"
            }
        }
        text += "{\"id\":\"half"
        if finalNewline { text += "\n" }
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        let store = HistoryStore(path: path)
        var forward: [String] = []
        var forwardSkipped: [Int] = []
        try store.forEach(skipped: { forwardSkipped.append($0) }) {
            forward.append($0.id)
            return true
        }
        #expect(forwardSkipped.count == 11)
        for count in [1, 5, 2000, forward.count, 1_000_000] {
            var newest: [String] = []
            var skipped: [Int] = []
            try store.forEachOfNewest(count, skipped: { skipped.append($0) }) {
                newest.append($0.id)
                return true
            }
            #expect(newest == Array(forward.suffix(count)), "newest \(count)")
            // The unreadable lines among them, or every one when the file holds fewer records than asked for.
            let oldest = forward.count - min(count, forward.count)
            let firstLine = text.split(separator: "\n", omittingEmptySubsequences: false)
                .firstIndex { $0.contains("\"id\":\"\(forward[oldest])\"") }!
            #expect(
                skipped == (count >= forward.count ? forwardSkipped : forwardSkipped.filter { $0 > firstLine + 1 }),
                "newest \(count)")
        }
        // A filter: the newest five whose id ends in 7, and stopping early.
        var sevens: [String] = []
        try store.forEachOfNewest(5, where: { $0.id.hasSuffix("7") }) {
            sevens.append($0.id)
            return true
        }
        #expect(sevens == ["2957", "2967", "2977", "2987", "2997"])
        var first: [String] = []
        try store.forEachOfNewest(5) {
            first.append($0.id)
            return false
        }
        #expect(first == ["2995"])
    }

    /// A record appended while `history --last N` reads (after it found where the newest N start) is left out.
    @Test func aRecordAppendedDuringTheReadingIsLeftOut() throws {
        let path = try Scratch().path + "/history.jsonl"
        let store = HistoryStore(path: path)
        for index in 0..<10 { try store.append(Self.record(index)) }
        var seen: [String] = []
        try store.forEachOfNewest(3) {
            seen.append($0.id)
            if seen.count == 1 { try? store.append(Self.record(99)) }
            return true
        }
        #expect(seen == ["7", "8", "9"])
    }

    @Test func theNewestOfAMissingOrEmptyFileAreNone() throws {
        let directory = try Scratch().path
        var count = 0
        try HistoryStore(path: directory + "/none.jsonl").forEachOfNewest(5) { _ in
            count += 1
            return true
        }
        _ = FileManager.default.createFile(atPath: directory + "/empty.jsonl", contents: Data())
        try HistoryStore(path: directory + "/empty.jsonl").forEachOfNewest(5) { _ in
            count += 1
            return true
        }
        _ = FileManager.default.createFile(atPath: directory + "/one.jsonl", contents: Data(Self.record(1).line.utf8))
        try HistoryStore(path: directory + "/one.jsonl").forEachOfNewest(5) { _ in
            count += 1
            return true
        }
        #expect(count == 1)
    }

    @Test func readingAHundredThousandRecordsIsQuick() throws {
        let path = try Scratch().path + "/history.jsonl"
        let lines = (0..<100_000).map { Self.record($0 / 5).line.replacing("\"id\":\"", with: "\"id\":\"\($0)-") }
        _ = FileManager.default.createFile(atPath: path, contents: Data((lines.joined(separator: "\n") + "\n").utf8))
        let clock = ContinuousClock()
        var stats = SessionStats()
        let elapsed = try clock.measure {
            try HistoryStore(path: path).forEach {
                stats.add($0)
                return true
            }
        }
        #expect(stats.sessions == 100_000)
        // Debug builds are several times slower than release; the release binary is checked end to end.
        #expect(elapsed < .seconds(20))
    }
}

@Suite struct PreferencesStoreTests {
    @Test func saveIsAtomicAndLeavesNoTemporaryFiles() throws {
        let directory = try Scratch().path + "/config"
        let store = PreferencesStore(path: directory + "/preferences.json")
        var document = PreferencesDocument()
        document.values[.rate] = .integer(220)
        try store.save(document)
        #expect(try store.load().document == document)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["preferences.json"])
    }

    @Test func resetMovesTheFileAside() throws {
        let directory = try Scratch().path
        let store = PreferencesStore(path: directory + "/preferences.json")
        _ = FileManager.default.createFile(atPath: store.path, contents: Data("garbage".utf8))
        let backup = try #require(try store.reset(clock: .fixed(WallClock.local(epochSeconds: 1_711_848_600))))
        #expect(backup == store.path + ".bak-20240331T013000Z")
        #expect(FileManager.default.contents(atPath: backup) == Data("garbage".utf8))
        #expect(!FileManager.default.fileExists(atPath: store.path))
        #expect(try store.reset() == nil)
    }
}

@Suite struct PreferenceMessagesTests {
    /// Every refusal, worded in English and Spanish: one line naming the key and what is allowed.
    @Test(arguments: [
        (
            "en", PreferenceKey.rate, "500",
            "Preference rate: \"500\" is not allowed; use a whole number from 80 to 450."
        ),
        ("es", .rate, "500", "Preferencia rate: «500» no es válido; usa un número entero entre 80 y 450."),
        ("en", .pitch, "x", "Preference pitch: \"x\" is not allowed; use a whole number from 0 to 100."),
        ("es", .pitch, "x", "Preferencia pitch: «x» no es válido; usa un número entero entre 0 y 100."),
        ("en", .volume, "201", "Preference volume: \"201\" is not allowed; use a whole number from 0 to 200."),
        ("es", .volume, "201", "Preferencia volume: «201» no es válido; usa un número entero entre 0 y 200."),
        ("en", .toneVolume, "101", "Preference toneVolume: \"101\" is not allowed; use a whole number from 0 to 100."),
        ("es", .toneVolume, "101", "Preferencia toneVolume: «101» no es válido; usa un número entero entre 0 y 100."),
        ("en", .speech, "maybe", "Preference speech: \"maybe\" is not allowed; use on or off."),
        ("es", .tones, "quizá", "Preferencia tones: «quizá» no es válido; usa on u off."),
        ("en", .count, "2", "Preference count: \"2\" is not allowed; use on or off."),
        ("es", .leadIn, "2", "Preferencia leadIn: «2» no es válido; usa on u off."),
        ("en", .display, "loud", "Preference display: \"loud\" is not allowed; use one of auto, plain, visual, quiet."),
        ("es", .display, "loud", "Preferencia display: «loud» no es válido; usa uno de auto, plain, visual, quiet."),
        (
            "en", .language, "tlh",
            "Preference language: \"tlh\" is not allowed; use one of \(LocaleCatalog.codes.joined(separator: ", "))."
        ),
        (
            "es", .language, "tlh",
            "Preferencia language: «tlh» no es válido; usa uno de \(LocaleCatalog.codes.joined(separator: ", "))."
        ),
        (
            "en", .voice, "a b",
            "Preference voice: \"a b\" is not allowed; use an eSpeak NG voice name such as en-us or es+f3."
        ),
        (
            "es", .voice, "a b",
            "Preferencia voice: «a b» no es válido; usa un nombre de voz de eSpeak NG como en-us o es+f3."
        ),
        (
            "en", .defaultPattern, "zz",
            "Preference defaultPattern: \"zz\" is not allowed; use a built-in or saved pattern name, or timings such as 4-7-8."
        ),
        (
            "es", .remindPattern, "zz",
            "Preferencia remind.pattern: «zz» no es válido; usa el nombre de un patrón incorporado o guardado, o tiempos como 4-7-8."
        ),
        (
            "en", .defaultMinutes, "0",
            "Preference defaultMinutes: \"0\" is not allowed; use a number of minutes from 0.1 to 1440."
        ),
        (
            "es", .remindMinutes, "0",
            "Preferencia remind.minutes: «0» no es válido; usa un número de minutos entre 0,1 y 1440."
        ),
        (
            "en", .quietHours, "late",
            "Preference quietHours: \"late\" is not allowed; use a start and an end time such as 22:00-07:00."
        ),
        (
            "es", .quietHours, "tarde",
            "Preferencia quietHours: «tarde» no es válido; usa una hora de inicio y otra de fin, como 22:00-07:00."
        ),
    ])
    func refusalsAreOneLocalizedLine(language: String, key: PreferenceKey, value: String, expected: String) {
        let rules = PreferenceRules(languages: LocaleCatalog.codes)
        #expect(rules.parse(key, value) == nil)
        let text = Localizer(language: language).string(
            Preferences.refusal(key: key.rawValue, value: value, allowed: rules.allowed(key)))
        #expect(text == expected)
    }

    @Test func everyNewKeyIsInEveryLocaleWithTheSamePlaceholders() {
        // This issue's block of keys, from allowed.choice to the end.
        let first = MessageKey.allCases.firstIndex(of: .allowedChoice)!
        for key in MessageKey.allCases[first...] where key != .allowedCustomPatterns {
            let english = LocaleCatalog.all["en"]!.entries[key.localeKey]
            let spanish = LocaleCatalog.all["es"]!.entries[key.localeKey]
            #expect(english != nil && spanish != nil, "\(key.localeKey)")
            func placeholders(_ entry: LocaleCatalog.Entry?) -> Set<String> {
                Set(
                    (entry?.templates ?? []).flatMap {
                        $0.split(separator: "{", omittingEmptySubsequences: false).dropFirst().compactMap {
                            // `{done:nominative}` names `done`: a language chooses the form of its numbers.
                            $0.split(separator: "}").first.map { String($0.split(separator: ":").first ?? $0) }
                        }
                    })
            }
            #expect(placeholders(english) == placeholders(spanish), "\(key.localeKey)")
        }
    }
}

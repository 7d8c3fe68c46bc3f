import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// `--json` for scripts: `patterns`, `voices`, `schedule list`, `doctor` and `stats` each print one document with
/// `"version": 1` and every key present (null where there is no value), in the order the user's guide documents
/// (docs/user-guide.md, "JSON for scripts").
@Suite struct JSONOutputTests {
    /// Each command's keys, in order, as it prints them and as the user's guide lists them.
    static let topLevelKeys: [String: [String]] = [
        "patterns --json": ["version", "patterns"],
        "voices --json": ["version", "language", "voices", "variants"],
        "schedule list --json": ["version", "reminders"],
        "doctor --json": ["version", "ok", "checks"],
        "stats --json": [
            "version", "sessions", "seconds", "currentStreak", "longestStreak", "lastSevenDays", "averageMoodChange",
            "moodSessions", "averageMoodAfter", "moodAfterSessions", "topPatterns", "badges",
        ],
    ]

    /// The keys a row of the guide's table names outside any braces or parentheses, in order.
    static func documentedKeys(_ cell: Substring) -> [String] {
        var depth = 0
        var outside = ""
        for character in cell {
            if character == "{" || character == "(" { depth += 1 }
            if depth == 0 { outside.append(character) }
            if character == "}" || character == ")" { depth -= 1 }
        }
        return outside.matches(of: /`([A-Za-z]+)`/).map { String($0.1) }
    }

    @Test func userGuideTableListsEachCommandsKeys() throws {
        let guide = try String(
            contentsOf: BinaryRun.packageRoot.appendingPathComponent("docs/user-guide.md"), encoding: .utf8)
        let rows = guide.split(separator: "\n").drop { $0 != "| command | keys |" }.dropFirst(2).prefix {
            $0.hasPrefix("| ")
        }
        var documented: [String: [String]] = [:]
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            documented[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = Self.documentedKeys(
                Substring(cells[1]))
        }
        #expect(documented == Self.topLevelKeys)
    }

    /// The keys of a JSON object, in the order they were written (JSONSerialization forgets the order).
    static func keys(of object: String) -> [String] {
        object.matches(of: /\n  "([A-Za-z]+)":/).map { String($0.1) }
    }

    static func document(_ run: BinaryRun) throws -> [String: Any] {
        #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
        // A single document: one value, then one newline.
        #expect(run.stdout.hasPrefix("{") && run.stdout.hasSuffix("}\n"))
        return try #require(try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any])
    }

    @Test func patternsListsBuiltInAndSavedPatterns() throws {
        let home = try TemporaryHome()
        #expect(try home.run(["patterns", "add", "calm", "4-2-6.5"]).status == 0)
        let run = try home.run(["patterns", "--json", "--lang", "en"])
        let document = try Self.document(run)
        #expect(Self.keys(of: run.stdout) == Self.topLevelKeys["patterns --json"])
        #expect(document["version"] as? Int == 1)
        let patterns = try #require(document["patterns"] as? [[String: Any]])
        #expect(
            patterns.map { $0["name"] as? String } == [
                "4-7-8", "box", "diaphragmatic", "resonant", "7-11", "sigh", "calm",
            ])
        for pattern in patterns {
            #expect(
                Set(pattern.keys) == ["name", "kind", "title", "timings", "phases", "cycleSeconds", "breathsPerMinute"])
        }
        let calm = try #require(patterns.last)
        #expect(calm["kind"] as? String == "saved")
        #expect(calm["timings"] as? String == "4-2-6.5")
        #expect(calm["cycleSeconds"] as? Double == 12.5)
        #expect(calm["breathsPerMinute"] as? Double == 4.8)
        let phases = try #require(calm["phases"] as? [[String: Any]])
        #expect(phases.map { $0["phase"] as? String } == ["inhale", "hold", "exhale"])
        #expect(phases.map { $0["seconds"] as? Double } == [4, 2, 6.5])
        let box = try #require(patterns.first { $0["name"] as? String == "box" })
        #expect(box["kind"] as? String == "builtIn" && box["title"] as? String == "Box breathing")
    }

    @Test(arguments: LocaleFiles.wholeLanguages)
    func voicesListsTheLanguagesVoicesAndTheVariants(language: String) throws {
        let run = try BinaryRun.run(["voices", "--json", "--lang", language])
        let document = try Self.document(run)
        #expect(Self.keys(of: run.stdout) == Self.topLevelKeys["voices --json"])
        #expect(document["version"] as? Int == 1)
        #expect(document["language"] as? String == language)
        let voices = try #require(document["voices"] as? [[String: Any]])
        #expect(!voices.isEmpty)
        for voice in voices {
            #expect(Set(voice.keys) == ["code", "name", "identifier", "languages"])
            #expect(
                (voice["languages"] as? [String])?.map { $0.lowercased() }.contains {
                    $0 == language.lowercased() || $0.hasPrefix(language.lowercased() + "-")
                } == true)
        }
        let text = try BinaryRun.run(["voices", "--lang", language]).stdoutLines.dropFirst()
        let localizer = Localizer(language: language)
        #expect(
            voices.map {
                localizer.string(
                    Message(
                        .voicesRow,
                        ["code": .text($0["code"] as? String ?? ""), "name": .text($0["name"] as? String ?? "")]))
            } == Array(text))
        let variants = try #require(document["variants"] as? [String])
        #expect(variants.contains("f3") && variants.contains("m2"))
    }

    @Test func scheduleListGivesEachReminderWithItsTimes() throws {
        let fake = try FakeCrontab()
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        let empty = try fake.run(["schedule", "list", "--json"])
        #expect(try Self.document(empty)["reminders"] as? [Any] != nil)
        #expect(Self.keys(of: empty.stdout) == Self.topLevelKeys["schedule list --json"])
        #expect(try fake.run(["schedule", "add", "--every", "45m"]).status == 0)
        #expect(try fake.run(["schedule", "add", "--at", "12:30", "--days", "sat,sun"]).status == 0)
        let run = try fake.run(["schedule", "list", "--json"])
        let document = try Self.document(run)
        #expect(document["version"] as? Int == 1)
        let reminders = try #require(document["reminders"] as? [[String: Any]])
        #expect(reminders.map { $0["id"] as? Int } == [1, 2])
        for reminder in reminders {
            #expect(Set(reminder.keys) == ["id", "via", "summary", "times", "lines", "files"])
            #expect(reminder["files"] as? [String] == [])
            #expect(reminder["via"] as? String == "cron")
        }
        #expect(reminders[0]["summary"] as? String == "--every 45m")
        #expect((reminders[0]["times"] as? [String])?.count == 3)
        #expect(
            reminders[1]["times"] as? [String] == ["30 12 * * 0,6"]
                || reminders[1]["times"] as? [String] == ["30 12 * * 6,0"])
        let lines = try #require(reminders[1]["lines"] as? [String])
        #expect(lines.count == 1 && lines[0].hasSuffix(" remind"))
    }

    @Test func doctorGivesEveryFindingAndTheSameExitStatus() throws {
        let fake = try FakeCrontab()
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        // No sound server at all: the sound checks are problems, so the exit status is 1 and "ok" is false.
        let environment: [String: String?] = [
            "BREATHE_VOICE_CRONTAB": fake.script.path, "PULSE_SERVER": "unix:/nonexistent/native", "LC_ALL": "C",
        ]
        let text = try BinaryRun.run(["doctor"], environment: environment)
        let run = try BinaryRun.run(["doctor", "--json"], environment: environment)
        #expect(run.status == text.status)
        #expect(run.status == 1)
        let document = try Self.document(run)
        #expect(Self.keys(of: run.stdout) == Self.topLevelKeys["doctor --json"])
        #expect(document["version"] as? Int == 1)
        #expect(document["ok"] as? Bool == false)
        let checks = try #require(document["checks"] as? [[String: Any]])
        #expect(checks.count == text.stdoutLines.count)
        for (check, line) in zip(checks, text.stdoutLines) {
            #expect(Set(check.keys) == ["check", "status", "message", "fix"])
            let message = check["message"] as? String ?? ""
            if check["status"] as? String == "ok" {
                #expect(check["fix"] is NSNull)
                #expect(line.hasSuffix(message))
            } else {
                #expect(check["status"] as? String == "problem")
                #expect(line.contains(message) && line.hasSuffix(check["fix"] as? String ?? "\u{0}"))
            }
        }
        #expect(checks.contains { $0["check"] as? String == "sound-server" && $0["status"] as? String == "problem" })
    }

    @Test func statsHasAVersionAndEveryKeyEvenWithNoHistory() throws {
        let run = try BinaryRun.run(["stats", "--json"])
        let document = try Self.document(run)
        #expect(Self.keys(of: run.stdout) == Self.topLevelKeys["stats --json"])
        #expect(document["version"] as? Int == 1)
        #expect(document["averageMoodChange"] is NSNull)
        #expect(document["sessions"] as? Int == 0)
        #expect((document["lastSevenDays"] as? [Any])?.count == 7)
    }
}

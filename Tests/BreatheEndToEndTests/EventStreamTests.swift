import Foundation
import Testing

@testable import BreatheTestSupport

/// `--events json` and `--timing-report`, end to end.
@Suite struct EventStreamTests {
    /// The documented schema (docs/user-guide.md, "Event stream"): every key, and the JSON types it may take.
    static let schema: [String: Set<String>] = [
        "version": ["number"], "state": ["string"], "segment": ["string", "null"], "phase": ["string", "null"],
        "phaseIndex": ["number", "null"], "cycle": ["number", "null"], "cycles": ["number"], "planned": ["number"],
        "actual": ["number"], "clock": ["number"], "segmentEnd": ["number", "null"], "tone": ["string", "null"],
        "lines": ["array"], "spoken": ["array"], "reason": ["string", "null"], "status": ["string", "null"],
    ]
    static let states: Set<String> = ["preparing", "active", "paused", "completing", "completed"]
    /// Which state may follow which.
    static let legal: [String: Set<String>] = [
        "start": ["preparing", "active"],
        "preparing": ["active", "paused", "completing"],
        "active": ["active", "paused", "completing"],
        "paused": ["active", "preparing", "completing"],
        "completing": ["completed"],
    ]

    static func type(of value: Any) -> String {
        switch value {
        case is NSNull: "null"
        case is NSNumber: "number"
        case is String: "string"
        case is [Any]: "array"
        default: "object"
        }
    }

    /// The user's guide's table names exactly these keys, each with these types ("string or null", "array of strings").
    @Test func userGuideTableIsTheSchema() throws {
        let guide = try String(
            contentsOf: BinaryRun.packageRoot.appendingPathComponent("docs/user-guide.md"), encoding: .utf8)
        let rows = guide.split(separator: "\n").drop { $0 != "| key | type | meaning |" }.dropFirst(2).prefix {
            $0.hasPrefix("| ")
        }
        var documented: [String: Set<String>] = [:]
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let key = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let types = cells[1].split(separator: " ").map(String.init)
            documented[key] = Set(types.filter { ["number", "string", "null", "array"].contains($0) })
        }
        #expect(documented == Self.schema)
    }

    static func validate(_ text: String) throws -> [[String: Any]] {
        let lines = text.split(separator: "\n").map(String.init)
        var objects: [[String: Any]] = []
        var previous = "start"
        for line in lines {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not an object: \(line)")
            #expect(Set(object.keys) == Set(schema.keys), "keys of \(line)")
            for (key, types) in schema {
                if let value = object[key] { #expect(types.contains(type(of: value)), "\(key) in \(line)") }
            }
            let state = try #require(object["state"] as? String)
            #expect(states.contains(state))
            #expect(legal[previous, default: []].contains(state), "\(previous) → \(state) is not a legal order")
            previous = state
            objects.append(object)
        }
        #expect(previous == "completed")
        return objects
    }

    /// `--count` has a text equivalent: in plain mode each number is a line on its second, and in the event stream each
    /// is a record of its own (the state stays `active`), with the number in `lines` and, when our voice says it, in
    /// `spoken`.
    @Test func countsArePrintedAndInTheEventStream() throws {
        let plain = try BinaryRun.run([
            "--pattern", "3-0-2", "--cycles", "1", "--count", "--no-audio", "--plain", "--lang", "en",
        ])
        #expect(plain.status == 0)
        #expect(
            Array(plain.stdoutLines.dropFirst(2).prefix(6)) == [
                "Breathe in, 3 seconds. Cycle 1 of 1.", "2.", "3.", "Breathe out, 2 seconds.", "2.",
                "Session complete: 1 cycle in 5 seconds.",
            ])
        let home = try TemporaryHome()
        let events = home.root.appendingPathComponent("events.jsonl")
        let wav = home.root.appendingPathComponent("session.wav")
        let render = try home.run([
            "--pattern", "3-0-2", "--cycles", "1", "--count", "--output", wav.path, "--events", "json=" + events.path,
            "--lang", "en", "--plain",
        ])
        #expect(render.status == 0, "\(render.stderr)")
        let objects = try Self.validate(String(decoding: try Data(contentsOf: events), as: UTF8.self))
        let counted = objects.filter { ($0["lines"] as? [String])?.first.map { $0.first?.isNumber == true } == true }
        #expect(counted.map { $0["state"] as? String } == Array(repeating: "active", count: counted.count))
        #expect(!counted.isEmpty)
        for object in counted {
            let line = try #require((object["lines"] as? [String])?.first)
            #expect(object["spoken"] as? [String] == [String(line.dropLast())], "\(object)")
        }
        #expect(
            render.stdoutLines.filter { $0.hasSuffix(".") && $0.dropLast().allSatisfy(\.isNumber) }.count
                == counted.count)
    }

    @Test func everyLineIsJSONThatFitsTheSchemaInALegalOrder() throws {
        let run = try BinaryRun.run([
            "--pattern", "1-0-1", "--cycles", "2", "--no-audio", "--events", "json", "--lang", "en",
        ])
        #expect(run.status == 0)
        let objects = try Self.validate(run.stdout)
        #expect(
            objects.map { $0["state"] as? String } == [
                "preparing", "active", "active", "active", "active", "completing", "completed",
            ])
        #expect(objects.map { $0["phase"] as? String } == [nil, "inhale", "exhale", "inhale", "exhale", nil, nil])
        let active = objects[1]
        #expect(active["planned"] as? Double == 3)
        #expect((active["actual"] as? Double ?? 0) >= 3)
        #expect(active["lines"] as? [String] == ["Breathe in, 1 second. Cycle 1 of 2."])
        #expect(objects.last?["status"] as? String == "completed")
    }

    @Test func eventsGoToAFileWhileThePlainDisplayKeepsStandardOutput() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("events-\(UUID().uuidString).jsonl")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try BinaryRun.run([
            "--pattern", "1-0-1", "--cycles", "1", "--no-audio", "--plain", "--events", "json=\(path)", "--lang", "en",
        ])
        #expect(run.status == 0)
        #expect(run.stdoutLines.first == "Custom pattern, in seconds: in 1, out 1. 1 cycle, about 2 seconds.")
        let objects = try Self.validate(try String(contentsOfFile: path, encoding: .utf8))
        #expect(objects.count == 5)
    }

    @Test(arguments: [
        (["--events", "xml"], 64, "breathe-voice: Event stream \"xml\" is not json, json=PATH or json=fd:N."),
        (["--events", "json=fd:97"], 64, "breathe-voice: Event stream file descriptor 97 is not open."),
        (
            ["--events", "json", "--plain"], 64,
            "breathe-voice: --events json writes to standard output, which --display plain also needs: write the events to json=PATH or json=fd:N."
        ),
        (
            ["--events", "json=/nonexistent/dir/x.jsonl"], 73,
            "breathe-voice: Cannot open the event stream \"/nonexistent/dir/x.jsonl\": No such file or directory."
        ),
    ])
    func badEventDestinationsAreOneLineErrors(arguments: [String], status: Int32, line: String) throws {
        let run = try BinaryRun.run(
            ["--pattern", "1-0-1", "--cycles", "1", "--no-audio", "--lang", "en"] + arguments,
            environment: ["LC_ALL": "C"])
        #expect(run.status == status)
        #expect(run.stderrLines == [line])
    }

    @Test func timingReportListsEveryCueWithMaximumAndMedian() throws {
        let run = try BinaryRun.run([
            "--pattern", "1-0-1", "--cycles", "2", "--no-audio", "--plain", "--timing-report", "--lang", "en",
        ])
        #expect(run.status == 0)
        let lines = run.stdoutLines
        let header = try #require(lines.firstIndex(of: "Cue timing, planned against played:"))
        // The report ends with its summary line; anything after it (a badge earned) is not part of it.
        let end = try #require(lines[header...].firstIndex { $0.contains(" cues: ") })
        let rows = Array(lines[(header + 1)...end])
        #expect(rows.count == 5)
        #expect(rows.first?.hasPrefix("Cycle 1, Breathe in, planned at 3 s: ") == true)
        #expect(rows[3].hasPrefix("Cycle 2, Breathe out, planned at 6 s: "))
        let summary = try #require(rows.last)
        #expect(
            summary.range(of: #"^4 cues: at most [0-9.]+ ms late, median [0-9.]+ ms\.$"#, options: .regularExpression)
                != nil, "\(summary)")
        // Then which voice spoke: none, without audio.
        #expect(lines[end + 1] == "Speech: none.")
        // Generous: a text cue on an idle machine is a few milliseconds late, never a tenth of a second.
        let late = rows.dropLast().compactMap { row in row.split(separator: " ").dropLast(2).last.flatMap { Double($0) }
        }
        #expect(late.count == 4)
        #expect(late.allSatisfy { $0 < 100 }, "\(late)")
    }
}

import Foundation
import Testing

@testable import BreatheTestSupport

extension FirstHourTests {
    /// The home, its crontab, and how the binary is run there.
    struct Walk {
        let home: TemporaryHome
        let crontab: FakeCrontab

        /// The home's folders, English, the private crontab; no screen reader found on the machine (another test's
        /// Fenrir) changes what a session prints.
        var environment: [String: String?] {
            home.environment.merging(
                [
                    "LC_ALL": "C", "LANG": nil, "LANGUAGE": nil, "BREATHE_VOICE_CRONTAB": crontab.script.path,
                    "BREATHE_VOICE_SCREEN_READER": "off",
                ], uniquingKeysWith: { $1 })
        }

        func run(
            _ arguments: [String], environment extra: [String: String?] = [:], directory: URL? = nil
        ) throws -> BinaryRun {
            try BinaryRun.run(
                arguments, environment: environment.merging(extra, uniquingKeysWith: { $1 }), directory: directory)
        }

        /// With no sound server: the address of none.
        static let noServer: [String: String?] = ["PULSE_SERVER": "unix:/nonexistent/pulse/native"]

        /// A short session at the terminal: one or more cycles of 1-1, text only unless `spoken` (the closing words
        /// last only while they are said: in a text session the question follows "Session complete" at once, so a
        /// key or a signal meant for the closing words needs them spoken, by the tests' private sound server).
        func session(
            _ extra: [String] = [], cycles: Int = 1, spoken: Bool = false, environment more: [String: String?] = [:],
            steps: [PtySession.Step]
        ) throws -> PtySession {
            try PtySession.run(
                ["--pattern", "1-1", "--cycles", String(cycles), "--plain"]
                    + (spoken ? ["--tones", "off"] : ["--no-audio"])
                    + extra, steps: steps,
                environment: environment.merging(more, uniquingKeysWith: { $1 }))
        }

        /// The history as `history --json` prints it: one object per session, amendments folded in.
        func records() throws -> [[String: Any]] {
            let run = try run(["history", "--json"])
            #expect(run.status == 0, "\(run.stderr)")
            return try run.stdoutLines.map { line in
                try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            }
        }

        /// `stats --json`.
        func stats() throws -> [String: Any] {
            let run = try run(["stats", "--json"])
            #expect(run.status == 0, "\(run.stderr)")
            return try #require(JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any])
        }

        /// After a session: the history holds `recorded` sessions, the last as `status` with `moodAfter`, and the
        /// stats count `breathed` of them, with `badges`.
        func expectHistory(
            recorded: Int, lastStatus: String, moodAfter: Int? = nil, breathed: Int, badges: [String],
            _ step: String, sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let records = try records()
            #expect(records.count == recorded, "\(step): \(records)", sourceLocation: sourceLocation)
            #expect(
                records.last?["status"] as? String == lastStatus, "\(step): \(records.last ?? [:])",
                sourceLocation: sourceLocation)
            #expect(
                records.last?["moodAfter"] as? Int == moodAfter, "\(step): \(records.last ?? [:])",
                sourceLocation: sourceLocation)
            let stats = try stats()
            #expect(stats["sessions"] as? Int == breathed, "\(step): \(stats)", sourceLocation: sourceLocation)
            #expect(stats["badges"] as? [String] == badges, "\(step): \(stats)", sourceLocation: sourceLocation)
        }
    }
}

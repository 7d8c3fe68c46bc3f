import Foundation
import Testing

@testable import BreatheTestSupport

/// Issue 27: `--timing-report` says what was heard, not only when the boundary came. Rendered (no server needed, byte
/// for byte what a live session plays): words too long for one-second phases leave tones and words out, and the
/// report names each and counts them; a session where everything fits says nothing of the kind. A rendered file is not
/// a breathing session: no history record, no badge.
@Suite struct TimingReportTruthTests {
    @Test func tonesAndWordsLeftOutAreReportedAndCounted() throws {
        let home = try TemporaryHome()
        let wav = home.root.appendingPathComponent("slow.wav").path
        let run = try home.run([
            "--pattern", "1-1", "--cycles", "3", "--rate", "80", "--lang", "en", "--output", wav, "--timing-report",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let toneLines = run.stdoutLines.filter { $0.hasSuffix(": its tone was left out.") }
        let wordLines = run.stdoutLines.filter {
            $0.hasSuffix("could no longer be heard in its phase).") || $0.contains("ms after the boundary.")
        }
        #expect(!toneLines.isEmpty, "\(run.stdout)")
        #expect(!wordLines.isEmpty, "\(run.stdout)")
        #expect(
            run.stdoutLines.contains("Tones left out: \(toneLines.count). Words late or left out: \(wordLines.count)."),
            "\(run.stdout)")
        // Not a breathing session: nothing recorded, no badge.
        #expect(!FileManager.default.fileExists(atPath: home.historyFile.path))
        #expect(!run.stdout.contains("New badge"), "\(run.stdout)")
    }

    @Test func aSessionWhoseCuesAllFitReportsNothingMissed() throws {
        let home = try TemporaryHome()
        let wav = home.root.appendingPathComponent("box.wav").path
        let run = try home.run([
            "--pattern", "4-4-4-4", "--cycles", "1", "--lang", "es", "--output", wav, "--timing-report",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("omiti") && !run.stdout.contains("Tonos omitidos"), "\(run.stdout)")
        #expect(run.stdoutLines.contains { $0.hasPrefix("4 señales:") }, "\(run.stdout)")
    }
}

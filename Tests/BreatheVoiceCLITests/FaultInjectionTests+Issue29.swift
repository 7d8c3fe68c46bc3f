import BreatheTestSupport
import Foundation
import Testing

/// Issue 29 ("Trust, round 3"), each finding against the built binary in its own home, as in `FaultInjectionTests`.
extension FaultInjectionTests {
    // MARK: 9. Small ones: an empty --output is a usage error.

    @Test(arguments: ["en", "es"])
    func issue29EmptyOutputIsAUsageError(language: String) throws {
        let home = try TemporaryHome()
        for arguments in [
            ["--pattern", "1-1", "--cycles", "1", "--plain", "--output", ""],
            ["history", "export", "--format", "csv", "--output", ""],
        ] {
            let run = try home.run(arguments + ["--lang", language])
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderrLines.count == 1, "\(arguments): \(run.stderr)")
            let expected = language == "en" ? "--output needs a file name" : "--output necesita un nombre de archivo"
            #expect(run.stderr.contains(expected), "\(arguments): \(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
        #expect(Self.historyLines(home).isEmpty)
    }
}

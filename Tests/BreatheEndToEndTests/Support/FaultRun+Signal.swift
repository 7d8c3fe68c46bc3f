import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// A session signalled while it waits on a server (frozen, slow, or one that never answers), the way every such test
/// ends it and judges the end.
extension FaultRun {
    /// How soon after SIGTERM the test must have reaped the run. The program ends every wait within 0.2 s of a
    /// stopping signal and promises half a second; the test measures from its own kill to the exit it reaps, beside a
    /// dozen other jobs (seen: 0.61 s), so it allows a second. A session held by the server never ends at all. Before
    /// issue 43, a session waiting on BrlAPI took a second (its wait ignored the signal) and one waiting on the sound
    /// server's eSpeak NG start up to five.
    static let signalEndsWithin = 1.0

    /// A run ended by a signal: what it wrote and how it ended, and how long after the signal.
    struct Signalled {
        let run: FaultRun
        let seconds: Double
    }

    /// Sends SIGTERM now and waits for the run to end, at most `timeout`; nil when it had to be killed.
    static func terminate(_ started: Started, within timeout: Double = 10) -> Signalled? {
        let signalled = Date()
        started.child.kill(SIGTERM)
        guard let run = finish(started, within: timeout) else { return nil }
        return Signalled(run: run, seconds: Date().timeIntervalSince(signalled))
    }

    /// The session SIGTERM ended: exit 143 within `signalEndsWithin`, its record saved as stopped in `home`, and with
    /// `quiet`, nothing on standard error.
    static func expectStoppedAtOnce(
        _ ended: Signalled?, home: TemporaryHome, quiet: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let ended = try #require(ended, "SIGTERM did not end the session", sourceLocation: sourceLocation)
        let run = ended.run
        #expect(run.ending == .exited(143), "\(run.ending)\n\(run.stdout)\(run.stderr)", sourceLocation: sourceLocation)
        #expect(ended.seconds < signalEndsWithin, "SIGTERM took \(ended.seconds) s", sourceLocation: sourceLocation)
        if quiet { #expect(run.stderr.isEmpty, "\(run.stderr)", sourceLocation: sourceLocation) }
        let history = home.history
        #expect(history.contains("\"status\":\"stopped\""), "\(history)", sourceLocation: sourceLocation)
    }
}

extension TemporaryHome {
    /// The history file as it is now ("" when there is none).
    var history: String { (try? String(contentsOf: historyFile, encoding: .utf8)) ?? "" }
}

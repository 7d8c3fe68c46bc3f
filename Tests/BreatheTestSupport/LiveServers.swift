import BreatheSystem
import Foundation
import Testing

/// The private servers a live test runs beside: the sound server (scripts/with-pulse.sh or scripts/with-pipewire.sh)
/// and speech-dispatcher (scripts/with-speechd.sh). `make test` runs every test beside both (scripts/test-swift.sh), so
/// a test that needs one requires it here: without it the test fails, with how to run it, in CI and anywhere else. A
/// missing server is never a skip nor an early return (which would pass without testing anything).
package enum LiveServers {
    /// The environment of the tests' sound server; the test fails when none answers `pactl info`.
    @discardableResult
    package static func requireSoundServer(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: String]
    {
        let environment = ProcessInfo.processInfo.environment
        try #require(
            soundServerAnswers(),
            "no sound server answers: run the tests through scripts/with-pulse.sh (make test does)",
            sourceLocation: sourceLocation)
        return environment
    }

    /// The address of the tests' speech-dispatcher (`SPEECHD_ADDRESS`); the test fails when there is none.
    @discardableResult
    package static func requireSpeechDispatcher(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let address = ProcessInfo.processInfo.environment["SPEECHD_ADDRESS"] ?? ""
        try #require(
            !address.isEmpty,
            "no private speech-dispatcher: run the tests through scripts/with-speechd.sh (make test does)",
            sourceLocation: sourceLocation)
        return address
    }

    /// True when `pactl info` answers for `server` (nil: the environment's own).
    package static func soundServerAnswers(server: String? = nil) -> Bool {
        var environment = ProcessInfo.processInfo.environment
        if let server { environment["PULSE_SERVER"] = server }
        return spawnAndWait(["pactl", "info"], environment: environment) == 0
    }

    /// Runs a tool (found on the environment's PATH) to its end, output discarded, through the Kit's `ChildProcess`
    /// (Foundation's Process can miss the exit of a child that ends at once, and then waits forever). The tool's exit
    /// status; -1 when it could not run or was killed.
    package static func spawnAndWait(_ arguments: [String], environment: [String: String]) -> Int32 {
        guard let tool = arguments.first,
            let program = ChildProcess.find(
                tool, path: ProcessInfo.processInfo.environment["PATH"] ?? environment["PATH"] ?? "/usr/bin:/bin"),
            let child = try? ChildProcess(
                program, Array(arguments.dropFirst()), environment: environment.map { "\($0.key)=\($0.value)" })
        else { return -1 }
        guard case .exited(let status) = child.wait() else { return -1 }
        return status
    }
}

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

    /// Runs a tool with posix_spawnp and waitpid, output discarded: Foundation's Process can miss the exit of a
    /// child that ends at once, and then waits forever. The tool's exit status; -1 when it could not run or was killed.
    package static func spawnAndWait(_ arguments: [String], environment: [String: String]) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
    }
}

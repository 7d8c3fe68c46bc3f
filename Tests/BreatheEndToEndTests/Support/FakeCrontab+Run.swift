@testable import BreatheTestSupport

extension FakeCrontab {
    /// Runs the built binary with this crontab program in BREATHE_VOICE_CRONTAB, in the C locale.
    func run(_ arguments: [String]) throws -> BinaryRun {
        try BinaryRun.run(arguments, environment: ["BREATHE_VOICE_CRONTAB": script.path, "LC_ALL": "C", "LANG": nil])
    }
}

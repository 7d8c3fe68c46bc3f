/// While a temporary file is being written for a command that runs no session (`history export --output`, record by
/// record, for as long as the history takes), a signal that would end the process (SIGINT, SIGTERM, SIGHUP, SIGQUIT,
/// SIGUSR1, SIGUSR2, SIGALRM) removes the file first, then ends the process as it would have: no temporary file is left
/// beside the target, and the target stays as it was.
enum TemporaryFileGuard {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM]

    /// Runs `body` with `temporary` removed on any of `signals`; the previous actions come back afterwards.
    static func removing<Result>(
        _ temporary: String, during body: () throws(BreatheError) -> Result
    ) throws(BreatheError) -> Result {
        let previousPath = guardedTemporaryPath
        guardedTemporaryPath = strdup(temporary)
        var previous: [sigaction] = []
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = removeGuardedAndDie
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            var old = sigaction()
            sigaction(number, &action, &old)
            previous.append(old)
        }
        defer {
            for (number, var old) in zip(signals, previous) { sigaction(number, &old, nil) }
            // Leaked on purpose: a handler may have been reading it as it was replaced.
            guardedTemporaryPath = previousPath
        }
        return try body()
    }
}

/// The temporary file being written, for the signal handler; nil when there is none.
nonisolated(unsafe) private var guardedTemporaryPath: UnsafeMutablePointer<CChar>?

/// Removes the temporary file, then lets the signal do what it would have done (async-signal-safe calls only).
private let removeGuardedAndDie: @convention(c) (Int32) -> Void = { number in
    if let path = guardedTemporaryPath { unlink(path) }
    signal(number, SIG_DFL)
    raise(number)
}

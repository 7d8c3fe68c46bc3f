#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A command that runs no session (`history export --output`, written record by record for as long as the history
/// takes) has no session's signal handler: while it writes its temporary file, a signal that would end the process
/// (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM) removes the temporary files registered in
/// `TemporaryFiles` first, then ends the process as it would have: no temporary file is left beside the target, and
/// the target stays as it was.
enum TemporaryFileGuard {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM]

    /// Runs `body` with the registered temporary files removed on any of `signals`; the previous actions come back
    /// afterwards.
    static func removing<Result>(during body: () throws(BreatheError) -> Result) throws(BreatheError) -> Result {
        var previous: [sigaction] = []
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = removeTemporariesAndDie
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            var old = sigaction()
            sigaction(number, &action, &old)
            previous.append(old)
        }
        defer {
            for (number, var old) in zip(signals, previous) { sigaction(number, &old, nil) }
        }
        return try body()
    }
}

/// Removes the temporary files, then lets the signal do what it would have done (async-signal-safe calls only).
private let removeTemporariesAndDie: @convention(c) (Int32) -> Void = { number in
    TemporaryFiles.removeAllFromSignalHandler()
    signal(number, SIG_DFL)
    raise(number)
}

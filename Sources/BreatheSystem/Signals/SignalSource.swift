#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Signals as session inputs, through a self-pipe.
///
/// A C handler that captures nothing writes the signal's number into a pipe (write(2) is async-signal-safe); the
/// session's poll(2) wakes on the other end, and the number becomes a `SignalInput` in ordinary code, where the
/// session can do anything it likes with it. Nothing runs on another thread, so this is safe with Swift concurrency.
package enum SignalSource {
    /// The signals a session listens to.
    static let numbers: [Int32] = stopping + [SIGTSTP, SIGCONT, SIGWINCH]

    /// The signals that end a session (and any other command): caught from the first thing `main` does. SIGQUIT
    /// (Ctrl-\\), SIGUSR1 and SIGUSR2 end a session as SIGTERM does, with exit 128 + their number.
    static let stopping: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2]

    /// Other signals whose default action ends the process: nothing of ours listens to them, but a temporary file
    /// being written is removed first (see `TemporaryFiles`).
    static let otherFatal: [Int32] = [SIGALRM, SIGVTALRM, SIGPROF, SIGIO, SIGPWR]

    /// Run first thing in `main`: the stopping signals go into the self-pipe from now on, so that one arriving while a
    /// session is still being prepared is kept for it and ends it with the documented exit (130, 143, 0, 128 + N after
    /// recording what was breathed) instead of killing the process. A command that is not a session calls
    /// `releaseEarly()` once it knows. Handlers (unlike a blocked mask) are reset at exec, so children start clean.
    package static func installEarly() {
        mainThread = pthread_self()
        TemporaryFiles.prepare()
        for number in otherFatal { removeTemporariesThenDie(on: number) }
        guard makePipe() else { return }
        for number in stopping { handle(number) }
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for number in stopping { sigaddset(&unblock, number) }
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// For a command that runs no session: the default actions come back (after removing any temporary file being
    /// written), and a signal caught meanwhile is raised again, so it ends the process as it would have.
    package static func releaseEarly() {
        for number in stopping { removeTemporariesThenDie(on: number) }
        guard signalPipe.read >= 0 else { return }
        var byte: UInt8 = 0
        while true {
            let count = SystemCall.retryingOnInterrupt { read(signalPipe.read, &byte, 1) }
            if count == 1 {
                raise(Int32(byte))
                continue
            }
            break
        }
    }

    /// The first stopping signal caught and not yet taken by a session (one that came while a session command
    /// ended without running a session, such as a reminder in quiet hours, or just as a session ended), or nil.
    package static func pendingStop() -> Int32? {
        guard signalPipe.read >= 0 else { return nil }
        var byte: UInt8 = 0
        var found: Int32?
        while true {
            let count = SystemCall.retryingOnInterrupt { read(signalPipe.read, &byte, 1) }
            if count == 1 {
                if found == nil, stopping.contains(Int32(byte)) { found = Int32(byte) }
                continue
            }
            return found
        }
    }

    /// True when a signal waits in the self-pipe (before a session, only the stopping ones go there), without taking
    /// it: a wait outside the session loop (connecting, preparing the phrases) ends, and the session takes it.
    package static var stopIsPending: Bool {
        guard signalPipe.read >= 0 else { return false }
        var descriptor = pollfd(fd: signalPipe.read, events: Int16(POLLIN), revents: 0)
        return SystemCall.retryingOnInterrupt { poll(&descriptor, 1, 0) } == 1
    }

    /// True on the thread that ran `installEarly()` (`main`'s): only its waits end on a signal in the pipe, which
    /// the session loop reads; another thread's (the phrase worker's) would see a resize or a Ctrl-Z there too.
    static var isMainThread: Bool {
        guard let mainThread else { return false }
        return pthread_equal(mainThread, pthread_self()) != 0
    }

    /// The self-pipe's reading end, readable once a signal was caught (-1 before `installEarly()`): a wait outside a
    /// session (a reminder waiting for a call to end) polls it, and leaves what it holds for `pendingStop()`.
    package static var stopDescriptor: Int32 { signalPipe.read }

    /// Makes the self-pipe once; false when no pipe could be made.
    private static func makePipe() -> Bool {
        if signalPipe.read >= 0 { return true }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return false }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        signalPipe = (ends[0], ends[1])
        return true
    }

    /// Installs the handlers (once) and returns the pipe's reading end as a source, or nil if no pipe could be made.
    /// A signal caught since `installEarly()` is still in the pipe, and is the session's first input.
    package static func install() -> SessionInputs.Source? {
        guard makePipe() else { return nil }
        for number in numbers { handle(number) }
        // A parent may have started us with some of these blocked (the mask survives exec): unblock them.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for number in numbers { sigaddset(&unblock, number) }
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
        let descriptor = signalPipe.read
        return SessionInputs.Source(fileDescriptor: descriptor) {
            var byte: UInt8 = 0
            let count = SystemCall.retryingOnInterrupt { read(descriptor, &byte, 1) }
            return count == 1 ? input(for: Int32(byte)) : nil
        }
    }

    /// Gives the session's other signals their default action back. A stopping signal arriving after the session
    /// (while its summary is printed, a WAV is renamed into place) ends the process at once with its documented exit
    /// (130, 143, 0, 128 + N), after removing any temporary file being written.
    package static func uninstall() {
        for number in numbers where !stopping.contains(number) { setDefault(number) }
        for number in stopping {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = exitWithDocumentedCode
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(number, &action, nil)
        }
    }

    /// Runs `body` with the stopping signals blocked, then lets through one that came meanwhile: after a session (see
    /// `uninstall`) such a signal ends the process at once, and a line being appended to the history is not cut short.
    package static func holdingStops<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure) {
        var block = sigset_t()
        var previous = sigset_t()
        sigemptyset(&block)
        for number in stopping { sigaddset(&block, number) }
        sigprocmask(SIG_BLOCK, &block, &previous)
        defer { sigprocmask(SIG_SETMASK, &previous, nil) }
        try body()
    }

    /// The exit status a signal that ends a session stands for (see the user's guide's table).
    package static func exitCode(for number: Int32) -> Int32 {
        switch number {
        case SIGHUP: 0
        case SIGINT, SIGTERM, SIGQUIT, SIGUSR1, SIGUSR2: 128 + number
        default: 0
        }
    }

    /// What a signal means to a session.
    static func input(for number: Int32) -> SessionInput? {
        switch number {
        case SIGINT: .signal(.interrupt)
        case SIGTERM: .signal(.terminate)
        case SIGHUP: .signal(.hangup)
        case SIGQUIT, SIGUSR1, SIGUSR2: .signal(.stop(number))
        case SIGTSTP: .signal(.suspend)
        case SIGCONT: .signal(.resumeFromSuspend)
        case SIGWINCH: .signal(.resize)
        default: nil
        }
    }

    /// Stops the process the way Ctrl-Z would have without our handler, and returns once it is continued (`fg`, `bg`).
    /// When no job-control shell could ever continue it (an orphaned process group), the kernel discards the stop and
    /// this returns at once.
    package static func stopProcess() {
        setDefault(SIGTSTP)
        raise(SIGTSTP)
        handle(SIGTSTP)
    }

    private static func handle(_ number: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = signalToPipe
        sigemptyset(&action.sa_mask)
        action.sa_flags = Int32(SA_RESTART)
        sigaction(number, &action, nil)
    }

    /// On `number`: the registered temporary files are removed, then the signal takes its default action.
    private static func removeTemporariesThenDie(on number: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = removeTemporariesAndDie
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(number, &action, nil)
    }

    private static func setDefault(_ number: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(number, &action, nil)
    }
}

/// The self-pipe's ends; written once, before any handler is installed, and only read afterwards (by the handler too,
/// which is why no lock guards them: a handler must not wait for one).
nonisolated(unsafe) private var signalPipe: (read: Int32, write: Int32) = (-1, -1)

/// `main`'s thread, set first thing in `main` (before any other thread exists), then only read.
nonisolated(unsafe) private var mainThread: pthread_t?

private let signalToPipe: @convention(c) (Int32) -> Void = { number in
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: number)
    // A full pipe means plenty of signals are already waiting; dropping one more is harmless.
    _ = write(signalPipe.write, &byte, 1)
    errno = savedErrno
}

private let exitWithDocumentedCode: @convention(c) (Int32) -> Void = { number in
    TemporaryFiles.removeAllFromSignalHandler()
    _exit(SignalSource.exitCode(for: number))
}

/// Removes the temporary files being written, then lets the signal do what it would have done (async-signal-safe
/// calls only).
private let removeTemporariesAndDie: @convention(c) (Int32) -> Void = { number in
    TemporaryFiles.removeAllFromSignalHandler()
    signal(number, SIG_DFL)
    raise(number)
}

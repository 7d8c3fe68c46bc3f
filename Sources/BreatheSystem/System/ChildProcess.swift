#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Another program, started with posix_spawn the way a shell starts one (nothing blocked, the signals we ignore or
/// catch back at their default actions, no descriptor of ours open beyond its standard streams and those passed on
/// purpose) and reaped with waitpid. `run` runs one to the end with bytes in on its stdin
/// and its stdout and stderr collected; `init` starts one with its standard streams wired as given, to be waited for
/// (or killed) later.
package struct ChildProcess: Sendable {
    /// How a finished program ended and what it printed.
    package struct Result: Sendable {
        /// The exit status, or 128 + the signal number when a signal ended it.
        package var status: Int32
        package var standardOutput: [UInt8]
        package var standardError: [UInt8]
    }

    /// Why a program could not be run at all.
    package enum Failure: Error, Sendable {
        /// posix_spawn or pipe failed; `errno` says why.
        case cannotStart(errno: Int32)
        /// The program had not finished `milliseconds` after it started: it was killed (SIGKILL) and reaped.
        case timedOut(milliseconds: Int64)
    }

    /// How long `run` gives a program we wait for (`crontab`, `systemctl`) before it is killed: they answer in
    /// milliseconds (`systemctl --user daemon-reload` in about a second on a busy machine); one stuck on a frozen
    /// daemon (a user manager, cron's spool lock) must not hold the command for ever.
    package static let patienceMilliseconds: Int64 = 15_000

    /// How a program ended.
    package enum Ending: Equatable, Sendable {
        case exited(Int32)
        case killed(by: Int32)

        /// A wait status (WIFEXITED and WEXITSTATUS, written out: the C macros are not imported).
        package init(waitStatus status: Int32) {
            let signal = status & 0x7F
            self = signal == 0 ? .exited((status >> 8) & 0xFF) : .killed(by: signal)
        }

        /// The exit status, or 128 + the signal number, as a shell gives it.
        var status: Int32 {
            switch self {
            case .exited(let code): code
            case .killed(let signal): 128 + signal
            }
        }
    }

    /// Where one of a child's standard streams goes.
    package enum Stream: Sendable {
        /// A descriptor of ours (such as a pipe's end), duplicated onto the stream.
        case descriptor(Int32)
        /// A file opened with `flags` (created private to the user, 0600, when `flags` has O_CREAT).
        case file(String, flags: Int32)
        /// Not open at all in the child.
        case closed

        /// /dev/null, for reading (stdin) or writing.
        package static func null(writing: Bool) -> Stream {
            .file("/dev/null", flags: writing ? O_WRONLY : O_RDONLY)
        }
    }

    package let pid: pid_t

    /// Starts `program` (a path) with `arguments` and the given standard streams, in `environment` ("NAME=value"
    /// entries; nil: ours). Of our other descriptors only those in `passing` stay open in it, at their numbers (one
    /// named in an argument, such as `--events json=fd:5`).
    ///
    /// Everything else is closed in the child whether or not it was opened close-on-exec: a descriptor another thread
    /// opened without the flag (a lock, a pipe's end) would otherwise live on in every program started meanwhile, and
    /// hold that lock or keep that pipe open for as long as the program runs.
    package init(
        _ program: String, _ arguments: [String], standardInput: Stream = .null(writing: false),
        standardOutput: Stream = .null(writing: true), standardError: Stream = .null(writing: true),
        passing: [Int32] = [], environment: [String]? = nil, directory: String? = nil
    ) throws(Failure) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (stream, target) in [(standardInput, 0), (standardOutput, 1), (standardError, 2)] as [(Stream, Int32)] {
            switch stream {
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            case .file(let path, let flags): posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o600)
            case .closed: posix_spawn_file_actions_addclose(&actions, target)
            }
        }
        // A descriptor duplicated onto itself loses close-on-exec (glibc 2.29+); those below the highest passed one
        // and not passed are closed one by one (closing one not open is no error there), the rest all at once.
        let passed = Set(passing.filter { $0 > 2 })
        let highest = passed.max() ?? 2
        for descriptor in passed { posix_spawn_file_actions_adddup2(&actions, descriptor, descriptor) }
        for descriptor in Int32(3)..<max(3, highest) where !passed.contains(descriptor) {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        ChildProcess.closeAll(from: highest + 1, in: &actions)
        if let directory {
            guard let address = UnsafeRawPointer(bitPattern: ChildProcess.addChangeDirectory) else {
                throw .cannotStart(errno: ENOSYS)
            }
            typealias ChangeDirectory =
                @convention(c) (
                    UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>
                ) -> Int32
            let added = directory.withCString { unsafeBitCast(address, to: ChangeDirectory.self)(&actions, $0) }
            guard added == 0 else { throw .cannotStart(errno: added) }
        }
        var attributes = ChildProcess.cleanSignals()
        defer { posix_spawnattr_destroy(&attributes) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup($0) } + [nil] }
        defer { for pointer in argv + (envp ?? []) { free(pointer) } }
        var pid: pid_t = 0
        func spawn() -> Int32 {
            if let envp {
                posix_spawn(&pid, program, &actions, &attributes, argv, envp)
            } else {
                posix_spawn(&pid, program, &actions, &attributes, argv, environ)
            }
        }
        var spawned = spawn()
        // ETXTBSY: a script just written is still open for writing in a process forked meanwhile (its fd is closed
        // at that process's exec). A few short retries get past that window, as Go's os/exec does.
        var retries = 0
        while spawned == ETXTBSY, retries < 20 {
            retries += 1
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&pause, nil)
            spawned = spawn()
        }
        guard spawned == 0 else { throw .cannotStart(errno: spawned) }
        self.pid = pid
    }

    /// Sends `signal` to the program (if it was not reaped yet).
    func kill(_ signal: Int32) {
        sendSignal(pid, signal)
    }

    /// Waits for the program to end and reaps it.
    package func wait() -> Ending {
        var status: Int32 = 0
        _ = SystemCall.retryingOnInterrupt { waitpid(pid, &status, 0) }
        return Ending(waitStatus: status)
    }

    /// Reaps the program if it has ended, without waiting; nil while it runs.
    func ending() -> Ending? {
        var status: Int32 = 0
        return SystemCall.retryingOnInterrupt { waitpid(pid, &status, WNOHANG) } == pid
            ? Ending(waitStatus: status) : nil
    }

    /// The first program named `name` in `path` (a PATH value) that can be run, or `name` itself when it holds a slash.
    package static func find(_ name: String, path: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        for directory in path.split(separator: ":") where directory.hasPrefix("/") {
            let candidate = directory + "/" + name
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Runs `program` (a path) with `arguments`, feeding it `input` (none: its standard input is /dev/null, as a shell's
    /// `</dev/null` gives it) and reading both outputs to the end; one that has
    /// not finished within `milliseconds` is killed, and `.timedOut` thrown. `environment` and `directory` as `init`
    /// takes them; with `errorsInOutput`, its standard error goes into its standard output, interleaved as written.
    package static func run(
        _ program: String, _ arguments: [String], input: [UInt8] = [],
        within milliseconds: Int64 = ChildProcess.patienceMilliseconds, environment: [String]? = nil,
        directory: String? = nil, errorsInOutput: Bool = false
    ) throws(Failure) -> Result {
        var inputPipe: [Int32] = [-1, -1]
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        guard makePipe(&inputPipe) else { throw .cannotStart(errno: errno) }
        guard makePipe(&outputPipe) else {
            let code = errno
            closeAll(inputPipe)
            throw .cannotStart(errno: code)
        }
        guard makePipe(&errorPipe) else {
            let code = errno
            closeAll(inputPipe + outputPipe)
            throw .cannotStart(errno: code)
        }
        let started: ChildProcess
        do throws(Failure) {
            started = try ChildProcess(
                program, arguments, standardInput: input.isEmpty ? .null(writing: false) : .descriptor(inputPipe[0]),
                standardOutput: .descriptor(outputPipe[1]),
                standardError: .descriptor(errorsInOutput ? outputPipe[1] : errorPipe[1]), environment: environment,
                directory: directory)
        } catch {
            closeAll(inputPipe + outputPipe + errorPipe)
            throw error
        }
        close(inputPipe[0])
        close(outputPipe[1])
        close(errorPipe[1])

        // A program that exits without reading its input must not kill us with SIGPIPE: it is blocked in this thread
        // while we write (the write then fails with EPIPE), and one our write raised is taken before it is unblocked.
        // Not the process's action for it, which another thread running a program at the same time would put back
        // under our write.
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previousMask)
        defer {
            var pending = sigset_t()
            if sigpending(&pending) == 0, sigismember(&pending, SIGPIPE) == 1 {
                var none = timespec()
                _ = sigtimedwait(&pipeSignal, nil, &none)
            }
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        }
        _ = fcntl(inputPipe[1], F_SETFL, fcntl(inputPipe[1], F_GETFL) | O_NONBLOCK)
        var written = 0
        var inputOpen = true
        if input.isEmpty {
            close(inputPipe[1])
            inputOpen = false
        }
        var output: [UInt8] = []
        var errors: [UInt8] = []
        var outputOpen = true
        var errorsOpen = true
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = MonotonicClock.now() + UInt64(max(0, milliseconds)) * 1_000_000
        var timedOut = false
        while inputOpen || outputOpen || errorsOpen {
            var descriptors = [
                pollfd(fd: inputOpen ? inputPipe[1] : -1, events: Int16(POLLOUT), revents: 0),
                pollfd(fd: outputOpen ? outputPipe[0] : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: errorsOpen ? errorPipe[0] : -1, events: Int16(POLLIN), revents: 0),
            ]
            let now = MonotonicClock.now()
            guard now < deadline else {
                timedOut = true
                break
            }
            let timeout = Int32(min((deadline - now + 999_999) / 1_000_000, UInt64(Int32.max)))
            if SystemCall.retryingOnInterrupt({ poll(&descriptors, 3, timeout) }) < 0 { break }
            if inputOpen, descriptors[0].revents != 0 {
                let count = SystemCall.retryingOnInterrupt {
                    input[written...].withUnsafeBytes { write(inputPipe[1], $0.baseAddress, $0.count) }
                }
                if count > 0 { written += count }
                if count < 0, errno != EAGAIN { written = input.count }
                if written >= input.count {
                    close(inputPipe[1])
                    inputOpen = false
                }
            }
            for (index, isOutput) in [(1, true), (2, false)] where descriptors[index].revents != 0 {
                let count = SystemCall.retryingOnInterrupt {
                    buffer.withUnsafeMutableBytes { read(descriptors[index].fd, $0.baseAddress, $0.count) }
                }
                if count > 0 {
                    if isOutput { output += buffer[..<count] } else { errors += buffer[..<count] }
                } else if count == 0 || errno != EAGAIN {
                    close(descriptors[index].fd)
                    if isOutput { outputOpen = false } else { errorsOpen = false }
                }
            }
        }
        if inputOpen { close(inputPipe[1]) }
        if outputOpen { close(outputPipe[0]) }
        if errorsOpen { close(errorPipe[0]) }
        if timedOut {
            started.kill(SIGKILL)
            _ = started.wait()
            throw .timedOut(milliseconds: milliseconds)
        }

        return Result(status: started.wait().status, standardOutput: output, standardError: errors)
    }

    /// Spawn attributes that start a child the way a shell would: nothing blocked, and the signals we ignore
    /// (SIGPIPE, SIGXFSZ; an ignored signal stays ignored across exec) back to their default actions. Pass to
    /// posix_spawn, then posix_spawnattr_destroy.
    static func cleanSignals() -> posix_spawnattr_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGPIPE, SIGXFSZ, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGTSTP] {
            sigaddset(&defaults, number)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        return attributes
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which Swift's view of spawn.h leaves out, found at
    /// run time; 0 where the C library has none.
    private static let addCloseFrom = UInt(bitPattern: dlsym(nil, "posix_spawn_file_actions_addclosefrom_np"))

    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29+), left out of Swift's view of spawn.h as well; 0 where the
    /// C library has none.
    private static let addChangeDirectory = UInt(bitPattern: dlsym(nil, "posix_spawn_file_actions_addchdir_np"))

    /// Adds to `actions` the closing of every descriptor from `lowest` up: at once where the C library can, else one by
    /// one up to 1024 (the usual soft limit on open descriptors).
    private static func closeAll(from lowest: Int32, in actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let address = UnsafeRawPointer(bitPattern: addCloseFrom) {
            _ = unsafeBitCast(address, to: CloseFrom.self)(&actions, lowest)
        } else {
            for descriptor in lowest..<max(lowest, 1024) { posix_spawn_file_actions_addclose(&actions, descriptor) }
        }
    }

    /// pipe(2) with both ends closed on exec, so that only the child's dup2'd copies reach it.
    private static func makePipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    private static func closeAll(_ descriptors: [Int32]) {
        for descriptor in descriptors where descriptor >= 0 { close(descriptor) }
    }
}

// At file scope the bare name finds the C library's kill(2), not `ChildProcess.kill`.
private func sendSignal(_ pid: pid_t, _ signal: Int32) {
    _ = kill(pid, signal)
}

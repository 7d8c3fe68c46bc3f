import BreatheCore
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Whether standard output and standard error took everything written to them, and what that means for the exit.
///
/// Every write goes through `FileDescriptorSink`, which reports a failure here instead of dropping it. SIGPIPE is
/// ignored, so a reader that went away (`… | head -n1`) is an EPIPE: the program goes on quietly (a session still
/// ends and is recorded) and exits 0. Any other failure (a full disk or /dev/full, a closed descriptor, an I/O error)
/// turns a successful exit into 74 with one line on standard error. SIGXFSZ is ignored too, so a file-size limit is an
/// EFBIG that the writer reports (74) rather than a silent kill.
package enum OutputHealth {
    /// What the writes so far came to. Written by whichever thread writes (a phrase worker, the session loop); no signal
    /// handler touches it.
    private struct State {
        /// errno of the first failed write to standard output, or 0.
        var outputError: Int32 = 0
        /// errno of the first failed write to standard error, or 0.
        var errorError: Int32 = 0
        /// Other descriptors whose writes count like standard output's (the `--events json=fd:N` or `json=PATH`
        /// stream), each with the name the user gave it.
        var watched: [Int32: String] = [:]
        /// The first failed write to a watched descriptor: its name and errno.
        var watchedError: (name: String, code: Int32)?
    }

    private static let state = Mutex(State())

    /// Run first thing in `main`, before parsing: signals that would kill the process on a write become errors, and a
    /// closed standard descriptor is put on /dev/null so that no file we open takes its number (a closed standard
    /// output is then reported as a write failure).
    package static func start() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        for descriptor: Int32 in [0, 1, 2] where fcntl(descriptor, F_GETFD) < 0 && errno == EBADF {
            let opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
            if opened >= 0 && opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
            if descriptor == 1 { state.withLock { $0.outputError = EBADF } }
            if descriptor == 2 { state.withLock { $0.errorError = EBADF } }
        }
    }

    /// Notes a failed write (the first one per stream counts).
    package static func noteFailure(descriptor: Int32, code: Int32) {
        state.withLock { state in
            if descriptor == 1 && state.outputError == 0 { state.outputError = code }
            if descriptor == 2 && state.errorError == 0 { state.errorError = code }
            if let name = state.watched[descriptor], state.watchedError == nil { state.watchedError = (name, code) }
        }
    }

    /// Makes a failed write to `descriptor` end the run like one to standard output: exit 74 with one line naming the
    /// stream as `name`; a reader that went away (EPIPE) stays quiet. Standard output and error are counted already;
    /// standard input (`json=fd:0`) is watched like any other.
    package static func watch(descriptor: Int32, name: String) {
        guard descriptor != 1 && descriptor != 2 else { return }
        state.withLock { $0.watched[descriptor] = name }
    }

    /// Stops watching `descriptor` before it is closed (its number may be reused); a failure already noted stays.
    package static func unwatch(descriptor: Int32) {
        state.withLock { $0.watched[descriptor] = nil }
    }

    /// True once the reader of standard output has gone away.
    static var readerGone: Bool { state.withLock { $0.outputError } == EPIPE }

    /// The exit code to use instead of `code`, after one line on standard error when standard output failed; a failure
    /// already reported (64 and up) keeps its own code.
    package static func exitCode(_ code: Int32, localizer: @autoclosure () -> Localizer) -> Int32 {
        guard code < 64 else { return code }
        let (outputError, errorError, watchedError) = state.withLock {
            ($0.outputError, $0.errorError, $0.watchedError)
        }
        if outputError != 0 && outputError != EPIPE {
            var standardError = FileDescriptorSink.standardError
            let reason = Message(.reasonSystem, ["reason": .text(SystemError.describe(outputError))])
            standardError.write(
                PlainText.line(
                    localizer().string(
                        Message(
                            .errorPrefix,
                            [
                                "message": .message(Message(.errorStandardOutput, ["reason": .message(reason)]))
                            ]))))
            return ExitStatus.io
        }
        if let failure = watchedError, failure.code != EPIPE {
            var standardError = FileDescriptorSink.standardError
            let reason = Message(.reasonSystem, ["reason": .text(SystemError.describe(failure.code))])
            standardError.write(
                PlainText.line(
                    localizer().string(
                        Message(
                            .errorPrefix,
                            [
                                "message": .message(
                                    Message(
                                        .errorEventsWrite, ["value": .text(failure.name), "reason": .message(reason)]))
                            ]))))
            return ExitStatus.io
        }
        if errorError != 0 && errorError != EPIPE { return ExitStatus.io }
        return code
    }
}

import Synchronization
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

@Suite struct SystemCallTests {
    @Test func returnsASuccessFromTheFirstCall() {
        var calls = 0
        let result = SystemCall.retryingOnInterrupt {
            calls += 1
            return 5
        }
        #expect(result == 5)
        #expect(calls == 1)
    }

    @Test func callsAgainWhileTheCallFailsWithEINTR() {
        var calls = 0
        let result: Int32 = SystemCall.retryingOnInterrupt {
            calls += 1
            if calls < 3 {
                errno = EINTR
                return -1
            }
            return 7
        }
        #expect(result == 7)
        #expect(calls == 3)
    }

    @Test(arguments: [EBADF, EAGAIN, EPIPE])
    func returnsAnyOtherFailureAtOnceWithItsErrno(code: Int32) {
        var calls = 0
        let result = SystemCall.retryingOnInterrupt {
            calls += 1
            if calls > 1 { return 99 }
            errno = code
            return -1
        }
        let left = errno
        #expect(result == -1)
        #expect(left == code)
        #expect(calls == 1)
    }

    @Test func aRealFailureComesBackWithItsErrno() {
        var byte: UInt8 = 0
        var calls = 0
        let result = SystemCall.retryingOnInterrupt {
            calls += 1
            return calls == 1 ? read(-1, &byte, 1) : 0
        }
        let code = errno
        #expect(result == -1)
        #expect(code == EBADF)
        #expect(calls == 1)
    }

    /// A read blocked on an empty pipe, on this thread, is interrupted by a real signal whose handler has no
    /// SA_RESTART, so the kernel ends the read with EINTR. Another thread keeps signalling until the helper has called
    /// again after an interruption, and only then writes the byte the read is waiting for: without the retry the read
    /// would return -1.
    @Test func readsOnAfterASignalInterruptsABlockingRead() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }

        // SIGURG, which nothing else here uses, and whose default action (ignore) makes a late one harmless.
        var action = sigaction()
        action.__sigaction_handler.sa_handler = Self.ignoreSignal
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var previousAction = sigaction()
        try #require(sigaction(SIGURG, &action, &previousAction) == 0)
        defer { sigaction(SIGURG, &previousAction, nil) }
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGURG)
        var previousMask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &unblock, &previousMask)
        defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }

        let interrupter = Interrupter(reader: pthread_self(), writer: ends[1])
        let thread = try #require(interrupter.start())
        var byte: UInt8 = 0
        var interruptions = 0
        let count = SystemCall.retryingOnInterrupt {
            interrupter.calls.add(1, ordering: .sequentiallyConsistent)
            let count = read(ends[0], &byte, 1)
            if count == -1 && errno == EINTR { interruptions += 1 }
            return count
        }
        interrupter.finished.store(true, ordering: .sequentiallyConsistent)
        pthread_join(thread, nil)

        #expect(count == 1)
        #expect(byte == 42)
        #expect(interruptions >= 1)
    }

    private static let ignoreSignal: @convention(c) (Int32) -> Void = { _ in }

    /// Signals the reading thread until it has called read(2) a second time (or has finished, or a generous number of
    /// signals went unnoticed), then writes one byte, 42, for the read to get.
    private final class Interrupter: Sendable {
        let reader: pthread_t
        let writer: Int32
        let calls = Atomic<Int>(0)
        let finished = Atomic<Bool>(false)

        init(reader: pthread_t, writer: Int32) {
            self.reader = reader
            self.writer = writer
        }

        func start() -> pthread_t? {
            NativeThread.start { self.run() }
        }

        private func run() {
            var signals = 0
            while calls.load(ordering: .sequentiallyConsistent) < 2, !finished.load(ordering: .sequentiallyConsistent),
                signals < 1_000_000
            {
                pthread_kill(reader, SIGURG)
                signals += 1
                sched_yield()
            }
            var byte: UInt8 = 42
            _ = write(writer, &byte, 1)
        }
    }
}

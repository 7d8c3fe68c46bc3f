#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A call that waits on another process (a library's handshake with a server that may never answer), run on a thread
/// of its own, so that whoever needs its result waits only until a deadline, or until a stopping signal comes.
///
/// `DeadlineCall { … }` starts the call at once; `wait(until:)` takes its result, or gives up at the deadline or when
/// `watching` (the signal pipe, `SignalSource.stopDescriptor`) can be read. A call given up on is left to itself: its
/// thread is detached, never joined, and what it returns later goes to `discard`, on that thread (to close a
/// connection nobody took). So a thread stuck in a library call never holds the process: `main` ends with
/// `ProcessExit.now` whatever the thread is doing. The call should carry a deadline of its own as well, so that the
/// thread ends by itself.
///
/// The live sound server's handshake uses it (`PendingPulseSink`); any other blocking library call (BrlAPI's) can:
///
///     let call = DeadlineCall({ try? Library.open() }, discard: { $0?.close() })
///     switch call.wait(until: clock.deadline(inMilliseconds: 3000)) {
///     case .done(let connection): …
///     case .timedOut: …   // one line: it did not answer in time
///     case .interrupted: … // a stopping signal: leave it in the pipe for the session, which ends with its code
///     }
package final class DeadlineCall<Value>: @unchecked Sendable {
    /// How a wait ended.
    package enum Outcome {
        /// The call returned in time.
        case done(Value)
        /// The deadline passed first; the call goes on alone.
        case timedOut
        /// The watched descriptor became readable first (a stopping signal); the call goes on alone.
        case interrupted
    }

    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    /// One byte is written here when the call returns.
    private let finished: (read: Int32, write: Int32)
    private let discard: (Value) -> Void
    // Guarded by `lock`.
    private var result: Value?
    private var abandoned = false
    private var taken = false

    /// Starts `body` on a thread of its own (on the calling thread, at once, when no thread can be started).
    package init(_ body: @escaping () -> Value, discard: @escaping (Value) -> Void = { _ in }) {
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        self.discard = discard
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        finished = (ends[0], ends[1])
        // The thread holds the call (and so its pipe) until it returns.
        if finished.read < 0 {
            result = body()
        } else if let thread = NativeThread.start({ self.complete(body()) }) {
            pthread_detach(thread)
        } else {
            result = body()
        }
    }

    deinit {
        if finished.read >= 0 {
            close(finished.read)
            close(finished.write)
        }
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// On the call's thread: keeps the result for `wait`, or discards it when nobody waits any more.
    private func complete(_ value: Value) {
        pthread_mutex_lock(lock)
        if abandoned {
            pthread_mutex_unlock(lock)
            discard(value)
            return
        }
        result = value
        pthread_mutex_unlock(lock)
        var byte: UInt8 = 1
        _ = SystemCall.retryingOnInterrupt { write(finished.write, &byte, 1) }
    }

    /// The call's result, waiting for it at most until `deadline` (on `clock`), and no longer once `watching` can be
    /// read (-1: nothing watched). A call given up on cannot be waited for again: the next wait gives up at once.
    package func wait(
        until deadline: UInt64, clock: any SessionClock = MonotonicClock(),
        watching descriptor: Int32 = SignalSource.stopDescriptor
    ) -> Outcome {
        while true {
            if let value = take() { return .done(value) }
            let now = clock.now()
            guard now < deadline, !isAbandoned else { return giveUp(.timedOut) }
            var descriptors = [
                pollfd(fd: finished.read, events: Int16(POLLIN), revents: 0),
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            ]
            let timeout = Int32(min((deadline - now + 999_999) / 1_000_000, UInt64(Int32.max)))
            _ = SystemCall.retryingOnInterrupt { poll(&descriptors, 2, timeout) }
            if descriptors[0].revents != 0, let value = take() { return .done(value) }
            if descriptors[1].revents != 0 { return giveUp(.interrupted) }
        }
    }

    private var isAbandoned: Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return abandoned
    }

    /// The result, once (later calls: nil).
    private func take() -> Value? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard !taken, let value = result else { return nil }
        taken = true
        result = nil
        return value
    }

    /// Stops waiting: a result that came meanwhile is still returned; otherwise the call's will be discarded.
    private func giveUp(_ outcome: Outcome) -> Outcome {
        pthread_mutex_lock(lock)
        if !taken, let value = result {
            taken = true
            result = nil
            pthread_mutex_unlock(lock)
            return .done(value)
        }
        abandoned = true
        pthread_mutex_unlock(lock)
        return outcome
    }

    /// Nobody will wait for the call: whatever it returns is discarded (a result already there is discarded now).
    func abandon() {
        pthread_mutex_lock(lock)
        let left = taken ? nil : result
        result = nil
        taken = true
        abandoned = true
        pthread_mutex_unlock(lock)
        if let left { discard(left) }
    }
}

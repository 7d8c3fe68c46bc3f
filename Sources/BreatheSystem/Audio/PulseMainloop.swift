import BreatheCore
import CPulseAudio

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A libpulse `pa_mainloop` that no thread of libpulse's runs: its `poll()` is ours, so that it can also watch the
/// session's keys and signal pipe, and every wait on the server in it has a deadline (`SoundServerPatience`).
///
/// `iterate(merging:)` is one sleep of the session: keys, signals and the server's requests in one `poll()`.
/// `serve(…)` waits for something of the server's (a connection ready, an operation done) until a deadline, and gives
/// way to a signal once `SoundServerPatience.signalGraceMilliseconds` have passed; nothing in it waits without an end.
final class PulseMainloop {
    package let library: LivePulseLibrary
    let pointer: OpaquePointer
    private let clock: any SessionClock
    /// The session's descriptors, for the duration of one `iterate`: merged into libpulse's poll.
    private var extra: UnsafeMutableBufferPointer<pollfd>?
    /// The signal pipe, watched during a `serve` once the grace has passed (-1: not watched).
    private var signalDescriptor: Int32 = -1
    private var signalReady = false

    /// A new main loop; nil when libpulse cannot make one.
    package init?(library: LivePulseLibrary, clock: any SessionClock) {
        guard let pointer = library.mainloopNew() else { return nil }
        self.library = library
        self.pointer = pointer
        self.clock = clock
        library.mainloopSetPollFunc(
            pointer,
            { descriptors, count, timeout, userdata in
                guard let userdata else { return SystemCall.poll(descriptors, nfds_t(count), timeout) }
                return Unmanaged<PulseMainloop>.fromOpaque(userdata).takeUnretainedValue().merge(
                    descriptors, Int(count), timeout)
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { library.mainloopFree(pointer) }

    var api: UnsafeMutablePointer<pa_mainloop_api>? { library.mainloopGetAPI(pointer) }

    /// One iteration whose `poll()` also watches `descriptors` (their `revents` filled in), for at most
    /// `timeoutMilliseconds` (-1: until something comes) or sooner for libpulse's own timers. Returns how many of
    /// `descriptors` are ready, or -1 when the loop failed.
    func iterate(merging descriptors: inout [pollfd], timeoutMilliseconds: Int32) -> Int32 {
        descriptors.withUnsafeMutableBufferPointer { buffer in
            extra = buffer
            defer { extra = nil }
            // libpulse's own timers shorten the timeout (given in microseconds); its poll is ours, below.
            let timeout = timeoutMilliseconds < 0 ? -1 : Int32(min(Int64(timeoutMilliseconds) * 1000, Int64(Int32.max)))
            guard library.mainloopPrepare(pointer, timeout) >= 0 else { return -1 }
            guard library.mainloopPoll(pointer) >= 0 else { return -1 }
            _ = library.mainloopDispatch(pointer)
            return Int32(buffer.reduce(0) { $0 + ($1.revents != 0 ? 1 : 0) })
        }
    }

    /// Runs the loop until `done()`, `failed()`, the deadline (asked again at every turn, so that an answer can move it
    /// on), or, with `watchingSignals`, a signal in the pipe after the grace. `beforeEach` runs before every sleep (to
    /// ask the server for a sign of life), and no sleep lasts past `lookAt()` (when it next wants to run): a wait
    /// longer than the server's silence is allowed (a drain of a long queue, which the server answers at its end only)
    /// asks in time, rather than sleeping to the deadline.
    func serve(
        until deadline: () -> UInt64, watchingSignals: Bool, beforeEach: () -> Void = {},
        lookAt: () -> UInt64 = { .max }, done: () -> Bool, failed: () -> Bool
    ) -> SoundServerPatience.Wait {
        let grace = clock.now() + UInt64(SoundServerPatience.signalGraceMilliseconds) * 1_000_000
        signalReady = false
        defer {
            signalDescriptor = -1
            signalReady = false
        }
        while true {
            if done() { return .done }
            if failed() { return .failed }
            if signalReady { return .interrupted }
            let now = clock.now()
            var end = deadline()
            guard now < end else { return .timedOut }
            if watchingSignals {
                if now >= grace {
                    signalDescriptor = SignalSource.stopDescriptor
                } else {
                    end = min(end, grace)
                }
            }
            beforeEach()
            let look = lookAt()
            if look > now { end = min(end, look) }
            let microseconds = Int32(min((end - now + 999) / 1000, UInt64(Int32.max)))
            guard library.mainloopPrepare(pointer, microseconds) >= 0, library.mainloopPoll(pointer) >= 0 else {
                return .failed
            }
            _ = library.mainloopDispatch(pointer)
        }
    }

    /// Connects `context` to `server` (never autospawning one) and serves it until it is ready: nil then, else how the
    /// wait ended and libpulse's error code.
    func connect(
        _ context: OpaquePointer, to server: String, until deadline: UInt64, watchingSignals: Bool
    ) -> (wait: SoundServerPatience.Wait, error: Int32)? {
        guard library.contextConnect(context, server, PA_CONTEXT_NOAUTOSPAWN, nil) >= 0 else {
            return (.failed, library.contextErrno(context))
        }
        let wait = serve(
            until: { deadline }, watchingSignals: watchingSignals,
            done: { library.contextGetState(context) == PA_CONTEXT_READY },
            failed: {
                let state = library.contextGetState(context)
                return state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED
            })
        return wait == .done ? nil : (wait, library.contextErrno(context))
    }

    /// Serves the loop until `operation` is done, then releases it: `.done`, or why not (`.failed`: cancelled, the
    /// connection failed or went away; `.timedOut`, `.interrupted`: the operation is left to finish or fail alone).
    func complete(
        _ operation: OpaquePointer?, until deadline: () -> UInt64, watchingSignals: Bool, beforeEach: () -> Void = {},
        lookAt: () -> UInt64 = { .max }
    ) -> SoundServerPatience.Wait {
        guard let operation else { return .failed }
        defer { library.operationUnref(operation) }
        let wait = serve(
            until: deadline, watchingSignals: watchingSignals, beforeEach: beforeEach, lookAt: lookAt,
            done: { library.operationGetState(operation) != PA_OPERATION_RUNNING }, failed: { false })
        guard wait == .done else { return wait }
        return library.operationGetState(operation) == PA_OPERATION_DONE ? .done : .failed
    }

    /// libpulse's poll function: its descriptors, the session's and the signal pipe in one `poll()`, with libpulse's
    /// timeout.
    private func merge(_ descriptors: UnsafeMutablePointer<pollfd>?, _ count: Int, _ timeout: Int32) -> Int32 {
        let session = extra.map(Array.init) ?? []
        var all = (descriptors.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []) + session
        if signalDescriptor >= 0 { all.append(pollfd(fd: signalDescriptor, events: Int16(POLLIN), revents: 0)) }
        let result = SystemCall.poll(&all, nfds_t(all.count), timeout)
        if result < 0 { return result }
        for index in 0..<count { descriptors?[index].revents = all[index].revents }
        if let extra {
            for index in extra.indices { extra[index].revents = all[count + index].revents }
        }
        if signalDescriptor >= 0, all[all.count - 1].revents != 0 { signalReady = true }
        return Int32(all[0..<count].reduce(0) { $0 + ($1.revents != 0 ? 1 : 0) })
    }
}

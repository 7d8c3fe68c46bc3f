import CSdBus

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One connection to a D-Bus bus through sd-bus, that never waits: connecting, authenticating, `Hello` and every call
/// go on while the owner sleeps in its own poll (`fileDescriptor`, `pollEvents`, `deadline`), and `process()` takes
/// what came. A bus that is frozen or never answers holds nothing: its calls simply get no reply (or, at their deadline,
/// a timeout error), and closing it waits for nothing.
///
/// Used on one thread: the session loop's, or a control command's. Replies come back through `process()`, on it.
package final class BusConnection {
    package let library: LiveBusLibrary
    /// The sd-bus object; nil once closed.
    private(set) var bus: OpaquePointer?
    /// Calls waiting for their reply; each one's callback is given its own's address.
    private var pending: [ObjectIdentifier: PendingCall] = [:]
    /// False once the connection failed (refused, reset, a protocol error) or was closed.
    private(set) var isUp = true

    /// The bus at `address` (D-Bus address syntax, `unix:path=…`), with the connection started; nil when the library
    /// cannot be opened or sd-bus refuses at once (a socket that is not there). Nothing is waited for.
    package convenience init?(address: String) {
        try? self.init(connecting: address)
    }

    /// As `init?(address:)`, but a refusal throws sd-bus's reason, an errno value (`EAGAIN`: a listener too busy to
    /// take the connection now; `ENOENT`, `ECONNREFUSED`: no bus there); 0 when libsystemd cannot be opened.
    package init(connecting address: String) throws(BusConnection.Refusal) {
        guard case .success(let library) = LiveBusLibrary.shared else { throw Refusal(code: 0) }
        self.library = library
        var bus: OpaquePointer?
        let made = library.new(&bus)
        guard made >= 0, let bus else { throw Refusal(code: -made) }
        var result = library.setAddress(bus, address)
        if result >= 0 { result = library.setBusClient(bus, 1) }
        if result >= 0 { result = library.start(bus) }
        guard result >= 0 else {
            _ = library.closeUnref(bus)
            throw Refusal(code: -result)
        }
        self.bus = bus
    }

    /// Why a connection could not be started: an errno value, 0 when libsystemd could not be opened.
    package struct Refusal: Error {
        var code: Int32
    }

    deinit { close() }

    /// The connection's socket, for poll; -1 once closed.
    var fileDescriptor: Int32 {
        guard isUp, let bus else { return -1 }
        return library.getFileDescriptor(bus)
    }

    /// What to wait for on the socket: to read, and to write while something is still to be sent.
    var pollEvents: Int16 {
        guard isUp, let bus else { return 0 }
        let events = library.getEvents(bus)
        return events > 0 ? Int16(truncatingIfNeeded: events) : Int16(POLLIN)
    }

    /// When `process()` must run even if the socket says nothing (monotonic nanoseconds): messages already read and
    /// queued, an authentication or a call past its deadline. Nil for none.
    package var deadline: UInt64? {
        guard isUp, let bus else { return nil }
        var microseconds: UInt64 = 0
        guard library.getTimeout(bus, &microseconds) > 0, microseconds != UInt64.max else { return nil }
        return microseconds.multipliedReportingOverflow(by: 1000).overflow ? nil : microseconds * 1000
    }

    /// Does everything that can be done now: reads and writes what the socket allows, dispatches method calls to the
    /// objects, replies to the calls' callbacks. Marks the connection down when it fails.
    func process() {
        guard isUp, let bus else { return }
        // Each turn handles one message; a bound keeps a flood from holding the session.
        for _ in 0..<64 {
            let result = library.process(bus, nil)
            if result < 0 {
                isUp = false
                return
            }
            if result == 0 { return }
        }
    }

    /// Calls `member` on `destination`, with the arguments `arguments` appends; `reply` is called from `process()` with
    /// the reply or the error (a timeout after `timeoutMicroseconds`). Returns false when the call could not be sent.
    @discardableResult
    func call(
        _ destination: String, path: String, interface: String, member: String,
        timeoutMicroseconds: UInt64 = 2_000_000, arguments: (BusWriter) -> Void = { _ in },
        reply: @escaping (BusReply) -> Void
    ) -> Bool {
        guard isUp, let bus, let message = newCall(destination, path, interface, member) else { return false }
        defer { _ = library.messageUnref(message) }
        arguments(BusWriter(library: library, message: message))
        let call = PendingCall(connection: self, reply: reply)
        let handler: sd_bus_message_handler_t = { message, userdata, _ in
            guard let userdata else { return 0 }
            let call = Unmanaged<PendingCall>.fromOpaque(userdata).takeUnretainedValue()
            call.connection?.deliver(message, call: call)
            return 0
        }
        // The slot is the bus's own (floating): closing the bus frees it, and its callback is never called after.
        let userdata = Unmanaged.passUnretained(call).toOpaque()
        guard library.callAsync(bus, nil, message, handler, userdata, timeoutMicroseconds) >= 0 else { return false }
        pending[ObjectIdentifier(call)] = call
        return true
    }

    /// Sends a call that wants no reply (`Pause` to another player). Returns false when it could not be queued.
    @discardableResult
    package func send(
        _ destination: String, path: String, interface: String, member: String,
        arguments: (BusWriter) -> Void = { _ in }
    ) -> Bool {
        guard isUp, let bus, let message = newCall(destination, path, interface, member) else { return false }
        defer { _ = library.messageUnref(message) }
        arguments(BusWriter(library: library, message: message))
        _ = library.setExpectReply(message, 0)
        return library.send(bus, message, nil) >= 0
    }

    /// Processes the connection until `done()` or `deadline` (monotonic nanoseconds), sleeping in poll on its socket
    /// alone: for a control command, and for the few replies a session's end still waits for. A signal that arrives
    /// ends the wait (EINTR): whoever sent it is not kept waiting.
    package func wait(until deadline: UInt64, _ done: () -> Bool) {
        while isUp && !done() {
            process()
            if done() || !isUp { return }
            let now = MonotonicClock.now()
            guard now < deadline else { return }
            let until = min(deadline, self.deadline ?? deadline)
            let timeout = until <= now ? 0 : Int32(min((until - now + 999_999) / 1_000_000, 60_000))
            var descriptor = pollfd(fd: fileDescriptor, events: pollEvents, revents: 0)
            if poll(&descriptor, 1, timeout) < 0, errno == EINTR { return }
        }
    }

    /// Closes the socket, waiting for nothing: what could not be sent yet is dropped. Calls still waiting get no reply.
    func close() {
        guard let bus else { return }
        self.bus = nil
        isUp = false
        _ = library.closeUnref(bus)
        pending = [:]
    }

    /// A call waiting for its reply, kept alive by `pending` until it comes.
    private final class PendingCall {
        weak var connection: BusConnection?
        let reply: (BusReply) -> Void

        init(connection: BusConnection, reply: @escaping (BusReply) -> Void) {
            self.connection = connection
            self.reply = reply
        }
    }

    private func deliver(_ message: OpaquePointer?, call: PendingCall) {
        guard pending.removeValue(forKey: ObjectIdentifier(call)) != nil else { return }
        call.reply(BusReply(library: library, message: message))
    }

    private func newCall(_ destination: String, _ path: String, _ interface: String, _ member: String)
        -> OpaquePointer?
    {
        var message: OpaquePointer?
        guard library.newMethodCall(bus, &message, destination, path, interface, member) >= 0 else { return nil }
        return message
    }
}

import BreatheCore
import CBrlAPI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The session's braille display through BrlAPI (BRLTTY's server). Connecting, entering tty mode and leaving it wait
/// for the server's reply, and a server that stops answering (stuck, or stopped with SIGSTOP) would hold whoever
/// called: those run on a thread of their own, and a call left unanswered for `patience` counts the display as gone
/// (the session goes on without it). The thread stuck in the server's socket is left behind; the process ends with
/// `_exit` without waiting.
///
/// Between the two, the session uses the connection itself, without waking that thread: the server's socket is
/// `keyDescriptor`, in the session's poll with its other inputs, and the keys are read (`brlapi_readKey`, no wait)
/// when it is readable; a text is written (`brlapi_write`, which waits for no reply) when the session hands one over,
/// only if the socket can take it at once. A server that goes away (its socket at its end, or a read that fails)
/// counts the display as gone: the socket is shut down on our side, so the session's poll stops watching it.
///
/// The server is BrlAPI's own choice: `BRLAPI_HOST` and `BRLAPI_AUTH` when set, else the local default (`:0`). The
/// display is taken in tty mode without a tty path (`brlapi_enterTtyModeWithPath` with none), which works in a
/// pseudo-terminal as on a console, and given back (`brlapi_leaveTtyMode`) by `release()`.
final class LiveBrailleDisplay: BrailleDisplay, @unchecked Sendable {
    /// How long a call may go unanswered before the server counts as gone (ms). A local server answers in
    /// milliseconds.
    static let patience: Int64 = 1000
    /// How long `release(hurried: true)` waits for the display to be given back, after a stopping signal (ms): a
    /// healthy server answers within it, a silent one does not hold the exit.
    static let hurriedPatience: Int64 = 100

    private(set) var width = 0
    private let library: LiveBrailleLibrary
    /// This connection's own handle (`brlapi_handle_t`, of `brlapi_getHandleSize()` bytes); kept for the life of the
    /// process, since a thread left behind in the server's socket may still use it.
    private let handle: OpaquePointer
    private let clock: any SessionClock
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    // Guarded by `lock`.
    private var closing = false
    /// No display for the session: the connection was not answered in time (or a signal came first).
    private var failed = false
    /// The server went away mid-session, or its socket stopped taking what is written.
    private var lost = false
    /// The server's socket, set by the thread before it sends the width (the pipe orders the two); -1 before.
    private var server: Int32 = -1
    /// Wakes the thread: a byte for the end.
    private let wake: (read: Int32, write: Int32)
    /// From the thread: the width once connected (4 bytes, 0 for none), then one byte once the display is given back.
    private let replies: (read: Int32, write: Int32)

    /// Connects, asks the display's size and takes it in tty mode. Throws `.unavailable` naming the server when none
    /// answers, none answers within `patience`, or no display is connected to it (a size of zero).
    init(environment: [String: String], clock: any SessionClock) throws(BreatheError) {
        let server = BrailleOpening.serverName(environment: environment)
        let unavailable = BreatheError.unavailable(Message(.warningBrailleUnavailable, ["detail": .text(server)]))
        guard case .success(let library) = LiveBrailleLibrary.shared else { throw unavailable }
        self.library = library
        self.clock = clock
        // Zeroed; libbrlapi sets it up when it connects.
        handle = OpaquePointer(calloc(1, library.getHandleSize()))
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        wake = Self.makePipe()
        replies = Self.makePipe()
        guard wake.read >= 0, replies.read >= 0 else { throw unavailable }
        _ = fcntl(wake.write, F_SETFL, fcntl(wake.write, F_GETFL) | O_NONBLOCK)
        let settings = (host: environment["BRLAPI_HOST"], auth: environment["BRLAPI_AUTH"])
        guard let thread = NativeThread.start({ self.run(host: settings.host, auth: settings.auth) }) else {
            throw unavailable
        }
        pthread_detach(thread)
        var answer: UInt32 = 0
        // A stopping signal (its pipe readable, on the session's thread) ends the wait at once: the session takes it.
        let signals = SignalSource.isMainThread ? SignalSource.stopDescriptor : -1
        guard Self.await(replies.read, into: &answer, patience: Self.patience, watching: signals), answer > 0 else {
            // Not answered in time, a signal, or no display: the thread gives the display back if it ever gets it.
            pthread_mutex_lock(lock)
            failed = true
            closing = true
            pthread_mutex_unlock(lock)
            Self.poke(wake.write)
            throw unavailable
        }
        width = Int(answer)
    }

    deinit {
        for descriptor in [wake.read, wake.write, replies.read, replies.write] where descriptor >= 0 {
            _ = Glibc.close(descriptor)
        }
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// The server's socket while the display is the session's; -1 once it is gone or given back.
    var keyDescriptor: Int32 { usable ? server : -1 }

    func show(_ text: String) {
        guard usable else { return }
        // Written only if the socket takes it at once: a server that stopped reading never holds the session.
        var probe = pollfd(fd: server, events: Int16(POLLOUT), revents: 0)
        let ready = SystemCall.retryingOnInterrupt { poll(&probe, 1, 0) }
        guard ready == 1, probe.revents == Int16(POLLOUT), write(text, width: width) >= 0 else {
            lose()
            return
        }
    }

    /// One key, read without waiting (the session calls it when the socket is readable); nil when none is there.
    func takeKey() -> UInt64? {
        guard usable, packetWaits() else { return nil }
        var code: brlapi_keyCode_t = 0
        let status = library.readKey(handle, 0, &code)
        guard status >= 0 else {
            lose()
            return nil
        }
        return status > 0 ? code : nil
    }

    func release(hurried: Bool) {
        pthread_mutex_lock(lock)
        let waits = !closing
        closing = true
        pthread_mutex_unlock(lock)
        Self.poke(wake.write)
        guard waits else { return }
        var done: UInt8 = 0
        _ = Self.await(replies.read, into: &done, patience: hurried ? Self.hurriedPatience : Self.patience)
    }

    /// False while only part of the server's next packet has come: `brlapi_readKey` reads a packet to its end, and
    /// would hold the session until a slow remote server sent the rest (a local one writes each packet at once). True
    /// with nothing to read at all: the server's end, which `brlapi_readKey` reports at once.
    private func packetWaits() -> Bool {
        var available: Int32 = 0
        guard ioctl(server, UInt(FIONREAD), &available) == 0, available > 0 else { return true }
        // A packet's header: its size (of what follows the header) and its type, two 32-bit numbers in network order.
        var header: (size: UInt32, type: UInt32) = (0, 0)
        let peeked = withUnsafeMutableBytes(of: &header) { recv(server, $0.baseAddress, 8, Int32(MSG_PEEK)) }
        return peeked == 8 && Int(available) >= 8 + Int(UInt32(bigEndian: header.size))
    }

    /// Connected, in tty mode, not yet given back, and the server still there.
    private var usable: Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return !failed && !lost && !closing && server >= 0
    }

    /// The server went away (or can no longer be written to): nothing more is sent, and the socket is shut down on
    /// our side, so that poll reports it hung up and the session stops watching it (a remote server's end alone
    /// might only make it readable for ever).
    private func lose() {
        pthread_mutex_lock(lock)
        lost = true
        pthread_mutex_unlock(lock)
        _ = shutdown(server, Int32(SHUT_RDWR))
    }

    /// The thread: connects (to `host` with `auth`, BrlAPI's defaults where nil), then waits to be released, and
    /// gives the display back unless the server went away meanwhile.
    private func run(host: String?, auth: String?) {
        var size: (x: UInt32, y: UInt32) = (0, 0)
        let hostCopy = host.flatMap { $0.isEmpty ? nil : strdup($0) }
        let authCopy = auth.flatMap { $0.isEmpty ? nil : strdup($0) }
        defer {
            free(hostCopy)
            free(authCopy)
        }
        var settings = brlapi_connectionSettings_t(auth: authCopy, host: hostCopy)
        let connection = library.openConnection(handle, &settings, nil)
        var width: UInt32 = 0
        if connection >= 0 {
            // Set once connected (connecting sets the handle up afresh, the default handler with it). The default
            // handler aborts the process on an error the server reports; a failed write only costs the display, so
            // it is ignored (a lost connection shows itself as a failed read).
            _ = library.setExceptionHandler(handle) { _, _, _, _, _ in }
            if library.getDisplaySize(handle, &size.x, &size.y) == 0, size.x > 0,
                library.enterTtyModeWithPath(handle, nil, 0, nil) >= 0
            {
                width = size.x
            } else {
                library.closeConnection(handle)
            }
        }
        pthread_mutex_lock(lock)
        if width > 0 { server = connection }
        pthread_mutex_unlock(lock)
        var reply = width
        _ = withUnsafeBytes(of: &reply) { Glibc.write(replies.write, $0.baseAddress, 4) }
        guard width > 0 else { return }
        // Until released: the session reads and writes meanwhile, this thread sleeps.
        var ends = false
        while !ends {
            var waiting = pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)
            _ = SystemCall.retryingOnInterrupt { poll(&waiting, 1, -1) }
            var drained = [UInt8](repeating: 0, count: 64)
            _ = read(wake.read, &drained, drained.count)
            pthread_mutex_lock(lock)
            ends = closing
            pthread_mutex_unlock(lock)
        }
        pthread_mutex_lock(lock)
        let connected = !lost
        pthread_mutex_unlock(lock)
        if connected {
            _ = library.leaveTtyMode(handle)
            library.closeConnection(handle)
        }
        var done: UInt8 = 1
        _ = Glibc.write(replies.write, &done, 1)
    }

    /// `brlapi_write` of the whole display: the text as UTF-8 (so the server's braille table turns it into dots), no
    /// cursor.
    private func write(_ text: String, width: Int) -> Int32 {
        var bytes = Array(text.utf8)
        bytes.append(0)
        let charset = Array("UTF-8".utf8CString)
        return bytes.withUnsafeBufferPointer { textBuffer in
            charset.withUnsafeBufferPointer { charsetBuffer in
                textBuffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: textBuffer.count) { textPointer in
                    var arguments = brlapi_writeArguments_t(
                        displayNumber: -1, regionBegin: 1, regionSize: Int32(width), text: textPointer,
                        textSize: Int32(textBuffer.count - 1), andMask: nil, orMask: nil, cursor: 0,
                        charset: charsetBuffer.baseAddress)
                    return library.write(handle, &arguments)
                }
            }
        }
    }

    private static func makePipe() -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return (-1, -1) }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return (fds[0], fds[1])
    }

    private static func poke(_ descriptor: Int32) {
        var byte: UInt8 = 1
        _ = Glibc.write(descriptor, &byte, 1)
    }

    /// Reads one value from `descriptor`, waiting at most `patience` ms for it, and no longer once `watching` can be
    /// read (-1: nothing watched); false when none came.
    private static func await<Value>(
        _ descriptor: Int32, into value: inout Value, patience: Int64, watching: Int32 = -1
    ) -> Bool {
        var waiting = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: watching, events: Int16(POLLIN), revents: 0),
        ]
        _ = SystemCall.retryingOnInterrupt { poll(&waiting, 2, Int32(patience)) }
        guard waiting[0].revents != 0 else { return false }
        let size = MemoryLayout<Value>.size
        return withUnsafeMutableBytes(of: &value) { read(descriptor, $0.baseAddress, size) } == size
    }
}

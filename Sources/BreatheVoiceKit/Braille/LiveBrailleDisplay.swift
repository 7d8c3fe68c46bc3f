import BreatheCore
import CBrlAPI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The session's braille display through BrlAPI (BRLTTY's server), driven from a thread of its own: connecting,
/// entering tty mode and leaving it wait for the server's reply, and a server that stops answering (stuck, or stopped
/// with SIGSTOP) would hold whoever called. The session only hands over the latest text and never waits: once a call
/// has gone unanswered for `patience`, the display counts as gone and nothing more is sent (the session goes on
/// without it). The thread stuck in the server's socket is left behind; the process ends with `_exit` without waiting.
///
/// The thread also reads the display's keys (commands, in tty mode) as the server sends them and passes each key code
/// through a pipe, which the session polls with its other inputs.
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
    private var pending: String?
    private var closing = false
    private var failed = false
    /// When the call under way began (monotonic ns); nil while the thread waits.
    private var busySince: UInt64?
    /// Wakes the thread: a byte for each text or for the end.
    private let wake: (read: Int32, write: Int32)
    /// Key codes, 8 bytes each, from the thread to the session.
    private let keys: (read: Int32, write: Int32)
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
        keys = Self.makePipe()
        replies = Self.makePipe()
        guard wake.read >= 0, keys.read >= 0, replies.read >= 0 else { throw unavailable }
        _ = fcntl(wake.write, F_SETFL, fcntl(wake.write, F_GETFL) | O_NONBLOCK)
        _ = fcntl(keys.read, F_SETFL, fcntl(keys.read, F_GETFL) | O_NONBLOCK)
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
        for descriptor in [wake.read, wake.write, keys.read, replies.read, replies.write] where descriptor >= 0 {
            _ = Glibc.close(descriptor)
        }
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    var keyDescriptor: Int32 { keys.read }

    func show(_ text: String) {
        pthread_mutex_lock(lock)
        if let since = busySince, clock.now() - since > UInt64(Self.patience) * 1_000_000 { failed = true }
        guard !failed, !closing else {
            pthread_mutex_unlock(lock)
            return
        }
        pending = text
        pthread_mutex_unlock(lock)
        Self.poke(wake.write)
    }

    func takeKey() -> UInt64? {
        var code: UInt64 = 0
        guard withUnsafeMutableBytes(of: &code, { read(keys.read, $0.baseAddress, 8) }) == 8 else { return nil }
        return code
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

    /// The thread: connects (to `host` with `auth`, BrlAPI's defaults where nil), then writes each text and passes on
    /// each key until released or disconnected.
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
        let abandoned = closing
        pthread_mutex_unlock(lock)
        var reply = width
        _ = withUnsafeBytes(of: &reply) { Glibc.write(replies.write, $0.baseAddress, 4) }
        guard width > 0 else {
            _ = Glibc.close(keys.write)
            return
        }
        var connected = true
        if !abandoned { connected = serve(Int(width), server: connection) }
        if connected {
            _ = library.leaveTtyMode(handle)
            library.closeConnection(handle)
        }
        var done: UInt8 = 1
        _ = Glibc.write(replies.write, &done, 1)
        _ = Glibc.close(keys.write)
    }

    /// Writes what the session hands over and passes on the keys, until released (true) or the server goes (false).
    private func serve(_ width: Int, server: Int32) -> Bool {
        var descriptors = [
            pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
            pollfd(fd: server, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            _ = SystemCall.retryingOnInterrupt { poll(&descriptors, 2, -1) }
            if descriptors[1].revents != 0 {
                var code: brlapi_keyCode_t = 0
                var status: Int32 = 0
                while true {
                    status = library.readKey(handle, 0, &code)
                    guard status > 0 else { break }
                    _ = withUnsafeBytes(of: &code) { Glibc.write(keys.write, $0.baseAddress, 8) }
                }
                if status < 0 {
                    pthread_mutex_lock(lock)
                    failed = true
                    pthread_mutex_unlock(lock)
                    return false
                }
            }
            guard descriptors[0].revents != 0 else { continue }
            var drained = [UInt8](repeating: 0, count: 64)
            _ = read(wake.read, &drained, drained.count)
            pthread_mutex_lock(lock)
            let text = pending
            pending = nil
            let ends = closing
            if text != nil { busySince = clock.now() }
            pthread_mutex_unlock(lock)
            if let text { write(text, width: width) }
            pthread_mutex_lock(lock)
            busySince = nil
            pthread_mutex_unlock(lock)
            if ends { return true }
        }
    }

    /// `brlapi_write` of the whole display: the text as UTF-8 (so the server's braille table turns it into dots), no
    /// cursor.
    private func write(_ text: String, width: Int) {
        var bytes = Array(text.utf8)
        bytes.append(0)
        let charset = Array("UTF-8".utf8CString)
        bytes.withUnsafeBufferPointer { textBuffer in
            charset.withUnsafeBufferPointer { charsetBuffer in
                textBuffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: textBuffer.count) { textPointer in
                    var arguments = brlapi_writeArguments_t(
                        displayNumber: -1, regionBegin: 1, regionSize: Int32(width), text: textPointer,
                        textSize: Int32(textBuffer.count - 1), andMask: nil, orMask: nil, cursor: 0,
                        charset: charsetBuffer.baseAddress)
                    _ = library.write(handle, &arguments)
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

import BreatheCore
import CBrlAPI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The session's braille display through BrlAPI (BRLTTY's server). Connecting and entering tty mode wait for the
/// server's replies, and a server that stops answering (stuck, or stopped with SIGSTOP) would hold whoever called: they
/// run on a thread of their own, which ends once they are done, and a display not ready within `patience` counts as
/// gone (the session goes on without it). A thread stuck in the server's socket is left behind; the process ends with
/// `_exit` without waiting.
///
/// From then on the session uses the connection itself: the server's socket is
/// `keyDescriptor`, in the session's poll with its other inputs, and the keys are read (`brlapi_readKey`, no wait)
/// when it is readable; a text is written (`brlapi_write`, which waits for no reply) when the session hands one over,
/// only if the socket can take it at once. A server that goes away (its socket at its end, or a read that fails)
/// counts the display as gone: the socket is shut down on our side, so the session's poll stops watching it.
///
/// The server is BrlAPI's own choice: `BRLAPI_HOST` and `BRLAPI_AUTH` when set, else the local default (`:0`). The
/// display is taken in tty mode without a tty path (`brlapi_enterTtyModeWithPath` with none), which works in a
/// pseudo-terminal as on a console, and given back by `release()`, which closes the connection
/// (`brlapi_closeConnection` closes the socket and waits for nothing): the server leaves tty mode for a client that
/// closes, as it does on `brlapi_leaveTtyMode` (`processRequest` in BRLTTY's `brlapi_server.c`). Leaving it first
/// would wait for the server's reply, a wake-up of ours, and hold the session's end behind a server that stopped
/// answering.
final class LiveBrailleDisplay: BrailleDisplay, @unchecked Sendable {
    /// How long the display may take to be ready before the server counts as gone (ms). A local server answers in
    /// milliseconds.
    static let patience: Int64 = 1000

    private(set) var width = 0
    private let library: LiveBrailleLibrary
    /// This connection's own handle (`brlapi_handle_t`, of `brlapi_getHandleSize()` bytes); kept for the life of the
    /// process, since a thread left behind in the server's socket may still use it.
    private let handle: OpaquePointer
    private let clock: any SessionClock
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    // Guarded by `lock`.
    /// Released, or given up before the thread was done: whichever of the two comes second closes the connection.
    private var closing = false
    /// No display for the session: the connection was not answered in time (or a signal came first).
    private var failed = false
    /// The server went away mid-session, or its socket stopped taking what is written.
    private var lost = false
    /// The server's socket, set by the thread before it sends the width (the pipe orders the two); -1 before.
    private var server: Int32 = -1
    /// From the thread: the width once connected (4 bytes, 0 for none).
    private let replies: (read: Int32, write: Int32)
    /// BRLTTY's braille setting, as its parameters say and as they change (guarded by `lock`): literary braille, its
    /// table, and the contraction for them (nil: computer braille, the text as it is).
    private var literary = false
    private var literaryTable = ""
    private var contraction: BrailleContraction?
    /// Counts the contraction's changes.
    private var changes = 0

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
        replies = Self.makePipe()
        guard replies.read >= 0 else { throw unavailable }
        let settings = (host: environment["BRLAPI_HOST"], auth: environment["BRLAPI_AUTH"])
        guard let thread = NativeThread.start({ self.run(host: settings.host, auth: settings.auth) }) else {
            throw unavailable
        }
        pthread_detach(thread)
        var answer: UInt32 = 0
        // A stopping signal (its pipe readable, on the session's thread) ends the wait at once: the session takes it.
        let signals = SignalSource.isMainThread ? SignalSource.stopDescriptor : -1
        guard Self.await(replies.read, into: &answer, patience: Self.patience, watching: signals), answer > 0 else {
            // Not answered in time, a signal, or no display: given back now if the thread got it meanwhile, else by
            // the thread if it ever does.
            pthread_mutex_lock(lock)
            failed = true
            closing = true
            let held = self.server >= 0
            pthread_mutex_unlock(lock)
            if held { library.closeConnection(handle) }
            throw unavailable
        }
        width = Int(answer)
    }

    deinit {
        for descriptor in [replies.read, replies.write] where descriptor >= 0 {
            _ = Glibc.close(descriptor)
        }
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// The server's socket while the display is the session's; -1 once it is gone or given back.
    var keyDescriptor: Int32 { usable ? server : -1 }

    /// In contracted braille, the cells `text` takes once contracted; else one a character.
    func cells(in text: String) -> Int {
        currentContraction?.cells(text)?.count ?? text.count
    }

    var revision: Int {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return changes
    }

    func show(_ text: String) {
        guard usable else { return }
        // Written only if the socket takes it at once: a server that stopped reading never holds the session.
        var probe = pollfd(fd: server, events: Int16(POLLOUT), revents: 0)
        let ready = SystemCall.retryingOnInterrupt { poll(&probe, 1, 0) }
        let dots = currentContraction?.cells(text)
        guard ready == 1, probe.revents == Int16(POLLOUT), write(text, dots: dots, width: width) >= 0 else {
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

    func release() {
        pthread_mutex_lock(lock)
        let held = server >= 0 && !closing
        closing = true
        pthread_mutex_unlock(lock)
        // Closed on our side even when the server went away (its socket is only shut down then).
        if held { library.closeConnection(handle) }
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

    private var currentContraction: BrailleContraction? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return contraction
    }

    /// BRLTTY's literary braille setting or table changed (or came first, when watched): the contraction follows,
    /// compiled by liblouis here (on the thread that connects, or in the session's key read for a change later).
    fileprivate func parameterChanged(_ parameter: brlapi_param_t, _ data: UnsafeRawPointer?, _ length: Int) {
        pthread_mutex_lock(lock)
        switch parameter {
        case BRLAPI_PARAM_LITERARY_BRAILLE:
            literary = length >= 1 && data?.load(as: UInt8.self) != 0
        case BRLAPI_PARAM_LITERARY_BRAILLE_TABLE:
            literaryTable =
                data.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) }
                ?? ""
            literaryTable = String(literaryTable.prefix { $0 != "\0" })
        default:
            break
        }
        let wanted = literary && !literaryTable.isEmpty ? literaryTable : nil
        let current = contraction
        pthread_mutex_unlock(lock)
        guard wanted != current?.brlttyTable else { return }
        let next = wanted.flatMap { BrailleContraction(brlttyTable: $0) }
        pthread_mutex_lock(lock)
        if next?.table != contraction?.table { changes += 1 }
        contraction = next
        pthread_mutex_unlock(lock)
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

    /// The thread: connects (to `host` with `auth`, BrlAPI's defaults where nil), takes the display and ends; it closes
    /// the connection itself when the session gave up waiting for it meanwhile.
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
                takeOnlyTheSessionsKeys()
                watchBrailleSetting()
            } else {
                library.closeConnection(handle)
            }
        }
        pthread_mutex_lock(lock)
        let abandoned = closing
        if width > 0, !abandoned { server = connection }
        pthread_mutex_unlock(lock)
        if width > 0, abandoned {
            library.closeConnection(handle)
            return
        }
        var reply = width
        _ = withUnsafeBytes(of: &reply) { Glibc.write(replies.write, $0.baseAddress, 4) }
    }

    /// Asks BRLTTY for the session's keys only (`BrailleKeys.accepted`): the others, the pan keys among them,
    /// stay BRLTTY's. A server that refuses leaves every key ours, as before (the others are left alone).
    private func takeOnlyTheSessionsKeys() {
        var none: [brlapi_keyCode_t] = [0]
        guard library.ignoreKeys(handle, brlapi_rangeType_all, &none, 1) >= 0 else { return }
        var commands = BrailleKeys.accepted.commands
        var blocks = BrailleKeys.accepted.blocks
        _ = library.acceptKeys(handle, brlapi_rangeType_key, &commands, UInt32(commands.count))
        _ = library.acceptKeys(handle, brlapi_rangeType_command, &blocks, UInt32(blocks.count))
    }

    /// Watches BRLTTY's literary braille setting and its table (global values, as the user set them): each callback
    /// comes at once with the value now, then whenever it changes (from the session's key read). A server too old to
    /// have parameters leaves computer braille.
    private func watchBrailleSetting() {
        let me = Unmanaged.passUnretained(self).toOpaque()
        let callback: brlapi_paramCallback_t = { parameter, _, _, priv, data, length in
            guard let priv else { return }
            Unmanaged<LiveBrailleDisplay>.fromOpaque(priv).takeUnretainedValue().parameterChanged(
                parameter, data, length)
        }
        for parameter in [BRLAPI_PARAM_LITERARY_BRAILLE, BRLAPI_PARAM_LITERARY_BRAILLE_TABLE] {
            _ = library.watchParameter(
                handle, parameter, 0, brlapi_param_flags_t(BRLAPI_PARAMF_GLOBAL), callback, me, nil, 0)
        }
    }

    /// `brlapi_write` of the whole display, with no cursor: the text as UTF-8 (so the server's braille table turns it
    /// into dots); or, in contracted braille, `dots` as the cells' dots (`orMask` over blank cells: BRLTTY's text
    /// table has no say), padded with blank cells or cut to the width.
    private func write(_ text: String, dots: [UInt8]?, width: Int) -> Int32 {
        let cells = dots.map { Array($0.prefix(width)) + [UInt8](repeating: 0, count: max(0, width - $0.count)) }
        let shown = cells == nil ? text : String(repeating: "\u{2800}", count: width)
        var bytes = Array(shown.utf8)
        bytes.append(0)
        let charset = Array("UTF-8".utf8CString)
        return bytes.withUnsafeBufferPointer { textBuffer in
            charset.withUnsafeBufferPointer { charsetBuffer in
                textBuffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: textBuffer.count) { textPointer in
                    // No mask in computer braille: the text's own dots, by BRLTTY's text table.
                    var orMask = cells ?? []
                    return orMask.withUnsafeMutableBufferPointer { orMask in
                        var arguments = brlapi_writeArguments_t(
                            displayNumber: -1, regionBegin: 1, regionSize: Int32(width), text: textPointer,
                            textSize: Int32(textBuffer.count - 1), andMask: nil,
                            orMask: cells == nil ? nil : orMask.baseAddress, cursor: 0,
                            charset: charsetBuffer.baseAddress)
                        return library.write(handle, &arguments)
                    }
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

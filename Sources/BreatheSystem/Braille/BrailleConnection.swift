import BreatheCore
import CBrlAPI
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One connection to BrlAPI (BRLTTY's server), from its thread to its close. `LiveBrailleDisplay` holds the session's
/// display across connections: the first, and each one made when BRLTTY comes back.
///
/// Connecting and entering tty mode wait for the server's replies, and a server that stops answering (stuck, or stopped
/// with SIGSTOP) would hold whoever called: they run on a thread of their own (`start`), which ends once they are done,
/// and writes the width on a pipe (`answer`) that the caller waits on or polls. A thread stuck in the server's socket
/// is left behind (it holds the connection, handle and all, until it ends); the process ends with `_exit` without
/// waiting.
///
/// From then on the session uses the connection itself: the server's socket is `socket`, in the session's poll, and
/// the keys are read (`brlapi_readKey`, no wait) when it is readable; a text is written (`brlapi_write`, which waits
/// for no reply) only if the socket can take it at once. A server that goes away (its socket at its end, or a read that
/// fails) makes the connection lost: the socket is shut down on our side, so the session's poll stops watching it.
final class BrailleConnection: @unchecked Sendable {
    private let library: LiveBrailleLibrary
    /// This connection's own handle (`brlapi_handle_t`, of `brlapi_getHandleSize()` bytes).
    private let handle: OpaquePointer
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    // Guarded by `lock`.
    /// Released, or given up before the thread was done: whichever of the two comes second closes the connection.
    private var closing = false
    /// The server went away, or its socket stopped taking what is written.
    private var lost = false
    /// The server's socket, set by the thread before it sends the width (the pipe orders the two); -1 before.
    private var server: Int32 = -1
    /// From the thread: the width once connected (4 bytes, 0 for none).
    private let replies: (read: Int32, write: Int32)
    /// BRLTTY's braille setting, as its parameters say and as they change: literary braille, its table, and the
    /// contraction for them (nil: computer braille, the text as it is).
    private var literary = false
    private var literaryTable = ""
    private var contractionNow: BrailleContraction?
    /// Counts the contraction's changes.
    private var changesNow = 0

    /// Threads of ours still in a connection's calls: a frozen server's connections are not tried again and again, each
    /// leaving a thread behind.
    private static let threads = Mutex(0)
    /// At most this many such threads at once before a retry is started.
    static let maximumThreads = 2

    /// A connection not yet started; nil when libbrlapi cannot be opened or no pipe can be made.
    package init?() {
        guard case .success(let library) = LiveBrailleLibrary.shared else { return nil }
        let replies = Self.makePipe()
        guard replies.read >= 0 else { return nil }
        self.library = library
        self.replies = replies
        // Zeroed; libbrlapi sets it up when it connects.
        handle = OpaquePointer(calloc(1, library.getHandleSize()))
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
    }

    deinit {
        // Nothing else holds the connection now, its thread included (it holds it while it runs).
        if server >= 0 && !closing { library.closeConnection(handle) }
        free(UnsafeMutableRawPointer(handle))
        for descriptor in [replies.read, replies.write] where descriptor >= 0 {
            _ = Glibc.close(descriptor)
        }
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// Starts the thread that connects (to `host` with `auth`, BrlAPI's defaults where nil) and takes the display;
    /// false when it could not start: none could be made, or, for a `retry`, too many threads are still held by a
    /// server.
    package func start(host: String?, auth: String?, retry: Bool = false) -> Bool {
        let allowed = Self.threads.withLock { count in
            guard !retry || count < Self.maximumThreads else { return false }
            count += 1
            return true
        }
        guard allowed else { return false }
        guard
            let thread = NativeThread.start({
                self.run(host: host, auth: auth)
                Self.threads.withLock { $0 -= 1 }
            })
        else {
            Self.threads.withLock { $0 -= 1 }
            return false
        }
        pthread_detach(thread)
        return true
    }

    /// Readable once the thread has answered: the width (4 bytes), 0 for no display.
    var answer: Int32 { replies.read }

    /// The thread's answer if it has come (without waiting): the display's width, 0 for none; nil while it has not.
    package func collect() -> Int? {
        var probe = pollfd(fd: replies.read, events: Int16(POLLIN), revents: 0)
        guard SystemCall.retryingOnInterrupt({ poll(&probe, 1, 0) }) == 1 else { return nil }
        var width: UInt32 = 0
        let count = withUnsafeMutableBytes(of: &width) { read(replies.read, $0.baseAddress, 4) }
        return count == 4 ? Int(width) : 0
    }

    /// Given up on, before or after it answered: closed now if it is held, else by the thread if it ever is.
    func abandon() {
        pthread_mutex_lock(lock)
        let held = server >= 0 && !closing
        closing = true
        pthread_mutex_unlock(lock)
        // Closed on our side even when the server went away (its socket is only shut down then).
        if held { library.closeConnection(handle) }
    }

    /// The server's socket while the connection is usable; -1 once it is lost or given back.
    package var socket: Int32 { usable ? server : -1 }

    /// Connected, in tty mode, not yet given back, and the server still there.
    var usable: Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return !lost && !closing && server >= 0
    }

    var contraction: BrailleContraction? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return contractionNow
    }

    /// Counts the changes of the contraction.
    var changes: Int {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return changesNow
    }

    /// Shows `text` (contracted as `dots` when given) on `width` cells, only if the socket takes it at once; a socket
    /// that does not loses the connection.
    package func show(_ text: String, dots: [UInt8]?, width: Int) {
        guard usable else { return }
        var probe = pollfd(fd: server, events: Int16(POLLOUT), revents: 0)
        let ready = SystemCall.retryingOnInterrupt { poll(&probe, 1, 0) }
        guard ready == 1, probe.revents == Int16(POLLOUT), write(text, dots: dots, width: width) >= 0 else {
            lose()
            return
        }
    }

    /// One key, read without waiting (the session calls it when the socket is readable); nil when none is there.
    package func takeKey() -> UInt64? {
        guard usable, packetWaits() else { return nil }
        var code: brlapi_keyCode_t = 0
        let status = library.readKey(handle, 0, &code)
        guard status >= 0 else {
            lose()
            return nil
        }
        return status > 0 ? code : nil
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
        let current = contractionNow
        pthread_mutex_unlock(lock)
        guard wanted != current?.brlttyTable else { return }
        let next = wanted.flatMap { BrailleContraction(brlttyTable: $0) }
        pthread_mutex_lock(lock)
        if next?.table != contractionNow?.table { changesNow += 1 }
        contractionNow = next
        pthread_mutex_unlock(lock)
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

    /// The thread: connects, takes the display and ends; it closes the connection itself when it was given up on
    /// meanwhile.
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
            Unmanaged<BrailleConnection>.fromOpaque(priv).takeUnretainedValue().parameterChanged(
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
}

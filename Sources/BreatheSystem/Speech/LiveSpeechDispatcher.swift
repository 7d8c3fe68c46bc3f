import BreatheCore
import CSpeechd

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The session's connection to speech-dispatcher through libspeechd (SSIP), in single-threaded mode, driven from a
/// thread of its own: every SSIP command waits for the daemon's reply, and a daemon that stops answering (stuck in a
/// bug, stopped with SIGSTOP) would hold whoever sent it. The session only queues commands here and never waits: a
/// command the daemon has not answered within `patience` means it stopped answering, and from then on `say` answers
/// false (the session says so in one line and goes on with its tones and printed lines). The thread stuck in the
/// daemon's socket is left behind; the process ends with `_exit` without waiting for it.
///
/// libspeechd is opened on first use (`LiveSpeechdLibrary`); without it, speech-dispatcher is as unavailable as without
/// a daemon. The address is libspeechd's own: `SPEECHD_ADDRESS` when set, else the user's socket
/// (`$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock`); a daemon that is not running is started the way
/// speech-dispatcher documents (autospawn) when the address is that default one.
package final class LiveSpeechDispatcher: SpeechDispatcherConnection, @unchecked Sendable {
    /// How long a command may go unanswered before the daemon counts as gone (ms). A live daemon answers in
    /// milliseconds; starting one (autospawn) takes about a second.
    static let patience: Int64 = 3000

    private enum Command {
        case say(String, SPDPriority)
        case cancel
        case rate(Int32)
    }

    private let library: LiveSpeechdLibrary
    private let priority: SPDPriority
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private let wake: UnsafeMutablePointer<pthread_cond_t>
    // Guarded by `lock`.
    private var commands: [Command] = []
    /// When the command under way was taken (monotonic ns); nil while the thread waits for work.
    private var busySince: UInt64?
    /// Times a command's patience.
    private let clock: any SessionClock
    private var connection: UnsafeMutablePointer<SPDConnection>?
    private var failed = false
    private var closing = false
    /// The opening's result is written here, one byte, once the thread has tried.
    private let opened: (read: Int32, write: Int32)

    /// Opens the connection and applies `request`. Throws `.unavailable` naming the reason when no daemon answers,
    /// or none answers within `patience`.
    package init(_ request: SpeechDispatcherRequest, clock: any SessionClock) throws(BreatheError) {
        self.clock = clock
        guard case .success(let library) = LiveSpeechdLibrary.shared else {
            throw .unavailable(Message(.errorSpeechdUnavailable, ["detail": .text("libspeechd.so.2")]))
        }
        self.library = library
        priority = Self.priority(request.priority)
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        wake = .allocate(capacity: 1)
        wake.initialize(to: pthread_cond_t())
        pthread_cond_init(wake, nil)
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            opened = (-1, -1)
            throw .unavailable(Message(.errorSpeechdUnavailable, ["detail": .text(Self.defaultAddress())]))
        }
        opened = (fds[0], fds[1])
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        guard startThread(request) else {
            throw .unavailable(Message(.errorSpeechdUnavailable, ["detail": .text(Self.defaultAddress())]))
        }
        var result: UInt8 = 0
        // A stopping signal (its pipe readable) ends the wait too: the session takes it.
        var waiting = [
            pollfd(fd: opened.read, events: Int16(POLLIN), revents: 0),
            pollfd(fd: SignalSource.stopDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        _ = SystemCall.retryingOnInterrupt { poll(&waiting, 2, Int32(Self.patience)) }
        let answered = waiting[0].revents != 0 && read(opened.read, &result, 1) == 1 && result == 1
        guard answered else {
            // Not answered in time: the thread may still be stuck in the daemon's socket; it is left to itself.
            pthread_mutex_lock(lock)
            failed = true
            closing = true
            pthread_mutex_unlock(lock)
            throw .unavailable(Message(.errorSpeechdUnavailable, ["detail": .text(Self.defaultAddress())]))
        }
    }

    deinit {
        _ = Glibc.close(opened.read)
        _ = Glibc.close(opened.write)
        pthread_cond_destroy(wake)
        pthread_mutex_destroy(lock)
        wake.deallocate()
        lock.deallocate()
    }

    /// Queues the phrase; false once the daemon has gone away or stopped answering.
    @discardableResult package func say(_ text: String, urgent: Bool) -> Bool {
        if urgent { cancel() }
        return submit(.say(text, urgent ? SPD_IMPORTANT : priority))
    }

    package func setRate(wordsPerMinute: Int) {
        submit(.rate(Int32(SpeechDispatcherRequest.rate(wordsPerMinute: wordsPerMinute))))
    }

    /// `spd_cancel`, not `spd_cancel_all`: the latter cancels every client's messages, a screen reader's included.
    package func cancel() {
        submit(.cancel)
    }

    /// Ends the connection: the thread closes it once the commands queued before are sent. Never waits.
    package func hangUp() {
        pthread_mutex_lock(lock)
        closing = true
        pthread_cond_signal(wake)
        pthread_mutex_unlock(lock)
    }

    /// False when the daemon failed a command or has not answered one for `patience`.
    @discardableResult private func submit(_ command: Command) -> Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if let since = busySince, clock.now() - since > UInt64(Self.patience) * 1_000_000 {
            failed = true
        }
        guard !failed, !closing else { return false }
        if case .cancel = command {
            // What was queued but not sent yet is dropped with what the daemon is saying.
            commands.removeAll { if case .say = $0 { true } else { false } }
        }
        commands.append(command)
        pthread_cond_signal(wake)
        return true
    }

    private func startThread(_ request: SpeechDispatcherRequest) -> Bool {
        guard let thread = NativeThread.start({ self.run(request) }) else { return false }
        pthread_detach(thread)
        return true
    }

    /// The thread: opens the connection, then sends each command in turn until closed.
    private func run(_ request: SpeechDispatcherRequest) {
        var error: UnsafeMutablePointer<CChar>?
        let connection = library.open2(request.clientName, "session", nil, SPD_MODE_SINGLE, nil, 1, &error)
        // libspeechd's reason is long and in English; the user gets the address that did not answer.
        if let error { free(error) }
        if let connection {
            // Each call is one SSIP command and its reply; a daemon that refuses a setting keeps the user's own.
            _ = library.setLanguage(connection, request.language)
            if let voice = request.voiceName { _ = library.setSynthesisVoice(connection, voice) }
            if let rate = request.rate { _ = library.setVoiceRate(connection, Int32(rate)) }
            if let pitch = request.pitch { _ = library.setVoicePitch(connection, Int32(pitch)) }
            if let volume = request.volume { _ = library.setVolume(connection, Int32(volume)) }
        }
        pthread_mutex_lock(lock)
        self.connection = connection
        let abandoned = closing
        pthread_mutex_unlock(lock)
        var result: UInt8 = connection == nil ? 0 : 1
        _ = write(opened.write, &result, 1)
        guard let connection else { return }
        if abandoned {
            library.close(connection)
            return
        }
        pthread_mutex_lock(lock)
        while true {
            while commands.isEmpty && !closing { pthread_cond_wait(wake, lock) }
            if commands.isEmpty { break }
            let command = commands.removeFirst()
            busySince = clock.now()
            pthread_mutex_unlock(lock)
            let ok: Bool
            switch command {
            case .say(let text, let priority): ok = library.say(connection, priority, text) >= 0
            case .cancel: ok = library.cancel(connection) >= 0
            case .rate(let rate): ok = library.setVoiceRate(connection, rate) >= 0 || true
            }
            pthread_mutex_lock(lock)
            busySince = nil
            if !ok {
                // spd_say answers -1 when the command could not be sent or was refused: the daemon died or closed
                // our connection.
                failed = true
                commands.removeAll()
            }
        }
        pthread_mutex_unlock(lock)
        library.close(connection)
    }

    private static func priority(_ priority: SpeechPriority) -> SPDPriority {
        switch priority {
        case .message: SPD_MESSAGE
        case .text: SPD_TEXT
        case .important: SPD_IMPORTANT
        }
    }

    /// Where libspeechd looks for the daemon: `SPEECHD_ADDRESS`, else the user's socket; as the user would write it.
    package static func defaultAddress() -> String {
        guard case .success(let library) = LiveSpeechdLibrary.shared else { return "SPEECHD_ADDRESS" }
        var error: UnsafeMutablePointer<CChar>?
        guard let address = library.defaultAddress(&error) else {
            if let error { free(error) }
            return "SPEECHD_ADDRESS"
        }
        defer { library.freeAddress(address) }
        if let error { free(error) }
        switch address.pointee.method {
        case SPD_METHOD_UNIX_SOCKET:
            return address.pointee.unix_socket_name.map { String(cString: $0) } ?? "unix_socket"
        case SPD_METHOD_INET_SOCKET:
            let host = address.pointee.inet_socket_host.map { String(cString: $0) } ?? "localhost"
            return "\(host):\(address.pointee.inet_socket_port)"
        default:
            return "SPEECHD_ADDRESS"
        }
    }
}

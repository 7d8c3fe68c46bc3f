import BreatheCore
import CSpeechd

/// The session's connection to speech-dispatcher through libspeechd (SSIP), in single-threaded mode: every call comes
/// from the session's thread, and nothing is read back but the replies. libspeechd is opened on first use
/// (`LiveSpeechdLibrary`); without it, speech-dispatcher is as unavailable as without a daemon.
///
/// The address is libspeechd's own: `SPEECHD_ADDRESS` when set, else the user's socket
/// (`$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock`); a daemon that is not running is started the way
/// speech-dispatcher documents (autospawn) when the address is that default one.
package final class LiveSpeechDispatcher: SpeechDispatcherConnection, @unchecked Sendable {
    private let library: LiveSpeechdLibrary
    private let connection: UnsafeMutablePointer<SPDConnection>
    private let priority: SPDPriority

    /// Opens the connection and applies `request`. Throws `.unavailable` naming the reason when no daemon answers.
    package init(_ request: SpeechDispatcherRequest) throws(BreatheError) {
        guard case .success(let library) = LiveSpeechdLibrary.shared else {
            throw .unavailable(Message(.errorSpeechdUnavailable, ["detail": .text("libspeechd.so.2")]))
        }
        var error: UnsafeMutablePointer<CChar>?
        guard let connection = library.open2(request.clientName, "session", nil, SPD_MODE_SINGLE, nil, 1, &error) else {
            // libspeechd's reason is long and in English; the user gets the address that did not answer.
            if let error { free(error) }
            throw .unavailable(
                Message(.errorSpeechdUnavailable, ["detail": .text(LiveSpeechDispatcher.defaultAddress())]))
        }
        if let error { free(error) }
        self.library = library
        self.connection = connection
        priority =
            switch request.priority {
            case .message: SPD_MESSAGE
            case .text: SPD_TEXT
            case .important: SPD_IMPORTANT
            }
        // Each call is one SSIP command and its reply; a daemon that refuses a setting keeps the user's own.
        _ = library.setLanguage(connection, request.language)
        if let voice = request.voiceName { _ = library.setSynthesisVoice(connection, voice) }
        if let rate = request.rate { _ = library.setVoiceRate(connection, Int32(rate)) }
        if let pitch = request.pitch { _ = library.setVoicePitch(connection, Int32(pitch)) }
        if let volume = request.volume { _ = library.setVolume(connection, Int32(volume)) }
    }

    deinit {
        library.close(connection)
    }

    /// spd_say answers -1 when the command could not be sent or was refused: the daemon died or closed our connection.
    @discardableResult package func say(_ text: String) -> Bool {
        library.say(connection, priority, text) >= 0
    }

    package func setRate(wordsPerMinute: Int) {
        _ = library.setVoiceRate(connection, Int32(SpeechDispatcherRequest.rate(wordsPerMinute: wordsPerMinute)))
    }

    /// `spd_cancel`, not `spd_cancel_all`: the latter cancels every client's messages, a screen reader's included.
    package func cancel() {
        _ = library.cancel(connection)
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

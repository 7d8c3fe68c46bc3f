import BreatheCore
import BreatheSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The one-line mood question at the end of an interactive session: a key 1–5, Enter to skip, `q` or Esc to stop.
///
/// The session is already recorded when it is asked (its answer amends the record), so every way out keeps it: a key
/// is read as it is pressed (raw keys, as during the session; a whole line when the terminal cannot be put in raw mode),
/// a signal ends the question with the terminal put back, and end of input skips it. Anything else is asked once more.
enum MoodPrompt {
    /// How the question ended.
    enum Answer: Hashable, Sendable {
        /// A mood, 1 to 5.
        case mood(Int)
        /// Enter, end of input, or a second answer that was none.
        case skipped
        /// `q` or Esc: the user leaves (exit 0).
        case stopped
        /// A signal that ends the run (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2), with its documented exit.
        case signal(SignalInput)
    }

    /// True when a prompt may be shown: standard input and output are terminals.
    static var isPossible: Bool { isatty(0) == 1 && isatty(1) == 1 }

    /// Asks, reads the answer from standard input, and says what was kept.
    static func ask<Sink: TextSink>(localizer: Localizer, output: inout Sink) -> Answer {
        // The self-pipe again, so that a signal at the question ends it here, with the terminal put back; afterwards
        // a signal ends the process at once with its documented exit, as after any session.
        let signals = SignalSource.install()
        defer { SignalSource.uninstall() }
        // Raw keys only while a signal comes through the pipe: otherwise it would end the process with the terminal raw.
        let raw = signals != nil && Terminal.enterRawMode(0)
        defer { Terminal.restore() }
        var attempts = 0
        while true {
            output.write(PlainText.sanitize(localizer.string(Message(.moodPrompt))))
            let reply = nextReply(raw: raw, signals: signals)
            // Raw keys are not echoed by the terminal: the key pressed is shown, then the line ends.
            if raw, case .text(let text) = reply, text.count == 1, text.unicodeScalars.allSatisfy(\.isPrintableASCII) {
                output.write(text)
            }
            // The line ends, unless the terminal echoed the newline of a line typed.
            if case .text = reply, !raw {} else { output.write("\n") }
            let answer: Answer
            switch reply {
            case .signal(let signal): return .signal(signal)
            case .end: answer = .skipped
            case .text(let text):
                let trimmed = text.trimmingCharacters
                if trimmed.isEmpty {
                    answer = .skipped
                } else if trimmed == "q" || trimmed == "Q" || trimmed == "\u{1B}" {
                    answer = .stopped
                } else if let level = Int(trimmed), SessionRecord.moodRange.contains(level) {
                    answer = .mood(level)
                } else if attempts == 0 {
                    attempts += 1
                    output.write(PlainText.line(localizer.string(Message(.moodAgain))))
                    continue
                } else {
                    answer = .skipped
                }
            }
            let said: Message
            if case .mood(let level) = answer {
                said = Message(.moodRecorded, ["n": .integer(level)])
            } else {
                said = Message(.moodSkipped)
            }
            output.write(PlainText.line(localizer.string(said)))
            return answer
        }
    }

    /// What was read: a key or a line (without its newline; Esc alone as itself), end of input, or a signal.
    private enum Reply: Hashable {
        case text(String)
        case end
        case signal(SignalInput)
    }

    /// Waits for a key (raw) or a line, or a signal that ends the run; Ctrl-Z stops the process as during a session.
    private static func nextReply(raw: Bool, signals: SessionInputs.Source?) -> Reply {
        var line: [UInt8] = []
        while true {
            var descriptors = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0)]
            if let signals { descriptors.append(pollfd(fd: signals.fileDescriptor, events: Int16(POLLIN), revents: 0)) }
            let ready = SystemCall.retryingOnInterrupt { poll(&descriptors, nfds_t(descriptors.count), -1) }
            guard ready >= 0 else { return .end }
            if let signals, descriptors.count > 1, descriptors[1].revents != 0, let input = signals.read() {
                switch input {
                case .signal(.suspend):
                    Terminal.restore()
                    SignalSource.stopProcess()
                    if raw { Terminal.enterRawMode(0) }
                    continue
                case .signal(let signal) where SessionInput.signal(signal).endsSession:
                    return .signal(signal)
                default:
                    continue
                }
            }
            guard descriptors[0].revents != 0 else { continue }
            var byte: UInt8 = 0
            let count = SystemCall.retryingOnInterrupt { read(0, &byte, 1) }
            // End of input, or a terminal that is gone (EIO).
            if count <= 0 { return line.isEmpty || raw ? .end : .text(String(decoding: line, as: UTF8.self)) }
            if raw {
                switch byte {
                case 0x0A, 0x0D: return .text("")
                // Ctrl-D, which raw mode passes through as a key: end of input.
                case 0x04: return .end
                case 0x1B: return followedBySequence() ? .text("\u{1B}[") : .text("\u{1B}")
                default:
                    // A character typed as several UTF-8 bytes is one answer.
                    if byte >= 0xC0 { skipContinuationBytes() }
                    return .text(String(decoding: [byte], as: UTF8.self))
                }
            }
            if byte == 0x0A { return .text(String(decoding: line, as: UTF8.self)) }
            if line.count < 64 { line.append(byte) }
        }
    }

    /// After an Esc: true when the rest of an escape sequence (an arrow key) follows at once, which is then read.
    private static func followedBySequence() -> Bool {
        guard waitForByte() else { return false }
        var byte: UInt8 = 0
        _ = SystemCall.retryingOnInterrupt { read(0, &byte, 1) }
        while waitForByte() { _ = SystemCall.retryingOnInterrupt { read(0, &byte, 1) } }
        return true
    }

    private static func skipContinuationBytes() {
        var byte: UInt8 = 0
        while waitForByte() { _ = SystemCall.retryingOnInterrupt { read(0, &byte, 1) } }
    }

    /// True when a byte is ready on standard input within the time a terminal takes to send a sequence.
    private static func waitForByte() -> Bool {
        var ready = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        let result = SystemCall.retryingOnInterrupt { poll(&ready, 1, KeyReader.sequenceWaitMilliseconds) }
        return result > 0 && ready.revents & Int16(POLLIN) != 0
    }
}

extension Unicode.Scalar {
    fileprivate var isPrintableASCII: Bool { (0x20...0x7E).contains(value) }
}

extension String {
    var trimmingCharacters: String {
        String(
            unicodeScalars.drop { $0.properties.isWhitespace }.reversed().drop { $0.properties.isWhitespace }.reversed()
                .map(Character.init))
    }
}

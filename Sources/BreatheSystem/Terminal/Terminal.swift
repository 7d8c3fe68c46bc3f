import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The terminal on standard input while a session reads keys: raw key mode, saved once and always put back.
///
/// "Raw" here is cbreak: no line editing and no echo, so one key is one read, while the terminal driver still turns
/// Ctrl-C and Ctrl-Z into signals and output processing is left alone. What was saved is kept in process-wide storage
/// so that every exit path can restore it: the normal end, `exit()` from anywhere (an atexit hook), Ctrl-Z (before the
/// process stops) and a crash (a signal handler that uses only async-signal-safe calls).
package enum Terminal {
    /// True when `descriptor` is a terminal.
    package static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// True when this process's group owns the terminal, so that changing its settings or reading it will not stop us.
    static func isForeground(_ descriptor: Int32) -> Bool {
        let owner = tcgetpgrp(descriptor)
        return owner >= 0 && owner == getpgrp()
    }

    /// Whether raw key mode is on now.
    static var isRaw: Bool { terminalState.rawDescriptor >= 0 }

    /// Switches `descriptor` (a foreground terminal) to raw keys, saving its settings the first time.
    /// Returns false, and changes nothing, when that is not possible.
    @discardableResult
    package static func enterRawMode(_ descriptor: Int32) -> Bool {
        guard isTerminal(descriptor), isForeground(descriptor) else { return false }
        if isRaw { return true }
        installExitHooks()
        var current = termios()
        guard tcgetattr(descriptor, &current) == 0 else { return false }
        if !terminalState.hasSaved {
            terminalState.saved = current
            terminalState.savedDescriptor = descriptor
            terminalState.hasSaved = true
        }
        var raw = current
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else { return false }
        terminalState.rawDescriptor = descriptor
        return true
    }

    /// Puts the terminal back as it was: the saved settings, a visible cursor, and a status line finished with a newline.
    /// Safe to call any number of times, and from a signal handler.
    package static func restore() {
        restoreTerminal()
    }

    /// Hides the cursor on `descriptor` while a status line is drawn; `restore()` shows it again.
    package static func hideCursor(_ descriptor: Int32) {
        guard terminalState.cursorHiddenOn < 0 else { return }
        installExitHooks()
        terminalState.cursorHiddenOn = descriptor
        writeAll(descriptor, "\u{1B}[?25l")
    }

    /// Records whether a status line without its final newline is on screen, so that an exit can finish it.
    package static func statusLine(isOpen: Bool, on descriptor: Int32) {
        if isOpen { installExitHooks() }
        terminalState.openStatusLineOn = isOpen ? descriptor : -1
    }

    /// The terminal's width in columns, or nil when `descriptor` is not a terminal.
    package static func columns(_ descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Puts the terminal back as the atexit hook would, for an exit that skips the hooks (`Entry` ends with `_exit`).
    package static func restoreBeforeExit() {
        restoreTerminal()
    }

    fileprivate static func installExitHooks() {
        guard !terminalState.hooksInstalled else { return }
        terminalState.hooksInstalled = true
        atexit { restoreTerminal() }
        for number in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = crashHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND))
            sigaction(number, &action, nil)
        }
    }
}

extension Terminal {
    /// Screen-reader mode: from now on, text written through `FileDescriptorSink` to a terminal reaches it line by line
    /// in one piece (`writeWhole`). On for the rest of the process: the lines after the session (the keys, the badges)
    /// are read as the session's were.
    package static func keepLinesWhole() {
        FileDescriptorSink.wholeLines.withLock { $0 = { descriptor, bytes in writeWhole(descriptor, bytes) } }
    }

    /// One whole write at a time: the terminal's settings are changed and put back around each.
    private static let wholeWrites = Mutex<Void>(())

    /// Writes `bytes` to `descriptor` as `FileDescriptorIO.writeAll` does (the same result, `errno` kept), except that
    /// at a terminal this process owns whose driver turns each newline into CR LF (`ONLCR`), the text goes with that
    /// translation off for the write and each newline written as CR LF here: the same bytes, given to the terminal in
    /// one piece.
    ///
    /// Why: the driver writes the CR LF of each newline on its own, after the text before it, and each of the two is
    /// passed to the terminal's reader on its own (n_tty's output processing stops at a newline; each pty write pushes
    /// what it wrote to the other side). A reader that wakes between them (tmux, or the screen reader itself, on a busy
    /// machine) gets the text, then the newline alone: a screen update in which the cursor only moves down onto the
    /// empty next line. Fenrir says "blank" for exactly that (its onCursorChange command
    /// `present_line_if_cursor_change_vertical`: a vertical cursor move, no new text on the screen, a blank line).
    /// Written whole, the line and its newline come in one update, which the screen reader reads as the new text.
    static func writeWhole(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        wholeWrites.withLock { _ in
            var settings = termios()
            let translates = tcflag_t(OPOST | ONLCR)
            // A terminal whose driver does anything else to CR or NL is left to do it, as before.
            guard bytes.contains(10), isForeground(descriptor), tcgetattr(descriptor, &settings) == 0,
                settings.c_oflag & translates == translates, settings.c_oflag & tcflag_t(OCRNL | ONOCR | ONLRET) == 0
            else { return FileDescriptorIO.writeAll(descriptor, bytes) }
            var whole: [UInt8] = []
            whole.reserveCapacity(bytes.count + 8)
            for byte in bytes {
                if byte == 10 { whole.append(13) }
                whole.append(byte)
            }
            var untranslated = settings
            untranslated.c_oflag &= ~tcflag_t(ONLCR)
            // Blocked SIGTTOU: a session put in the background meanwhile puts the settings back rather than stopping.
            var block = sigset_t()
            var previous = sigset_t()
            sigemptyset(&block)
            sigaddset(&block, SIGTTOU)
            pthread_sigmask(SIG_BLOCK, &block, &previous)
            defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
            // Kept where a crash meanwhile puts it back (`restoreTerminal`).
            terminalState.beforeWholeWrite = settings
            terminalState.wholeWriteOn = descriptor
            defer { terminalState.wholeWriteOn = -1 }
            installExitHooks()
            guard tcsetattr(descriptor, TCSANOW, &untranslated) == 0 else {
                return FileDescriptorIO.writeAll(descriptor, bytes)
            }
            let written = FileDescriptorIO.writeAll(descriptor, whole)
            let code = errno
            tcsetattr(descriptor, TCSANOW, &settings)
            errno = code
            return written
        }
    }
}

/// What must survive to the exit hooks. Plain values only: the crash handler reads them.
private struct TerminalState {
    var saved = termios()
    var savedDescriptor: Int32 = -1
    var hasSaved = false
    /// The descriptor in raw mode, or -1.
    var rawDescriptor: Int32 = -1
    var cursorHiddenOn: Int32 = -1
    var openStatusLineOn: Int32 = -1
    /// The terminal a whole write (`Terminal.writeWhole`) has changed for its duration, or -1; and its settings before.
    var wholeWriteOn: Int32 = -1
    var beforeWholeWrite = termios()
    var hooksInstalled = false
}

/// Not behind a lock: signal handlers (a crash, Ctrl-Z) restore the terminal from it, and a lock held by the thread a
/// signal interrupted would never be released.
nonisolated(unsafe) private var terminalState = TerminalState()

/// Async-signal-safe: tcsetattr(3), write(2) and sigprocmask(2) only.
private func restoreTerminal() {
    if terminalState.openStatusLineOn >= 0 {
        writeAll(terminalState.openStatusLineOn, "\n")
        terminalState.openStatusLineOn = -1
    }
    if terminalState.cursorHiddenOn >= 0 {
        writeAll(terminalState.cursorHiddenOn, "\u{1B}[?25h")
        terminalState.cursorHiddenOn = -1
    }
    if terminalState.wholeWriteOn >= 0 {
        // A crash in the middle of a whole write: the newline translation back on (the raw mode's saved settings,
        // below, are older still).
        setSettings(terminalState.wholeWriteOn, &terminalState.beforeWholeWrite)
        terminalState.wholeWriteOn = -1
    }
    if terminalState.rawDescriptor >= 0 {
        setSettings(terminalState.savedDescriptor, &terminalState.saved)
        terminalState.rawDescriptor = -1
    }
}

/// Puts `settings` on the terminal at `descriptor` with SIGTTOU blocked, which lets a background process put the
/// settings back instead of being stopped for trying. Async-signal-safe.
private func setSettings(_ descriptor: Int32, _ settings: inout termios) {
    var block = sigset_t()
    var previous = sigset_t()
    sigemptyset(&block)
    sigaddset(&block, SIGTTOU)
    sigprocmask(SIG_BLOCK, &block, &previous)
    tcsetattr(descriptor, TCSANOW, &settings)
    sigprocmask(SIG_SETMASK, &previous, nil)
}

/// A crash still leaves the terminal usable; then the default action (a core dump or plain death) goes ahead.
private let crashHandler: @convention(c) (Int32) -> Void = { number in
    restoreTerminal()
    raise(number)
}

private func writeAll(_ descriptor: Int32, _ text: StaticString) {
    FileDescriptorIO.writeAll(descriptor, UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
}

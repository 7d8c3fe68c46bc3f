/// The keys and signals that steer a live session, and the care the terminal needs around them.
///
/// Any runner (text or audio) polls `sources` while it waits, applies each input to its state machine, then calls
/// `settle(after:)` so that the process does what the input asks of it outside the machine: Ctrl-Z restores the
/// terminal and stops the process; `fg` re-enters raw mode. `finish()` (also run by an atexit hook and on a crash)
/// puts the terminal back.
package final class SessionControls {
    /// The signal pipe, when standard input is a terminal the keyboard, and a braille display's keys.
    package private(set) var sources: [SessionInputs.Source]
    /// True when keys are read: standard input is a terminal. Only then are the keys announced.
    package let readsKeys: Bool
    private let keyboard: Int32

    private init(sources: [SessionInputs.Source], readsKeys: Bool, keyboard: Int32) {
        self.sources = sources
        self.readsKeys = readsKeys
        self.keyboard = keyboard
    }

    /// Installs the signal handlers and, only when `keyboard` is a terminal, enters raw mode and reads keys from it.
    /// A session started in the background reads keys once it is brought to the foreground.
    /// With no keyboard (nil), only signals steer the session.
    package static func start(keyboard: Int32? = 0) -> SessionControls {
        var sources: [SessionInputs.Source] = []
        if let signals = SignalSource.install() { sources.append(signals) }
        let readsKeys = keyboard.map(Terminal.isTerminal) ?? false
        let keyboard = keyboard ?? -1
        if readsKeys {
            Terminal.enterRawMode(keyboard)
            sources.append(KeyReader.source(keyboard))
        }
        return SessionControls(sources: sources, readsKeys: readsKeys, keyboard: keyboard)
    }

    /// Steers the session from `source` too (a braille display's keys).
    package func add(_ source: SessionInputs.Source) {
        sources.append(source)
    }

    /// Does what `input` asks of the process, after the session has applied it (so Ctrl-Z has already paused).
    package func settle(after input: SessionInput) {
        switch input {
        case .signal(.suspend):
            Terminal.restore()
            SignalSource.stopProcess()
            // Back from the stop (or the stop was refused): keys again if we own the terminal.
            reenterRawMode()
        case .signal(.resumeFromSuspend):
            reenterRawMode()
        case .signal(.interrupt), .signal(.terminate), .signal(.hangup), .signal(.stop), .signal(.resize), .togglePause,
            .pause, .resume, .skip, .quit, .help, .timeLeft, .repeatInstruction, .faster, .slower, .louderTones,
            .softerTones, .unknownKey, .displayChanged, .displayLost:
            break
        }
    }

    /// Puts the terminal back and gives the signals their default actions.
    package func finish() {
        Terminal.restore()
        SignalSource.uninstall()
    }

    private func reenterRawMode() {
        if readsKeys { Terminal.enterRawMode(keyboard) }
    }
}

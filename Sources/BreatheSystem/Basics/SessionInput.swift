import BreatheCore

/// Something from outside that reaches a running session: a key, a display's key, a call from the session bus (MPRIS), or
/// a signal.
package enum SessionInput: Hashable, Sendable {
    /// Space: pause, or resume when paused (MPRIS `PlayPause`).
    case togglePause
    /// MPRIS `Pause`: pause, and nothing when already paused.
    case pause
    /// MPRIS `Play`: resume, and nothing when not paused.
    case resume
    /// `s` (MPRIS `Next`).
    case skip
    /// `q` or Esc (MPRIS `Stop`).
    case quit
    /// `?`.
    case help
    /// `t`: the time left.
    case timeLeft
    /// `r`: the instruction again (MPRIS `Previous`).
    case repeatInstruction
    /// `+` (or `=`, the same key unshifted): speak faster.
    case faster
    /// `-`: speak slower.
    case slower
    /// `]`: louder tones.
    case louderTones
    /// `[`: softer tones.
    case softerTones
    /// Any other key.
    case unknownKey
    /// A signal, already turned into what it means for the session.
    case signal(SignalInput)
    /// A braille display shows text another way now (contracted braille turned on or off): its line is drawn again.
    case displayChanged
    /// A braille display's server went away (BRLTTY stopped or restarted): said once; the display is looked for again.
    case displayLost
}

/// What a signal means to a session.
package enum SignalInput: Hashable, Sendable {
    /// SIGINT: stop, save, exit 130.
    case interrupt
    /// SIGTERM: stop, save, exit 143.
    case terminate
    /// SIGHUP: the terminal is gone.
    case hangup
    /// SIGQUIT (Ctrl-\\), SIGUSR1 or SIGUSR2, by number: stop and save as SIGTERM does, exit 128 + the number.
    case stop(Int32)
    /// SIGTSTP: Ctrl-Z.
    case suspend
    /// SIGCONT: back in the foreground.
    case resumeFromSuspend
    /// SIGWINCH: the terminal changed size.
    case resize
}

extension SessionInput {
    /// A signal that ends the session (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2): nothing waits on the sound
    /// server after it (what is queued is dropped, not flushed and heard again).
    package var endsSession: Bool {
        switch self {
        case .signal(.interrupt), .signal(.terminate), .signal(.hangup), .signal(.stop): true
        default: false
        }
    }
}

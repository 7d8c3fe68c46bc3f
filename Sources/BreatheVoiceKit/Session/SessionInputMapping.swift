import BreatheCore
import BreatheSystem

extension SessionInput {
    /// What this input means to a session in `state` at timeline `position`: the events to apply, in order, and the
    /// signal that will end the process, if any. Every runner maps inputs through here, so keys act the same with or
    /// without sound.
    func events(in state: SessionState, at position: Int64) -> (events: [SessionEvent], signal: SignalInput?) {
        switch self {
        case .togglePause:
            if case .paused = state { return ([.resumeRequested], nil) }
            return ([.pauseRequested(at: position)], nil)
        case .pause:
            if case .paused = state { return ([], nil) }
            return ([.pauseRequested(at: position)], nil)
        case .resume:
            if case .paused = state { return ([.resumeRequested], nil) }
            return ([], nil)
        case .skip: return ([.skipRequested], nil)
        case .quit: return ([.stopRequested(at: position)], nil)
        case .help: return ([.helpRequested], nil)
        case .timeLeft: return ([.timeLeftRequested(at: position)], nil)
        case .repeatInstruction: return ([.repeatRequested], nil)
        case .unknownKey: return ([.unknownKeyPressed], nil)
        case .displayChanged, .displayLost: return ([], nil)
        // A runner with sound works out the new rate or level itself; without, there is nothing to change.
        case .faster, .slower: return ([.speechRateChanged(nil)], nil)
        case .louderTones, .softerTones: return ([.toneVolumeChanged(nil)], nil)
        case .signal(let signal):
            switch signal {
            case .interrupt, .terminate, .stop:
                // A signal asks to leave now: the second stop skips the closing words.
                return ([.stopRequested(at: position), .stopRequested(at: position)], signal)
            case .hangup:
                return (
                    [.interrupted(.hangup, at: position), .stopRequested(at: position), .stopRequested(at: position)],
                    signal
                )
            case .suspend: return ([.interrupted(.suspended, at: position)], nil)
            case .resumeFromSuspend: return ([.continued], nil)
            case .resize: return ([], nil)
            }
        }
    }
}

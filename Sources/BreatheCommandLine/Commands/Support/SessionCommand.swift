/// A command that runs a breathing session: the stopping signals caught before it starts are kept for it.

protocol SessionCommand {}

extension BreatheVoice.Start: SessionCommand {}
extension BreatheVoice.Remind: SessionCommand {}
extension BreatheVoice.Demo: SessionCommand {}

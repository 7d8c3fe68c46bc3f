@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// Records what the loop presented, with the position of each effect.
final class RecordingPresenter: SessionPresenter {
    var effects: [(effect: SessionEffect, position: Int64)] = []

    func present(_ effect: SessionEffect, state: SessionState, position: Int64) {
        effects.append((effect, position))
    }
}

import BreatheCore

/// The session's MPRIS player as one of its presenters: it is handed each effect when it is heard, as the display is.
struct MprisPresenter: SessionPresenter {
    let player: MprisPlayer

    mutating func present(_ effect: SessionEffect, state: SessionState, position: Int64) {
        player.present(effect, position: position)
    }

    mutating func endTransition(state: SessionState, position: Int64) {
        player.endTransition()
    }

    mutating func stopSignalled() {
        player.leaving = true
    }
}

import BreatheCore

/// The session's MPRIS player as one of its presenters: it is handed each effect when it is heard, as the display is.
package struct MprisPresenter: SessionPresenter {
    let player: MprisPlayer

    package init(player: MprisPlayer) {
        self.player = player
    }

    package mutating func present(_ effect: SessionEffect, state: SessionState, position: Int64) {
        player.present(effect, position: position)
    }

    package mutating func endTransition(state: SessionState, position: Int64) {
        player.endTransition()
    }

    package mutating func stopSignalled() {
        player.leaving = true
    }
}

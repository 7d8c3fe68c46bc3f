import BreatheCore

/// The display's keys during a session, as BrlAPI delivers them (commands): each does what a keyboard key does.
///
/// | display key | keyboard | what it does |
/// |---|---|---|
/// | any routing key (above a cell) | space | pause, or resume |
/// | line down (`LNDN`) | `s` | skip to the next phase |
/// | line up (`LNUP`) | `t` | the time left, in the phase and in the session |
/// | top (`TOP`) | `r` | the instruction again |
/// | bottom (`BOT`) | `q` | stop and save |
///
/// Only these are taken from BRLTTY (`accepted`): every other key, the pan keys first, stays
/// BRLTTY's, and does what it does there.
package enum BrailleKeys {
    /// The key codes a session asks BRLTTY for (`brlapi_acceptKeys`, after ignoring all): the commands `LNUP`, `LNDN`,
    /// `TOP` and `BOT` (`brlapi_rangeType_key`, any modifier), and the routing keys' whole block (`ROUTE`,
    /// `brlapi_rangeType_command`), as `BrailleCommand(keyCode:)` reads them.
    static let accepted: (commands: [UInt64], blocks: [UInt64]) = (
        [1, 2, 9, 10].map { 0x2000_0000 | $0 }, [0x2000_0000 | 1 << 16]
    )

    static func input(for command: BrailleCommand) -> SessionInput? {
        switch command {
        case .route: .togglePause
        case .lineDown: .skip
        case .lineUp: .timeLeft
        case .top: .repeatInstruction
        case .bottom: .quit
        case .other: nil
        }
    }

    /// The display's keys as an input of the session loop: one key code at a time from the display's socket. A read
    /// that brought no key but a change of the braille setting (BrlAPI's parameters come on the same socket) is
    /// `displayChanged`, so the line is drawn again at once. A display whose server went away is `displayLost`, once;
    /// from then on the source is read when the display says (`retryDeadline`) or when a try to find it answers, and
    /// the display found again is `displayChanged` (its revision moved on).
    package static func source(_ display: any BrailleDisplay) -> SessionInputs.Source {
        let seen = Seen(display.revision)
        var source = SessionInputs.Source(fileDescriptor: display.keyDescriptor) {
            let key = display.takeKey().flatMap { input(for: BrailleCommand(keyCode: $0)) }
            if key != nil { return key }
            guard display.isConnected else {
                guard !seen.lost else { return nil }
                seen.lost = true
                return .displayLost
            }
            seen.lost = false
            guard display.revision != seen.revision else { return nil }
            seen.revision = display.revision
            return .displayChanged
        }
        source.currentDescriptor = { display.keyDescriptor }
        source.deadline = { display.retryDeadline }
        return source
    }

    /// The display's revision last reported as a change, and whether its loss was reported.
    private final class Seen {
        var revision: Int
        var lost = false
        init(_ revision: Int) { self.revision = revision }
    }
}

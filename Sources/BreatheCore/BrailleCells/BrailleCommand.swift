/// A command from a braille display's keys, as BrlAPI delivers it in tty mode (`brlapi_keyCode_t`, command type): the
/// few a session answers to, and every other one. Only these are asked of BRLTTY (`BrailleKeys.accepted`); every other key,
/// the pan keys first, stays BRLTTY's own.
package enum BrailleCommand: Hashable, Sendable {
    /// Top of the screen (`TOP`).
    case top
    /// Bottom of the screen (`BOT`).
    case bottom
    /// Line up (`LNUP`).
    case lineUp
    /// Line down (`LNDN`).
    case lineDown
    /// A routing key, above cell `cell` (from 0).
    case route(cell: Int)
    /// Anything else: another command, or a key that is not a command.
    case other

    /// BrlAPI's key code layout (brlapi_keycodes.h): the type in bits 31–29, the command block in 28–16, its argument
    /// in 15–0; flags above bit 32 (a modifier held) are left aside.
    package init(keyCode: UInt64) {
        let typeCommand: UInt64 = 0x2000_0000
        guard keyCode & 0xE000_0000 == typeCommand else {
            self = .other
            return
        }
        let block = (keyCode & 0x1FFF_0000) >> 16
        let argument = Int(keyCode & 0xFFFF)
        switch (block, argument) {
        case (0, 1): self = .lineUp
        case (0, 2): self = .lineDown
        case (0, 9): self = .top
        case (0, 10): self = .bottom
        case (1, _): self = .route(cell: argument)
        default: self = .other
        }
    }
}

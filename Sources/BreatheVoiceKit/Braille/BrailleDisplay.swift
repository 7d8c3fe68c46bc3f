import BreatheCore

/// A braille display a session writes on and reads keys from, held for the session. The live one is
/// `LiveBrailleDisplay` (BrlAPI); every call from the session returns at once, whatever the server does.
protocol BrailleDisplay: AnyObject {
    /// The display's width in cells (above zero).
    var width: Int { get }
    /// Shows `text` (exactly `width` characters, for the user's braille table): sent at once, never waited for.
    func show(_ text: String)
    /// Readable when keys are waiting, for the session's poll; -1 when there are none to wait for.
    var keyDescriptor: Int32 { get }
    /// The next key pressed, as BrlAPI's key code; nil when none waits (or the server is gone).
    func takeKey() -> UInt64?
    /// Gives the display back (out of tty mode) and closes the connection, at once, whatever the server does (one that
    /// stopped answering gives the display back itself once it reads the connection's end).
    func release()
}

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
    /// Gives the display back (leaves tty mode) and closes the connection, waiting at most a short deadline; `hurried`
    /// (a stopping signal ended the session) a shorter one still, so that the process ends within half a second
    /// whatever the server does (a server that stops answering gives the display back itself once the process ends).
    func release(hurried: Bool)
}

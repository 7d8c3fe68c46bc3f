import BreatheCore

/// A braille display a session writes on and reads keys from, held for the session. The live one is
/// `LiveBrailleDisplay` (BrlAPI); every call from the session returns at once, whatever the server does.
package protocol BrailleDisplay: AnyObject {
    /// The display's width in cells (above zero).
    var width: Int { get }
    /// Shows `text` (`width` cells, as `cells(in:)` counts them): sent at once, never waited for. In computer braille
    /// the text goes as it is, for the user's braille table; in contracted braille its words are contracted first.
    func show(_ text: String)
    /// How many cells `text` takes as it would be shown: a character a cell in computer braille.
    func cells(in text: String) -> Int
    /// Counts the changes of how text is shown (contracted braille turned on or off, another table): a line drawn
    /// before a change is drawn again.
    var revision: Int { get }
    /// Readable when keys are waiting, for the session's poll; -1 when there are none to wait for. It may change over
    /// the session (the display found again on a new connection).
    var keyDescriptor: Int32 { get }
    /// The next key pressed, as BrlAPI's key code; nil when none waits (or the server is gone). While the display is
    /// lost, the call looks for it again instead (see `retryDeadline`).
    func takeKey() -> UInt64?
    /// False once the server went away, until the display is found again (and once it is given back).
    var isConnected: Bool { get }
    /// While the display is lost: when `takeKey()` must be called though nothing is readable, to look for it again
    /// (monotonic nanoseconds, on the session's clock); nil while it is connected.
    var retryDeadline: UInt64? { get }
    /// Gives the display back (out of tty mode) and closes the connection, at once, whatever the server does (one that
    /// stopped answering gives the display back itself once it reads the connection's end).
    func release()
}

extension BrailleDisplay {
    /// Computer braille, for ever: a display with no braille setting of its own.
    package func cells(in text: String) -> Int { text.count }
    package var revision: Int { 0 }
    /// A display that is never lost.
    package var isConnected: Bool { true }
    package var retryDeadline: UInt64? { nil }
}

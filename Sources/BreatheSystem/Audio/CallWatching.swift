import BreatheCore

/// What a reminder asks of the sound server before it makes a sound (`LiveCallWatch`; tests give their own).
package protocol CallWatching: AnyObject {
    /// The call or recording in progress now, or nil; throws when the server cannot be asked.
    func activity() throws(BreatheError) -> CallActivity?
    /// Sleeps until the server's streams change, `milliseconds` pass, or `descriptor` (if not -1) can be read.
    func waitForChange(milliseconds: Int32, alsoWatching descriptor: Int32) -> CallWaitWake
}

/// Why `CallWatching.waitForChange` returned.
package enum CallWaitWake: Sendable {
    /// The server reported a stream that came, went or changed (or its connection changed).
    case changed
    /// The time given passed with no change.
    case timeout
    /// The watched descriptor can be read (a signal came).
    case descriptor
}

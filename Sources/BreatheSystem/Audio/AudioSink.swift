import BreatheCore

/// Where the mixed session goes: a live sound server or a WAV file.
package protocol AudioSink {
    /// Plays (or stores) the next samples of the timeline. A file takes them at once; a live sink queues them without
    /// blocking (the runner asks `writableSamples()` first). Throws `.unavailable` when the sound server has gone away.
    mutating func write(_ samples: [Int16]) throws(BreatheError)
    /// How many written samples have not been heard yet, as the output reports it (0 for a file).
    mutating func latencySamples() -> Int64
    /// The part of `latencySamples()` that a flush cannot drop: what the device itself holds (a Bluetooth headset,
    /// a network sink), 0 for a file or when the output does not say. No default: a live sink that lost its own would
    /// have the pacer's margin leave the device out unnoticed (a rebase once did).
    mutating func deviceLatencySamples() -> Int64
    /// How many samples the output wants now (a file: any number).
    mutating func writableSamples() -> Int
    /// Throws `.unavailable` if the sound server has gone away since the last call (a file never does).
    mutating func checkConnection() throws(BreatheError)
    /// Drops what is queued and not yet heard (on pause, and before a key's effect is rendered).
    mutating func flush()
    /// Waits until everything written has been heard, then closes.
    mutating func finish() throws(BreatheError)
    /// A signal ended the session: what is queued is dropped, without waiting for the output (a live sink closes).
    mutating func stop()
    /// Tries to reach the output again after it was lost.
    mutating func reconnect() throws(BreatheError)
    /// The output has not answered a request for a while (`SoundServerPatience.lateMilliseconds`), short of being lost.
    var isLate: Bool { get }
    /// What the runner sleeps in, when the sink has its own work to do meanwhile (a live sink's connection, serviced
    /// in the same poll as the keys); nil: a plain poll of the keys.
    var waiter: (any SessionWaiter)? { get }
}

extension AudioSink {
    /// The end of a session: what is queued is played out (dropped first when a signal `stopped` it), then the sink
    /// is closed; nothing to close when the output was lost (`reachable` false).
    package mutating func end(stopped: Bool, reachable: Bool) throws(BreatheError) {
        if stopped { stop() }
        if reachable { try finish() }
    }

    package mutating func stop() { flush() }

    package var isLate: Bool { false }

    package var waiter: (any SessionWaiter)? { nil }
    package mutating func writableSamples() -> Int { Int.max }
    package mutating func checkConnection() throws(BreatheError) {}
}

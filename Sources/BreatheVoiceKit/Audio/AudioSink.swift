import BreatheCore

/// Where the mixed session goes: a live sound server or a WAV file.
public protocol AudioSink {
    /// Plays (or stores) the next samples of the timeline. A live sink blocks while its buffer is full, which is what
    /// paces a live session. Throws `.unavailable` when the sound server has gone away.
    mutating func write(_ samples: [Int16]) throws(BreatheError)
    /// How many written samples have not been heard yet, as the output reports it (0 for a file).
    mutating func latencySamples() -> Int64
    /// Drops what is queued and not yet heard (on pause).
    mutating func flush()
    /// Waits until everything written has been heard, then closes.
    mutating func finish() throws(BreatheError)
    /// Tries to reach the output again after it was lost.
    mutating func reconnect() throws(BreatheError)
    /// True for a file: render as fast as possible; text lines then come out as their blocks are written.
    var isFile: Bool { get }
}

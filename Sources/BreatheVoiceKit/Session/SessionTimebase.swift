/// The clock a session runs on, and the way it waits: until a deadline, or until something from outside arrives.
///
/// The live one reads the monotonic clock and blocks in poll(2); the tests' virtual one jumps straight to each deadline.
package protocol SessionTimebase {
    /// Nanoseconds on a monotonic clock.
    func now() -> UInt64
    /// Blocks until the clock reaches `deadline` (nil: no deadline) or an input arrives.
    /// Returns the input, or nil when the deadline was reached.
    mutating func wait(until deadline: UInt64?) -> SessionInput?
}

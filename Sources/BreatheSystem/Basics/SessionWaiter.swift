#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Waits on the session's input descriptors in place of `poll()`, servicing something else meanwhile: a live sound
/// server's connection, whose own descriptors and timers join the same wait, so one sleep covers keys, signals and audio.
package protocol SessionWaiter: AnyObject {
    /// Like `poll(descriptors, count, timeoutMilliseconds)`, with `revents` filled in: the number of `descriptors` that
    /// are ready (0 when only the waiter's own work woke it, or on a timeout), or -1 on an error other than EINTR.
    func wait(_ descriptors: inout [pollfd], timeoutMilliseconds: Int32) -> Int32
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where a running session's inputs come from (the signal pipe, the keyboard, a braille display, the session bus), and
/// what it sleeps in while it waits for them: poll(2) on their descriptors, or the sound server's own loop (`waiter`),
/// so one sleep covers keys, signals, the bus and audio.
package struct SessionInputs {
    /// Something that can wake a waiting session: a terminal, a signal pipe, a bus connection.
    package struct Source {
        package var fileDescriptor: Int32
        /// Reads what is ready and says what it means, or nil for nothing of interest.
        package var read: () -> SessionInput?
        /// The poll events it waits for (a bus connection with a message still to send waits to write, too).
        var events: () -> Int16 = { Int16(POLLIN) }
        /// When it must be read even if nothing is ready (monotonic nanoseconds; nil for never): a bus connection with
        /// messages already read into its queue, or a call whose reply is overdue.
        package var deadline: () -> UInt64? = { nil }
        /// The descriptor to watch now, for a source whose descriptor changes over the session (a braille display
        /// found again on a new connection); nil: `fileDescriptor`. Such a source never gives one that hung up.
        var currentDescriptor: (() -> Int32)?

        package init(fileDescriptor: Int32, read: @escaping () -> SessionInput?) {
            self.fileDescriptor = fileDescriptor
            self.read = read
        }
    }

    var sources: [Source]
    /// A live sound server's connection, serviced in the same sleep; a wake-up for it alone returns nil early, so the
    /// session can feed the server.
    package var waiter: (any SessionWaiter)?

    package init(sources: [Source] = []) {
        self.sources = sources
    }

    /// The next input, waiting at most `timeoutMilliseconds` (0: not at all; -1: until one comes, or the waiter wakes).
    mutating func next(timeoutMilliseconds: Int32) -> SessionInput? {
        var descriptors = sources.map {
            pollfd(fd: $0.currentDescriptor?() ?? $0.fileDescriptor, events: $0.events(), revents: 0)
        }
        let deadlines = sources.map { $0.deadline() }
        let timeoutMilliseconds = Self.timeout(timeoutMilliseconds, deadlines: deadlines)
        if let waiter {
            _ = waiter.wait(&descriptors, timeoutMilliseconds: timeoutMilliseconds)
            return read(&descriptors, deadlines: deadlines)
        }
        guard !sources.isEmpty else {
            // Nothing can arrive; waiting "until one comes" then means until a signal ends the process.
            if timeoutMilliseconds != 0 { _ = poll(nil, 0, timeoutMilliseconds) }
            return nil
        }
        let ready = SystemCall.retryingOnInterrupt {
            poll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds)
        }
        return ready >= 0 ? read(&descriptors, deadlines: deadlines) : nil
    }

    /// `timeoutMilliseconds`, shortened to the earliest of the sources' deadlines.
    private static func timeout(_ timeoutMilliseconds: Int32, deadlines: [UInt64?]) -> Int32 {
        guard let earliest = deadlines.compactMap({ $0 }).min() else { return timeoutMilliseconds }
        let now = MonotonicClock.now()
        let until = earliest <= now ? 0 : Int32(min((earliest - now + 999_999) / 1_000_000, UInt64(Int32.max)))
        return timeoutMilliseconds < 0 ? until : min(timeoutMilliseconds, until)
    }

    /// The input of the first ready (or due) source that has one. A closed terminal stays "ready" for ever: it is no
    /// longer watched, rather than spun on.
    private mutating func read(_ descriptors: inout [pollfd], deadlines: [UInt64?]) -> SessionInput? {
        let now = deadlines.contains { $0 != nil } ? MonotonicClock.now() : 0
        for index in descriptors.indices
        where descriptors[index].revents != 0 || deadlines[index].map({ $0 <= now }) == true {
            if let input = sources[index].read() { return input }
            if descriptors[index].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0,
                sources[index].currentDescriptor == nil
            {
                sources[index].fileDescriptor = -1
            }
        }
        return nil
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where a running session's inputs come from (the signal pipe, the keyboard), and what it sleeps in while it waits for
/// them: poll(2) on their descriptors, or the sound server's own loop (`waiter`), so one sleep covers keys, signals
/// and audio.
package struct SessionInputs {
    /// Something that can wake a waiting session: a terminal, a signal pipe.
    struct Source {
        var fileDescriptor: Int32
        /// Reads what is ready and says what it means, or nil for nothing of interest.
        var read: () -> SessionInput?

        init(fileDescriptor: Int32, read: @escaping () -> SessionInput?) {
            self.fileDescriptor = fileDescriptor
            self.read = read
        }
    }

    var sources: [Source]
    /// A live sound server's connection, serviced in the same sleep; a wake-up for it alone returns nil early, so the
    /// session can feed the server.
    var waiter: (any SessionWaiter)?

    init(sources: [Source] = []) {
        self.sources = sources
    }

    /// The next input, waiting at most `timeoutMilliseconds` (0: not at all; -1: until one comes, or the waiter wakes).
    mutating func next(timeoutMilliseconds: Int32) -> SessionInput? {
        var descriptors = sources.map { pollfd(fd: $0.fileDescriptor, events: Int16(POLLIN), revents: 0) }
        if let waiter {
            _ = waiter.wait(&descriptors, timeoutMilliseconds: timeoutMilliseconds)
            return read(&descriptors)
        }
        guard !sources.isEmpty else {
            // Nothing can arrive; waiting "until one comes" then means until a signal ends the process.
            if timeoutMilliseconds != 0 { _ = poll(nil, 0, timeoutMilliseconds) }
            return nil
        }
        let ready = SystemCall.retryingOnInterrupt {
            poll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds)
        }
        return ready > 0 ? read(&descriptors) : nil
    }

    /// The input of the first ready source that has one. A closed terminal stays "ready" for ever: it is no longer
    /// watched, rather than spun on.
    private mutating func read(_ descriptors: inout [pollfd]) -> SessionInput? {
        for index in descriptors.indices where descriptors[index].revents != 0 {
            if let input = sources[index].read() { return input }
            if descriptors[index].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                sources[index].fileDescriptor = -1
            }
        }
        return nil
    }
}

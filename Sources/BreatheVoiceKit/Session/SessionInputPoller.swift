#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Checks the session's input sources (keys, signals), without waiting or waiting up to a timeout. The sources are the
/// same `MonotonicTimebase.Source` values the text runner uses.
///
/// With a `waiter` (a live sound server's connection), the wait goes through it: the server's socket and timers are
/// serviced in the same sleep, and a wake-up for them alone returns nil early, so the caller can feed the server.
package struct SessionInputPoller {
    package var sources: [MonotonicTimebase.Source]
    package var waiter: (any SessionWaiter)?

    package init(sources: [MonotonicTimebase.Source] = []) {
        self.sources = sources
    }

    /// The next input, waiting at most `timeoutMilliseconds` (0: not at all; -1: until one comes).
    package func next(timeoutMilliseconds: Int32) -> SessionInput? {
        var descriptors = sources.map { pollfd(fd: $0.fileDescriptor, events: Int16(POLLIN), revents: 0) }
        if let waiter {
            _ = waiter.wait(&descriptors, timeoutMilliseconds: timeoutMilliseconds)
            // One wait only, even "until one comes": the server may have woken it, and wants its data.
            for index in descriptors.indices where descriptors[index].revents != 0 {
                if let input = sources[index].read() { return input }
            }
            return nil
        }
        guard !sources.isEmpty else {
            // Nothing can arrive; waiting "until one comes" then means until a signal ends the process.
            if timeoutMilliseconds != 0 { _ = poll(nil, 0, timeoutMilliseconds) }
            return nil
        }
        while true {
            let ready = SystemCall.retryingOnInterrupt {
                poll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds)
            }
            guard ready > 0 else { return nil }
            for index in descriptors.indices where descriptors[index].revents != 0 {
                if let input = sources[index].read() { return input }
            }
            if timeoutMilliseconds >= 0 { return nil }
            for index in descriptors.indices { descriptors[index].revents = 0 }
        }
    }
}

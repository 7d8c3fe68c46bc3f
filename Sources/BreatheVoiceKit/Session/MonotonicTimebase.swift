#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The live session clock: CLOCK_MONOTONIC, with waits done by poll(2) on the input sources' file descriptors.
///
/// Deadlines are absolute, so oversleeping one wait never delays the next: no error accumulates over a session.
package struct MonotonicTimebase: SessionTimebase {
    /// Something that can wake a waiting session: a terminal, a signal pipe.
    package struct Source {
        package var fileDescriptor: Int32
        /// Reads what is ready and says what it means, or nil for nothing of interest.
        package var read: () -> SessionInput?

        package init(fileDescriptor: Int32, read: @escaping () -> SessionInput?) {
            self.fileDescriptor = fileDescriptor
            self.read = read
        }
    }

    package var sources: [Source]

    package init(sources: [Source] = []) {
        self.sources = sources
    }

    package func now() -> UInt64 {
        MonotonicTimebase.nanoseconds()
    }

    package static func nanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    package mutating func wait(until deadline: UInt64?) -> SessionInput? {
        var descriptors = sources.map { pollfd(fd: $0.fileDescriptor, events: Int16(POLLIN), revents: 0) }
        while true {
            let timeout: Int32
            if let deadline {
                let current = now()
                if current >= deadline { return nil }
                // Round up so that we never wake a little early and spin.
                timeout = Int32(min((deadline - current + 999_999) / 1_000_000, UInt64(Int32.max)))
            } else {
                timeout = -1
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 {
                // Not SystemCall.retryingOnInterrupt: after EINTR the timeout is worked out again from the deadline.
                if errno == EINTR { continue }
                return nil
            }
            for index in descriptors.indices where descriptors[index].revents != 0 {
                let events = descriptors[index].revents
                descriptors[index].revents = 0
                if let input = sources[index].read() { return input }
                if events & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                    // A closed terminal stays "ready" for ever: stop watching it rather than spin.
                    descriptors[index].fd = -1
                    sources[index].fileDescriptor = -1
                }
            }
        }
    }
}

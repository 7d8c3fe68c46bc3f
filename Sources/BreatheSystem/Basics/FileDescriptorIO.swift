#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Whole reads and writes on a file descriptor, in the style of swift-system's `FileDescriptor.writeAll`: the one
/// loop every file, pipe and terminal write and every read-to-the-end of this module goes through.
///
/// A call cut short by a signal (EINTR) is made again; a short write goes on from where it stopped; on a descriptor
/// that does not block (EAGAIN), poll(2) waits until it is ready again. Any other failure ends the loop at once with
/// `errno` saying why. Async-signal-safe: read(2), pread(2), write(2) and poll(2) only, no allocation.
package enum FileDescriptorIO {
    /// Writes every byte of `bytes`. True when all were written; false at the first failure, with `errno` saying why
    /// (what came before it may have been written).
    @discardableResult
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written >= 0 {
                offset += written
            } else if !canRetry(descriptor, events: Int16(POLLOUT)) {
                return false
            }
        }
        return true
    }

    /// Writes every byte of `bytes` (see `writeAll(_:_:)` over a buffer).
    @discardableResult
    package static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { writeAll(descriptor, $0) }
    }

    /// Reads into `buffer` until it is full or the file ends; from `offset` with pread(2) when one is given (the
    /// descriptor's own position does not move), else from the current position. The number of bytes read (fewer than
    /// `buffer.count` only when the file ended first), or -1 with `errno` saying why.
    static func readAll(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int? = nil) -> Int {
        var filled = 0
        while filled < buffer.count {
            let target = buffer.baseAddress! + filled
            let count =
                if let offset {
                    pread(descriptor, target, buffer.count - filled, off_t(offset + filled))
                } else {
                    read(descriptor, target, buffer.count - filled)
                }
            if count > 0 {
                filled += count
            } else if count == 0 {
                break
            } else if !canRetry(descriptor, events: Int16(POLLIN)) {
                return -1
            }
        }
        return filled
    }

    /// After a failed call: true when it may simply be made again (EINTR, or EAGAIN once poll(2) says the descriptor
    /// is ready for `events`); false, with `errno` saying why, for any other failure.
    private static func canRetry(_ descriptor: Int32, events: Int16) -> Bool {
        switch errno {
        case EINTR:
            return true
        case EAGAIN: // EWOULDBLOCK on Linux
            var ready = pollfd(fd: descriptor, events: events, revents: 0)
            // POLLERR or POLLHUP also end the wait: the next call then says what went wrong.
            return SystemCall.retryingOnInterrupt { poll(&ready, 1, -1) } >= 0
        default:
            return false
        }
    }
}

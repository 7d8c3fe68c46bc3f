#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Plain system calls, in the style of swift-system's `valueOrErrno(retryOnInterrupt:)`.
///
/// A call that fails with EINTR was cut short by a signal handler before it did anything, and is made again. The few
/// places that must not simply repeat a call after EINTR (a wait whose timeout is recomputed from a deadline) say so.
package enum SystemCall {
    /// Makes `call` until it returns anything but -1 with `errno` EINTR, and returns that. On any other failure it
    /// returns -1 at once, with `errno` still saying why (EAGAIN included: the caller decides what to wait for).
    package static func retryingOnInterrupt<Value: FixedWidthInteger & SignedInteger>(_ call: () -> Value) -> Value {
        while true {
            let result = call()
            if result != -1 || errno != EINTR { return result }
        }
    }

    /// open(2), for a type with an `open` of its own, where the bare name finds the type's (and `Glibc.open` does not
    /// build against Musl).
    package static func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        libcOpen(path, flags, mode)
    }

    /// read(2), for a type with a `read` of its own.
    package static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        libcRead(descriptor, buffer, count)
    }

    /// poll(2), for a type with a `poll` of its own.
    static func poll(_ descriptors: UnsafeMutablePointer<pollfd>?, _ count: nfds_t, _ timeout: Int32) -> Int32 {
        libcPoll(descriptors, count, timeout)
    }

    /// write(2), for a type with a `write` of its own.
    package static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        libcWrite(descriptor, buffer, count)
    }
}

// At file scope the bare names find the C library's functions, not `SystemCall`'s.
private func libcOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}

private func libcRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func libcWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

private func libcPoll(_ descriptors: UnsafeMutablePointer<pollfd>?, _ count: nfds_t, _ timeout: Int32) -> Int32 {
    poll(descriptors, count, timeout)
}

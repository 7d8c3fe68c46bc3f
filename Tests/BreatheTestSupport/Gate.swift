#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A call that blocks until released, as a library call stuck in a silent server's socket (or a stuck synthesis)
/// would: `block()` reads a pipe that `release()` writes to. Its read end can also stand in for a signal pipe.
final class Gate: @unchecked Sendable {
    let ends: (read: Int32, write: Int32)

    init() {
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        ends = (fds[0], fds[1])
    }

    func block() {
        var byte: UInt8 = 0
        _ = read(ends.read, &byte, 1)
    }

    func release() {
        var byte: UInt8 = 1
        _ = write(ends.write, &byte, 1)
    }

    deinit {
        close(ends.read)
        close(ends.write)
    }
}

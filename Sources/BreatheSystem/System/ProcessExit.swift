#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The end of the process.
package enum ProcessExit {
    /// Ends the process at once with `status`: _exit(2), which skips the atexit hooks and every loaded library's
    /// destructors (restore the terminal first: `Terminal.restoreBeforeExit()`).
    package static func now(_ status: Int32) -> Never {
        _exit(status)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Who this process runs as.
package enum ProcessIdentity {
    /// The real user id (getuid(2)), which a crontab line or a systemd unit names to find the user's sound server.
    package static var userID: UInt32 { getuid() }
}

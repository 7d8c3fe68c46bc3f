#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The process's current directory.
package enum WorkingDirectory {
    /// Its absolute path (getcwd(3)), or nil when it cannot be read (removed, or not reachable).
    package static var current: String? {
        guard let directory = getcwd(nil, 0) else { return nil }
        defer { free(directory) }
        return String(cString: directory)
    }
}

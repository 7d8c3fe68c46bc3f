#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The PulseAudio cookie libpulse reads as it connects.
package enum PulseCookie {
    /// Whether libpulse will only read the cookie, not write it: the file it reads first is there whole (256 bytes):
    /// `PULSE_COOKIE`'s when that is set, else `$XDG_CONFIG_HOME/pulse/cookie` or `~/.pulse-cookie`, as
    /// `pa_client_conf_load_cookie` reads them. Otherwise libpulse creates or completes one.
    package static func isWhole(environment: [String: String]) -> Bool {
        let paths: [String]
        if let named = environment["PULSE_COOKIE"], !named.isEmpty {
            paths = [named]
        } else {
            let folders = XDGDirectories(environment: environment)
            paths = [folders.configHome + "/pulse/cookie", folders.home + "/.pulse-cookie"]
        }
        return paths.contains { path in
            var status = stat()
            return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && status.st_size >= length
        }
    }

    /// A cookie's length in bytes (`PA_NATIVE_COOKIE_LENGTH`).
    package static let length = 256
}

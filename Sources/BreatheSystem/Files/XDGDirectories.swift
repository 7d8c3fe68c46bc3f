#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where the program keeps its files, by the XDG Base Directory rules.
///
/// A variable that is unset, empty or not an absolute path falls back to the spec's default under the home directory.
/// The home is `HOME`, else the password database's entry for the user.
package struct XDGDirectories: Hashable, Sendable {
    package var home: String
    package var configHome: String
    package var stateHome: String
    var cacheHome: String

    package init(environment: [String: String] = ProcessEnvironment.current) {
        let home = XDGDirectories.home(environment)
        func pick(_ variable: String, _ fallback: String) -> String {
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return home + "/" + fallback
        }
        self.home = home
        configHome = pick("XDG_CONFIG_HOME", ".config")
        stateHome = pick("XDG_STATE_HOME", ".local/state")
        cacheHome = pick("XDG_CACHE_HOME", ".cache")
    }

    static func home(_ environment: [String: String]) -> String {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir {
            let path = String(cString: directory)
            if !path.isEmpty { return path }
        }
        return "/"
    }

    /// `$XDG_CONFIG_HOME/breathe-voice`.
    var configDirectory: String { configHome + "/breathe-voice" }
    /// `$XDG_STATE_HOME/breathe-voice`.
    package var stateDirectory: String { stateHome + "/breathe-voice" }

    var preferencesFile: String { configDirectory + "/preferences.json" }
    var historyFile: String { stateDirectory + "/history.jsonl" }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Removes temporary files of ours that a killed run left behind (`FileSystem.temporaryPath`: `.NAME.tmp-PID-RANDOM`,
/// from `writeAtomically`: the preferences, `prefs edit`'s copy, and an export or a WAV render made into our folders;
/// the phrase cache's `.tmp-PID-RANDOM`).
///
/// Only in our own folders (config, state, cache), only when the folder passes `SecureDirectory`'s check, only regular
/// files (never through a link) that we own and that are over an hour old: a run under way renames or removes its
/// own temporary file within seconds, so an hour-old one belongs to nobody. Failures are ignored.
package enum StaleTemporaries {
    /// How old a temporary file must be to be removed, in seconds.
    static let age: Int = 3600

    /// Sweeps the config, state and cache folders, and the phrase cache's (`PhraseCache`: `.tmp-PID-RANDOM`).
    package static func sweep(_ directories: XDGDirectories = XDGDirectories(), clock: WallClock = .live) {
        let now = clock.epochSeconds()
        let cache = directories.cacheHome + "/breathe-voice"
        for folder in [directories.configDirectory, directories.stateDirectory, cache, cache + "/phrases"] {
            sweep(folder: folder, now: now)
        }
    }

    /// True for a name our temporary files have.
    static func isTemporaryName(_ name: String) -> Bool {
        name.hasPrefix(".") && name.containsText(".tmp-")
    }

    package static func sweep(folder: String, now: Int) {
        var status = stat()
        guard lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR,
            SecureDirectory.problem(owner: status.st_uid, mode: status.st_mode, path: folder) == nil,
            let stream = opendir(folder)
        else { return }
        defer { closedir(stream) }
        let descriptor = dirfd(stream)
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard isTemporaryName(name) else { continue }
            var file = stat()
            guard fstatat(descriptor, name, &file, AT_SYMLINK_NOFOLLOW) == 0, file.st_mode & S_IFMT == S_IFREG,
                file.st_uid == geteuid(), Int(now) - Int(file.st_mtim.tv_sec) > age
            else { continue }
            unlinkat(descriptor, name, 0)
        }
    }
}

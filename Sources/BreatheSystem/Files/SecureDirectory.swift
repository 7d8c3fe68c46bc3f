import BreatheCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The program's own folders (config, state, cache, runtime): created private (0700), and refused when another user
/// owns them or others may write in them, since anyone who can write there could plant links or swap our files.
package enum SecureDirectory {
    /// Creates `path` and its missing parents (new folders 0700), then checks `path` itself.
    static func ensure(_ path: String) throws(BreatheError) {
        var built = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            built += "/" + component
            if mkdir(built, 0o700) != 0 && errno != EEXIST { throw FileSystem.cannotCreate(built) }
        }
        try check(path, mustExist: true)
    }

    /// Checks a folder that may not exist yet: a missing one is fine (it will be created private).
    package static func check(_ path: String) throws(BreatheError) {
        try check(path, mustExist: false)
    }

    private static func check(_ path: String, mustExist: Bool) throws(BreatheError) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT && !mustExist { return }
            throw FileSystem.cannotCreate(path)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw FileSystem.cannotCreate(path, ENOTDIR) }
        if let problem = problem(owner: status.st_uid, mode: status.st_mode, path: path) {
            throw .cannotCreate(problem)
        }
    }

    /// Why the existing folder `path` cannot be trusted (another user owns it, or others may write in it), or nil: it is
    /// ours and private, or it does not exist yet (it will be created private), or it is no folder at all (which its
    /// use reports).
    package static func trustProblem(_ path: String) -> Message? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        return problem(owner: status.st_uid, mode: status.st_mode, path: path)
    }

    /// The refusal for a folder with this owner and mode, or nil when it is safe to use.
    static func problem(owner: uid_t, mode: mode_t, path: String) -> Message? {
        if owner != geteuid() { return Message(.errorFolderNotOwned, ["path": .text(path)]) }
        if mode & 0o022 != 0 { return Message(.errorFolderWritable, ["path": .text(path)]) }
        return nil
    }
}

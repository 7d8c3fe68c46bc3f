import BreatheCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The user's text editor: `$VISUAL`, else `$EDITOR`, else `vi`, run through `/bin/sh` so that it may carry options.
public struct Editor {
    public let command: String

    public init(environment: [String: String] = ProcessEnvironment.current) {
        command = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
    }

    /// Opens `path` and waits for the editor to exit; throws when it cannot start or fails.
    public func edit(_ path: String) throws(BreatheError) {
        let arguments = ["/bin/sh", "-c", command + " \"$1\"", "sh", path]
        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/sh", nil, nil, &cArguments, environ)
        guard result == 0 else { throw failure(String(cString: strerror(result))) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { throw failure(String(cString: strerror(errno))) }
        }
        // WIFEXITED and WEXITSTATUS, written out: the C macros are not imported.
        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        guard exited, code == 0 else { throw failure("exit status \(exited ? code : 128 + (status & 0x7F))") }
    }

    func failure(_ reason: String) -> BreatheError {
        .unavailable(Message(.errorEditor, ["editor": .userValue(command), "reason": .systemText(reason)]))
    }
}

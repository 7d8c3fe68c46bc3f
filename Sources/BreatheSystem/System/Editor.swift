import BreatheCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The user's text editor: `$VISUAL`, else `$EDITOR`, else `vi`, run through `/bin/sh` so that it may carry options.
package struct Editor {
    let command: String
    private let searchPath: String

    package init(environment: [String: String] = ProcessEnvironment.current) {
        command = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        searchPath = environment["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/bin:/bin"
    }

    /// Opens `path` and waits for the editor to exit; throws when it cannot start or fails.
    package func edit(_ path: String) throws(BreatheError) {
        // A program that is not there is said once, in our words, rather than by the shell and then by us.
        if let program = program, ChildProcess.find(program, path: searchPath) == nil {
            throw failure(String(cString: strerror(ENOENT)))
        }
        // The editor must not inherit an ignored SIGPIPE or SIGXFSZ (OutputHealth ignores them; ignored signals survive
        // exec): their default actions while it runs, then the handlers we had.
        let previousPipeHandler = signal(SIGPIPE, SIG_DFL)
        let previousFileSizeHandler = signal(SIGXFSZ, SIG_DFL)
        defer {
            signal(SIGPIPE, previousPipeHandler)
            signal(SIGXFSZ, previousFileSizeHandler)
        }
        let arguments = ["/bin/sh", "-c", command + " \"$1\"", "sh", path]
        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/sh", nil, nil, &cArguments, environ)
        guard result == 0 else { throw failure(String(cString: strerror(result))) }
        var status: Int32 = 0
        if SystemCall.retryingOnInterrupt({ waitpid(pid, &status, 0) }) < 0 {
            throw failure(String(cString: strerror(errno)))
        }
        // WIFEXITED and WEXITSTATUS, written out: the C macros are not imported.
        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        guard exited, code == 0 else { throw failure("exit status \(exited ? code : 128 + (status & 0x7F))") }
    }

    /// The program the command starts, when its first word is a plain name or path (not shell syntax, not a
    /// `NAME=value` setting): the only case worth checking before the shell runs it.
    var program: String? {
        let first = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
        let plain =
            !first.isEmpty
            && first.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_./+-".unicodeScalars.contains($0))
            }
        // Shell words that run what follows them are left to the shell.
        return plain && !["exec", "command", "builtin", "eval"].contains(first) ? first : nil
    }

    func failure(_ reason: String) -> BreatheError {
        .unavailable(Message(.errorEditor, ["editor": .userValue(command), "reason": .systemText(reason)]))
    }
}

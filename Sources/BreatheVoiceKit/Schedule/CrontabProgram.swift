import BreatheCore
import BreatheSystem

/// The user's crontab, read and replaced through a `crontab` program.
///
/// The live one runs `crontab -l` and `crontab -`: the program named by `BREATHE_VOICE_CRONTAB` if set (tests point
/// it at a script), else `crontab` from PATH.
package struct CrontabProgram: Sendable {
    /// The crontab's bytes; a user with no crontab has an empty one.
    var read: @Sendable () throws(BreatheError) -> [UInt8]
    /// Replaces the crontab with these bytes.
    var install: @Sendable ([UInt8]) throws(BreatheError) -> Void

    package init(
        read: @escaping @Sendable () throws(BreatheError) -> [UInt8],
        install: @escaping @Sendable ([UInt8]) throws(BreatheError) -> Void
    ) {
        self.read = read
        self.install = install
    }

    /// The variable that names another crontab program.
    static let overrideVariable = "BREATHE_VOICE_CRONTAB"

    /// The real crontab program, found in the environment's PATH (or /usr/bin:/bin, as under cron).
    package static func live(environment: [String: String]) -> CrontabProgram {
        let name = environment[overrideVariable].flatMap { $0.isEmpty ? nil : $0 } ?? "crontab"
        let path = environment["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/bin:/bin"
        @Sendable func program() throws(BreatheError) -> String {
            guard let found = ChildProcess.find(name, path: path) else {
                throw .unavailable(Message(.errorCrontabMissing, ["program": .text(name)]))
            }
            return found
        }
        return CrontabProgram(
            read: { () throws(BreatheError) -> [UInt8] in
                let program = try program()
                let result = try run(program, ["-l"], input: [])
                if result.status == 0 { return result.standardOutput }
                // crontab -l exits 1 with "no crontab for NAME" when the user has none: that is an empty crontab.
                if String(decoding: result.standardError, as: UTF8.self).lowercased().containsText("no crontab for") {
                    return []
                }
                throw failure(program, "-l", result)
            },
            install: { (bytes: [UInt8]) throws(BreatheError) in
                let program = try program()
                let result = try run(program, ["-"], input: bytes)
                guard result.status == 0 else { throw failure(program, "-", result) }
            }
        )
    }

    private static func run(_ program: String, _ arguments: [String], input: [UInt8]) throws(BreatheError)
        -> ChildProcess.Result
    {
        do {
            return try ChildProcess.run(program, arguments, input: input)
        } catch {
            switch error {
            case .cannotStart(let code):
                throw .unavailable(
                    Message(
                        .errorCrontabFailed,
                        [
                            "program": .text(program), "arguments": .text(arguments.joined(separator: " ")),
                            "detail": .systemText(SystemError.describe(code)),
                        ]))
            case .timedOut(let milliseconds):
                throw .unavailable(
                    Message(
                        .errorCrontabFailed,
                        [
                            "program": .text(program), "arguments": .text(arguments.joined(separator: " ")),
                            "detail": .message(
                                Message(.processNoAnswer, ["seconds": .integer(Int(milliseconds / 1000))])),
                        ]))
            }
        }
    }

    private static func failure(_ program: String, _ arguments: String, _ result: ChildProcess.Result) -> BreatheError {
        let said = String(decoding: result.standardError, as: UTF8.self)
            .split(whereSeparator: \.isNewline).first.map(String.init)
        return .io(
            Message(
                .errorCrontabFailed,
                [
                    "program": .text(program), "arguments": .text(arguments),
                    "detail": said.map { .text($0) }
                        ?? .message(Message(.errorProcessExitStatus, ["code": .integer(Int(result.status))])),
                ]))
    }
}

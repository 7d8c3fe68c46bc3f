import BreatheCore
import BreatheSystem

/// A failure whose message (if any) is already in the user's language: printed as is, then the process exits with `code`.
struct CommandFailure: Error {
    var line: String?
    var code: Int32

    init(_ error: BreatheError, localizer: Localizer) {
        line = localizer.string(Message(.errorPrefix, ["message": .message(error.message)]))
        code = error.exitCode
    }

    init(code: Int32) {
        line = nil
        self.code = code
    }

    /// The one place a `BreatheError` becomes a command's failure: runs `body`, and reports what it throws in
    /// `localizer`'s language.
    static func catching<Result>(
        _ localizer: Localizer, _ body: () throws(BreatheError) -> Result
    ) throws(CommandFailure) -> Result {
        do {
            return try body()
        } catch {
            throw CommandFailure(error, localizer: localizer)
        }
    }

    /// Ends the command with `status` unless it is success.
    static func exit(_ status: Int32) throws(CommandFailure) {
        guard status != ExitStatus.success else { return }
        throw CommandFailure(code: status)
    }
}

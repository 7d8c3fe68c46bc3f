import BreatheCore

/// Every failure the program reports, with its exit code (see the table in docs/user-guide.md and `--help`).
package enum BreatheError: Error, Sendable {
    /// Bad command-line input (64).
    case usage(Message)
    /// Bad data, such as an unreadable history line in strict mode (65).
    case badData(Message)
    /// Sound or speech is unavailable where it was required (69).
    case unavailable(Message)
    /// An output file or directory cannot be created (73).
    case cannotCreate(Message)
    /// Reading or writing failed (74).
    case io(Message)
    /// Another session holds the lock (75).
    case busy(Message)
    /// The preferences file is unusable (78).
    case badPreferences(Message)

    package var message: Message {
        switch self {
        case .usage(let message), .badData(let message), .unavailable(let message), .cannotCreate(let message),
            .io(let message), .busy(let message), .badPreferences(let message):
            message
        }
    }

    package var exitCode: Int32 {
        switch self {
        case .usage: ExitStatus.usage
        case .badData: ExitStatus.badData
        case .unavailable: ExitStatus.unavailable
        case .cannotCreate: ExitStatus.cannotCreate
        case .io: ExitStatus.io
        case .busy: ExitStatus.busy
        case .badPreferences: ExitStatus.badPreferences
        }
    }
}

/// The exit codes, from sysexits(3) and the shell's signal convention. `ExitCodeTable` says what each means.
package enum ExitStatus {
    package static let success: Int32 = 0
    static let doctorProblem: Int32 = 1
    package static let usage: Int32 = 64
    package static let badData: Int32 = 65
    package static let unavailable: Int32 = 69
    package static let cannotCreate: Int32 = 73
    package static let io: Int32 = 74
    package static let busy: Int32 = 75
    package static let badPreferences: Int32 = 78
    package static let interrupted: Int32 = 130
    package static let quit: Int32 = 131
    static let userSignal1: Int32 = 138
    static let userSignal2: Int32 = 140
    package static let terminated: Int32 = 143
}

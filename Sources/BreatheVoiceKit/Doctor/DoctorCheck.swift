import BreatheCore

/// One thing `doctor` looks at, giving one finding per line it will print.
public struct DoctorCheck: Sendable {
    /// A short name, for tests and for ordering.
    public var name: String
    public var run: @Sendable () -> [DoctorFinding]

    public init(name: String, run: @escaping @Sendable () -> [DoctorFinding]) {
        self.name = name
        self.run = run
    }
}

/// What a check found: all is well, or a problem and how to fix it.
public enum DoctorFinding: Hashable, Sendable {
    case ok(Message)
    case problem(Message, fix: Message)

    public var isProblem: Bool {
        if case .problem = self { true } else { false }
    }

    /// "ok: …" or "problem: … — fix: …", in the user's language.
    public func line(_ localizer: Localizer) -> String {
        switch self {
        case .ok(let check): localizer.string(Message(.doctorOk, ["check": .message(check)]))
        case .problem(let check, let fix): localizer.string(Message(.doctorProblem, ["check": .message(check), "fix": .message(fix)]))
        }
    }
}

import BreatheCore
import BreatheSystem

/// One thing `doctor` looks at, giving one finding per line it will print.
package struct DoctorCheck: Sendable {
    /// A short name, for tests and for ordering.
    package var name: String
    package var run: @Sendable () -> [DoctorFinding]

    package init(name: String, run: @escaping @Sendable () -> [DoctorFinding]) {
        self.name = name
        self.run = run
    }
}

/// What a check found: all is well, a problem and how to fix it, or something past worth knowing (not a problem).
package enum DoctorFinding: Hashable, Sendable {
    case ok(Message)
    case problem(Message, fix: Message)
    case note(Message)

    package var isProblem: Bool {
        if case .problem = self { true } else { false }
    }

    /// "ok: …", "problem: … — fix: …" or "note: …", in the user's language.
    package func line(_ localizer: Localizer) -> String {
        switch self {
        case .ok(let check): localizer.string(Message(.doctorOk, ["check": .message(check)]))
        case .note(let check): localizer.string(Message(.doctorNote, ["check": .message(check)]))
        case .problem(let check, let fix):
            localizer.string(Message(.doctorProblem, ["check": .message(check), "fix": .message(fix)]))
        }
    }
}

/// `doctor --json`: one document, version 1, one entry per finding, in the order the lines would be printed.
package enum DoctorReport {
    package static func json(_ findings: [(check: String, finding: DoctorFinding)], localizer: Localizer) -> String {
        let entries = findings.map { check, finding in
            let (status, message, fix): (String, Message, Message?) =
                switch finding {
                case .ok(let message): ("ok", message, nil)
                case .note(let message): ("note", message, nil)
                case .problem(let message, let fix): ("problem", message, fix)
                }
            return JSONNode(
                .object([
                    ("check", JSONNode(.string(check))),
                    ("status", JSONNode(.string(status))),
                    ("message", JSONNode(.string(localizer.string(message)))),
                    ("fix", JSONNode(fix.map { .string(localizer.string($0)) } ?? .null)),
                ]))
        }
        return JSONWriter.pretty(
            .object([
                ("version", JSONNode(.number("1"))),
                ("ok", JSONNode(.bool(!findings.contains { $0.finding.isProblem }))),
                ("checks", JSONNode(.array(entries))),
            ]))
    }
}

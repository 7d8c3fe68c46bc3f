/// How long a session should be: a number of cycles, or at least so many minutes of whole cycles.
package enum SessionLength: Hashable, Sendable {
    case cycles(Int)
    /// Minutes in hundredths (`5.25` minutes is 525).
    case minutes(hundredths: Int)

    /// Five minutes, the length when none is asked for.
    static let `default` = SessionLength.minutes(hundredths: 500)

    /// The longest session the planner accepts, in tenths of a second (24 hours).
    static let longestTenths = 864_000

    /// Reads `--minutes` and `--cycles`; at most one may be given.
    static func parse(minutes: String?, cycles: String?) -> Result<SessionLength?, InputError> {
        switch (minutes, cycles) {
        case (nil, nil): .success(nil)
        case (.some, .some): .failure(InputError(Message(.errorLengthBoth)))
        case (let minutes?, nil): NumberField.minutes.parse(minutes).map { .minutes(hundredths: $0) }
        case (nil, let cycles?): NumberField.cycles.parse(cycles).map { .cycles($0) }
        }
    }
}

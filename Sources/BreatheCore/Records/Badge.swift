/// An award computed from the history (seed 003's list). Each is earned once and kept.
package enum Badge: String, CaseIterable, Hashable, Sendable {
    case firstSession
    case streak3
    case streak7
    case streak30
    case sessions100
    case sessions500
    /// Ten hours of breathing in total.
    case zenMaster
    /// A saved pattern, or timings typed on the command line, was used.
    case customPattern
    /// Mood improved (after above before) in ten sessions.
    case moodImproved10
    /// Five different days in one calendar week (Monday to Sunday).
    case fiveDaysInAWeek

    /// The badge's name, as printed and spoken.
    package var title: Message {
        switch self {
        case .firstSession: Message(.badgeFirstSession)
        case .streak3: Message(.badgeStreak, ["n": .integer(3)])
        case .streak7: Message(.badgeStreak, ["n": .integer(7)])
        case .streak30: Message(.badgeStreak, ["n": .integer(30)])
        case .sessions100: Message(.badgeSessions, ["n": .integer(100)])
        case .sessions500: Message(.badgeSessions, ["n": .integer(500)])
        case .zenMaster: Message(.badgeZenMaster)
        case .customPattern: Message(.badgeCustomPattern)
        case .moodImproved10: Message(.badgeMoodImproved)
        case .fiveDaysInAWeek: Message(.badgeFiveDays)
        }
    }

    /// The sentence announcing a badge just earned, at the end of the session that earned it.
    package var announcement: Message { Message(.badgeEarned, ["badge": .message(title)]) }
}

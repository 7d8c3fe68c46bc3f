/// The `screenReader` preference (`--screen-reader`, `--no-screen-reader`, `--screen-reader-way`): whether the session
/// shares the listener with a screen reader, and how each instruction then reaches them through one voice only.
package enum ScreenReaderSetting: String, CaseIterable, Sendable, Hashable {
    /// Screen-reader mode when a screen reader is found running (the default).
    case auto
    /// Screen-reader mode, the default way.
    case on
    /// Never screen-reader mode, even when one is found.
    case off
    /// Screen-reader mode: the screen reader reads a short printed line after each tone; the program says nothing.
    case read
    /// Screen-reader mode: the program speaks through speech-dispatcher and prints no phase line.
    case speak

    /// The way chosen, given whether a screen reader was found; nil: not screen-reader mode.
    package func way(found: Bool) -> ScreenReaderWay? {
        switch self {
        case .auto: found ? .default : nil
        case .on: .default
        case .off: nil
        case .read: .read
        case .speak: .speak
        }
    }

    /// Reads a typed value; on/off take the usual spellings.
    init?(typed text: String) {
        switch text.lowercased() {
        case "on", "true", "yes", "1": self = .on
        case "off", "false", "no", "0": self = .off
        default:
            guard let setting = ScreenReaderSetting(rawValue: text.lowercased()) else { return nil }
            self = setting
        }
    }
}

/// How each instruction reaches a screen-reader user through exactly one voice, at its boundary.
package enum ScreenReaderWay: String, CaseIterable, Sendable, Hashable {
    /// The program says nothing itself: a short line ("Breathe in, 4.") is printed as the tone ends, and the screen
    /// reader says it then, never under the tone.
    case read
    /// The program says each instruction through speech-dispatcher at `important` priority (heard at once, its own
    /// stale phrases cancelled) and prints no phase line for the screen reader to say again.
    case speak

    /// The measured default (docs/user-guide.md, "Screen readers"): inside Fenrir, both ways are heard within the
    /// bounds; `read` keeps the screen reader's own voice, rate and braille, and needs nothing from speech-dispatcher.
    static let `default` = ScreenReaderWay.read
}

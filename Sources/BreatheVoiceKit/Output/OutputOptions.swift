import BreatheCore
import BreatheSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How a session shows itself: appended sentences, one status line, or nothing but errors.
package enum DisplayMode: String, CaseIterable, Sendable {
    /// Visual at a capable terminal, plain everywhere else.
    case auto
    /// One complete sentence per event, appended: only printable text and newlines.
    case plain
    /// One status line rewritten in place, for sighted users at a terminal.
    case visual
    /// Nothing but errors.
    case quiet
}

/// Whether the visual display may use colour.
package enum ColorMode: String, CaseIterable, Sendable {
    /// Colour at a terminal, unless NO_COLOR is set or TERM is dumb.
    case auto
    case always
    case never
}

/// Where `--events json` writes: `json` (standard output), `json=PATH` (appended) or `json=fd:N`.
package enum EventsDestination: Hashable, Sendable {
    case standardOutput
    case file(String)
    case descriptor(Int32)

    /// Reads the `--events` value.
    static func parse(_ text: String) -> Result<EventsDestination, InputError> {
        let syntax = InputError(Message(.errorEventsSyntax, ["value": .userValue(text)]))
        if text == "json" || text == "json=-" { return .success(.standardOutput) }
        guard text.hasPrefix("json="), text.count > 5 else { return .failure(syntax) }
        let target = String(text.dropFirst(5))
        guard target.hasPrefix("fd:") else { return .success(.file(target)) }
        guard let number = Int32(target.dropFirst(3)), number >= 0 else { return .failure(syntax) }
        guard fcntl(number, F_GETFD) != -1 else {
            return .failure(InputError(Message(.errorEventsFd, ["value": .integer(Int(number))])))
        }
        // One opened for reading only (`0<file`, standard input) would take no event at all.
        guard fcntl(number, F_GETFL) & O_ACCMODE != O_RDONLY else {
            return .failure(InputError(Message(.errorEventsReadOnly, ["value": .integer(Int(number))])))
        }
        return .success(.descriptor(number))
    }
}

/// What a session shows and records, once the flags, the environment and the terminal have been weighed.
package struct OutputOptions: Hashable, Sendable {
    /// Plain, visual or quiet; never auto.
    var display: DisplayMode
    /// Colour in the visual display.
    var color: Bool
    var events: EventsDestination?
    /// Print how late each cue came, at the end.
    var timingReport: Bool
    /// The preferences of the command that runs the session (`start`, `remind`), options included; nil for one that
    /// reads none (`demo`), which shows its lines in full and no braille.
    package var preferences: Preferences?
    /// The opening says how to hear the keys ("Press question mark for the keys.") when they work; not in
    /// screen-reader mode, whose opening is kept short (its first session says it at the end: `keysTipSubject`).
    package var keysHint = true
    /// Where what is said once is marked told (`ToldOnce`), once it was shown: the notice (`noticeSubject`), the keys'
    /// tip after the session (`keysTipSubject`).
    var told: ToldOnce?
    /// The screen reader's notice's `ToldOnce` subject (`ScreenReaderMode.notice`), marked told once it is printed.
    var noticeSubject: String?
    /// After the session, before the mood question, one line says how to hear the keys ("During a session, press
    /// question mark to hear the keys."), and marks this `ToldOnce` subject told: the first session in screen-reader
    /// mode at a terminal.
    var keysTipSubject: String?
    /// Whether the session shows itself on a braille display (`--braille`): as the preferences say; off without them.
    var braille: BrailleSetting { preferences?.braille ?? .off }

    package init(
        display: DisplayMode, color: Bool = false, events: EventsDestination? = nil, timingReport: Bool = false
    ) {
        self.display = display == .auto ? .plain : display
        self.color = color
        self.events = events
        self.timingReport = timingReport
    }

    /// Chooses the display.
    ///
    /// - `auto` picks visual only when standard output is a terminal, TERM is set and not `dumb`, and the preferences
    ///   do not ask for plain; otherwise plain. Visual at a dumb terminal falls back to plain whatever was asked.
    /// - Events on standard output leave no room for a display: `auto` becomes quiet, an explicit display is an error.
    /// - Colour: `always` and `never` decide; `auto` means a terminal, no NO_COLOR (any non-empty value), TERM not dumb.
    static func resolve(
        display requested: DisplayMode,
        plain: Bool = false,
        color: ColorMode = .auto,
        events: String? = nil,
        timingReport: Bool = false,
        environment: [String: String],
        standardOutputIsTerminal: Bool,
        preferencesSayPlain: Bool = false
    ) -> Result<OutputOptions, InputError> {
        let term = environment["TERM"] ?? ""
        let dumb = term.isEmpty || term == "dumb"
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        var mode = plain ? .plain : requested

        var destination: EventsDestination?
        if let events {
            switch EventsDestination.parse(events) {
            case .success(let parsed): destination = parsed
            case .failure(let error): return .failure(error)
            }
        }
        if destination == .standardOutput {
            switch mode {
            case .auto, .quiet: mode = .quiet
            case .plain, .visual:
                return .failure(InputError(Message(.errorEventsDisplay, ["mode": .text(mode.rawValue)])))
            }
        }
        if mode == .auto {
            mode = standardOutputIsTerminal && !dumb && !preferencesSayPlain ? .visual : .plain
        }
        if mode == .visual && term == "dumb" { mode = .plain }
        let useColor: Bool =
            switch color {
            case .always: mode == .visual
            case .never: false
            case .auto: mode == .visual && standardOutputIsTerminal && !noColor && !dumb
            }
        return .success(OutputOptions(display: mode, color: useColor, events: destination, timingReport: timingReport))
    }
}

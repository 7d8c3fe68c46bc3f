import BreatheCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How a session shows itself: appended sentences, one status line, or nothing but errors.
enum DisplayMode: String, CaseIterable, Sendable {
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
enum ColorMode: String, CaseIterable, Sendable {
    /// Colour at a terminal, unless NO_COLOR is set or TERM is dumb.
    case auto
    case always
    case never
}

/// Where `--events json` writes: `json` (standard output), `json=PATH` (appended) or `json=fd:N`.
enum EventsDestination: Hashable, Sendable {
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
struct OutputOptions: Hashable, Sendable {
    /// Plain, visual or quiet; never auto.
    var display: DisplayMode
    /// Colour in the visual display.
    var color: Bool
    var events: EventsDestination?
    /// Print how late each cue came, at the end.
    var timingReport: Bool
    /// The preferences of the command that runs the session (`start`, `remind`), options included; nil for one that
    /// reads none (`demo`), which shows its lines in full and no braille.
    var preferences: Preferences?
    /// Screen-reader mode and its way (nil: off). Reading it, phase lines are short and printed as each tone ends;
    /// speaking it, a sentence the program says through speech-dispatcher is not also printed.
    var screenReader: ScreenReaderWay?
    /// Said first, in one line, when screen-reader mode was chosen because a screen reader was found, and that is news
    /// (`ToldOnce`: the first session with that screen reader).
    var screenReaderNotice: Message?
    /// The opening says how to hear the keys ("Press question mark for the keys.") when they work; not in
    /// screen-reader mode, whose opening is kept short (its first session says it at the end: `keysTipSubject`).
    var keysHint = true
    /// Where what is said once is marked told (`ToldOnce`), once it was shown: the notice (`noticeSubject`), the keys'
    /// tip after the session (`keysTipSubject`).
    var told: ToldOnce?
    /// The notice's `ToldOnce` subject, marked told once the notice is printed.
    var noticeSubject: String?
    /// After the session, before the mood question, one line says how to hear the keys ("During a session, press
    /// question mark to hear the keys."), and marks this `ToldOnce` subject told: the first session in screen-reader
    /// mode at a terminal.
    var keysTipSubject: String?
    /// How fast the screen reader speaks, in eSpeak NG's words a minute, when its settings say so
    /// (`ScreenReaderDetection.wordsPerMinute(of:)`); nil: eSpeak NG's normal 175.
    var screenReaderRate: Int?
    /// Whether the session shows itself on a braille display (`--braille`): as the preferences say; off without them.
    var braille: BrailleSetting { preferences?.braille ?? .off }

    init(
        display: DisplayMode, color: Bool = false, events: EventsDestination? = nil, timingReport: Bool = false
    ) {
        self.display = display == .auto ? .plain : display
        self.color = color
        self.events = events
        self.timingReport = timingReport
    }

    /// The session's machine, phrasing its lines as the preferences and screen-reader mode say (a brief opening in
    /// screen-reader mode).
    func machine(plan: SessionPlan, announcesKeys: Bool, opening: Announcement?) -> SessionMachine {
        SessionMachine(
            plan: plan, announcesKeys: announcesKeys, opening: opening, preferences: preferences,
            readByScreenReader: screenReader == .read, briefOpening: screenReader != nil)
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

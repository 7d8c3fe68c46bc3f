import ArgumentParser
import BreatheCore

/// How a session shows itself: the display mode, colour, the JSON event stream and the timing report.
struct DisplayOptions: ParsableArguments {
    @Option(name: .preference(.display), help: .preference(.display))
    var display: DisplayMode?

    @Flag(
        help: .english("help.option.plain"))
    var plain = false

    @Option(
        help: ArgumentHelp(
            HelpText.english("help.option.color"), valueName: "when"))
    var color: ColorMode = .auto

    @Option(
        help: ArgumentHelp(
            HelpText.english("help.option.events"),
            valueName: "json[=PATH|fd:N]"
        ))
    var events: String?

    @Flag(
        help: .english("help.option.timing-report"))
    var timingReport = false

    @Option(name: .preference(.braille), help: .preference(.braille))
    var braille: BrailleSetting?

    /// The flags that override preferences, by preference key.
    var preferenceFlags: [PreferenceKey: String] {
        var flags: [PreferenceKey: String] = [:]
        flags[.braille] = braille?.rawValue
        return flags
    }

    /// The display for this run, from these flags, the `display` preference, the environment and whether standard
    /// output is a terminal; the session reads the rest of what it shows from `preferences` (which hold these flags).
    func resolve(
        localizer: Localizer, preferred: String = "auto", preferences: Preferences,
        environment: [String: String] = ProcessEnvironment.current
    ) throws -> OutputOptions {
        switch OutputOptions.resolve(
            display: display ?? DisplayMode(rawValue: preferred) ?? .auto, plain: plain, color: color, events: events,
            timingReport: timingReport,
            environment: environment, standardOutputIsTerminal: Terminal.isTerminal(1)
        ) {
        case .success(var options):
            options.preferences = preferences
            return options
        case .failure(let error): throw ValidationError(localizer.string(error.message))
        }
    }
}

extension DisplayMode: RawValueArgument {}
extension ColorMode: RawValueArgument {}
extension BrailleSetting: RawValueArgument {}

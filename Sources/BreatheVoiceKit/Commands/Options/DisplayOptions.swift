import ArgumentParser
import BreatheCore

/// How a session shows itself: the display mode, colour, the JSON event stream and the timing report.
struct DisplayOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "auto (visual at a terminal, plain elsewhere), plain (one sentence per event), visual (one status line), quiet (errors only); default \(DefaultsHelp.value(.display)).",
            valueName: "mode"
        ))
    var display: DisplayMode?

    @Flag(
        help:
            "Print one plain sentence per event: no colour, no redraws. Best with a screen reader. Same as --display plain."
    )
    var plain = false

    @Flag(help: "Say each phase as briefly as possible: \"Breathe in, 4.\", without the cycle and the unit.")
    var terse = false

    @Option(
        help: ArgumentHelp(
            "Colour in the visual display: auto (not with NO_COLOR or TERM=dumb), always or never.", valueName: "when"))
    var color: ColorMode = .auto

    @Option(
        help: ArgumentHelp(
            "Write one JSON object per state change: json (standard output, display quiet), json=PATH (appended) or json=fd:N.",
            valueName: "json[=PATH|fd:N]"
        ))
    var events: String?

    @Flag(
        help: "At the end, print how late each cue came out: planned against played, with the maximum and the median.")
    var timingReport = false

    @Option(
        help: ArgumentHelp(
            "Show the session on a braille display through BrlAPI (BRLTTY): auto (when a display answers), on or off (default \(DefaultsHelp.value(.braille))). Its keys: a routing key pauses or resumes, pan forward skips, pan back shows the time left, line down the instruction, line up stops.",
            valueName: "auto|on|off"))
    var braille: BrailleSetting?

    /// The flags that override preferences, by preference key.
    var preferenceFlags: [PreferenceKey: String] {
        var flags: [PreferenceKey: String] = terse ? [.terse: "on"] : [:]
        flags[.braille] = braille?.rawValue
        return flags
    }

    /// The display for this run, from these flags, the `display` preference, the environment and whether standard
    /// output is a terminal.
    func resolve(
        localizer: Localizer, preferred: String = "auto", terse preferredTerse: Bool = false,
        environment: [String: String] = ProcessEnvironment.current
    ) throws -> OutputOptions {
        switch OutputOptions.resolve(
            display: display ?? DisplayMode(rawValue: preferred) ?? .auto, plain: plain, color: color, events: events,
            timingReport: timingReport,
            environment: environment, standardOutputIsTerminal: Terminal.isTerminal(1)
        ) {
        case .success(var options):
            options.terse = terse || preferredTerse
            return options
        case .failure(let error): throw ValidationError(localizer.string(error.message))
        }
    }
}

extension DisplayMode: RawValueArgument {}
extension ColorMode: RawValueArgument {}
extension BrailleSetting: RawValueArgument {}

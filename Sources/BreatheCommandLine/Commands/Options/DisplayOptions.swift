import ArgumentParser
import BreatheCore
import BreatheVoiceKit

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

    /// What was asked, for the frontend to resolve with the preferences and the terminal.
    var request: SessionFrontend.DisplayRequest {
        SessionFrontend.DisplayRequest(
            display: display, plain: plain, color: color, events: events, timingReport: timingReport)
    }
}

extension DisplayMode: RawValueArgument {}
extension ColorMode: RawValueArgument {}
extension BrailleSetting: RawValueArgument {}

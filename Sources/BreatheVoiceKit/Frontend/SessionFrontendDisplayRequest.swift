import BreatheCore
import BreatheSystem

extension SessionFrontend {
    /// How a session command asks to be shown, as typed: `--display`, `--plain`, `--color`, `--events` and
    /// `--timing-report`. The frontend resolves it once, with the preferences and the terminal.
    package struct DisplayRequest {
        /// `--display`; nil: the one the command prefers (see `resolve`).
        var display: DisplayMode?
        package var plain: Bool
        var color: ColorMode
        var events: String?
        var timingReport: Bool

        package init(
            display: DisplayMode? = nil, plain: Bool = false, color: ColorMode = .auto, events: String? = nil,
            timingReport: Bool = false
        ) {
            self.display = display
            self.plain = plain
            self.color = color
            self.events = events
            self.timingReport = timingReport
        }

        /// The display for this run, from these flags, `preferred` (the display the command or the preferences ask for
        /// when `--display` was not given), the environment and whether standard output is a terminal; the session
        /// reads the rest of what it shows from `preferences` (which hold the flags). A refusal is a usage error.
        func resolve(
            preferred: String, preferences: Preferences,
            environment: [String: String] = ProcessEnvironment.current
        ) throws(BreatheError) -> OutputOptions {
            switch OutputOptions.resolve(
                display: display ?? DisplayMode(rawValue: preferred) ?? .auto, plain: plain, color: color,
                events: events, timingReport: timingReport, environment: environment,
                standardOutputIsTerminal: Terminal.isTerminal(1)
            ) {
            case .success(var options):
                options.preferences = preferences
                return options
            case .failure(let error): throw .usage(error.message)
            }
        }
    }
}

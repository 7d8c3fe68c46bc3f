import BreatheCore
import BreatheSystem

/// When sound is out of reach (no sound server, no speech), whether a session goes on as text, and doing so.
struct TextFallback {
    /// The session's settings, as its assembly holds them.
    package let settings: SessionSettings

    /// No sound server or no speech means text only instead of exit 69: an interactive run without
    /// `--require-audio` (with a warning), or a reminder with `--allow-silent` (quietly).
    var allowsSilence: Bool { settings.allowsSilence }

    /// No sound server (or no speech) means text only: when silence is allowed, and in a screen-reader session at a
    /// terminal, whose printed lines are what the screen reader reads (unless `--require-audio`). A reminder prints
    /// nobody reads: it keeps its exit 69.
    var goesOn: Bool {
        allowsSilence || (settings.readerOfTheTerminal != nil && !(settings.audio?.requireAudio ?? false))
    }

    /// Sound is out of reach but silence is allowed: text only, with a warning when someone is at the terminal.
    package func run(_ assembly: SessionAssembly, because message: Message) throws(BreatheError) -> SessionOutcome {
        if settings.interactive {
            var warnings = FileDescriptorSink.standardError
            warnings.write(
                PlainText.line(
                    assembly.localizer.string(
                        Message(.warningAudioTextOnly, ["detail": message.arguments["detail"] ?? .text("")]))))
        }
        return try assembly.runText()
    }
}

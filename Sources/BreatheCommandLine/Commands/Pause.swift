import ArgumentParser
import BreatheSystem

extension BreatheVoice {
    /// `breathe-voice pause`: pauses the running session, as its space key does, from any terminal.
    struct Pause: SessionControlCommand {
        static let action = SessionRemote.Action.pause
        @OptionGroup var language: LanguageOption
    }
}

import ArgumentParser
import BreatheSystem

extension BreatheVoice {
    /// `breathe-voice skip`: skips to the running session's next phase, as its s key does, from any terminal.
    struct Skip: SessionControlCommand {
        static let action = SessionRemote.Action.skip
        @OptionGroup var language: LanguageOption
    }
}

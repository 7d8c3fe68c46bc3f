import ArgumentParser
import BreatheSystem

extension BreatheVoice {
    /// `breathe-voice repeat`: says the running session's instruction again, as its r key does, from any terminal.
    struct RepeatInstruction: SessionControlCommand {
        static let action = SessionRemote.Action.repeatInstruction
        @OptionGroup var language: LanguageOption
    }
}

import ArgumentParser
import BreatheSystem

extension BreatheVoice {
    /// `breathe-voice stop`: stops and saves the running session, as its q key does, from any terminal.
    struct Stop: SessionControlCommand {
        static let action = SessionRemote.Action.stop
        @OptionGroup var language: LanguageOption
    }
}

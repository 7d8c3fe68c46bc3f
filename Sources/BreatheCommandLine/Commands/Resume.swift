import ArgumentParser
import BreatheSystem

extension BreatheVoice {
    /// `breathe-voice resume`: resumes the paused session, as its space key does, from any terminal.
    struct Resume: SessionControlCommand {
        static let action = SessionRemote.Action.resume
        @OptionGroup var language: LanguageOption
    }
}

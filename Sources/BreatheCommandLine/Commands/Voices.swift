import ArgumentParser
import BreatheCore
import BreatheSystem
import BreatheVoiceKit

extension BreatheVoice {
    /// `breathe-voice voices`: list the installed eSpeak NG voices for a language.
    struct Voices: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "voices", abstract: HelpText.english("help.voices.abstract"))
        }

        @OptionGroup var language: LanguageOption
        @Flag(help: .english("help.voices.option.json")) var json = false

        func run() throws {
            let localizer = try language.resolve()
            try CommandFailure.catching(localizer) { () throws(BreatheError) in
                var output = FileDescriptorSink.standardOutput
                let listing = VoiceListing(localizer: localizer, speech: LiveSpeech.speech)
                output.write(json ? try listing.json() : try listing.text())
            }
        }
    }
}

import ArgumentParser
import BreatheCore

extension BreatheVoice {
    /// `breathe-voice voices`: list the installed eSpeak NG voices for a language.
    struct Voices: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "voices", abstract: "List the installed eSpeak NG voices for a language (for --voice).")

        @OptionGroup var language: LanguageOption
        @Flag(help: "Print one JSON document (version 1): the voices and the installed variants.") var json = false

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

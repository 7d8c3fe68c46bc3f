import ArgumentParser
import BreatheCore
import BreatheVoiceKit

extension BreatheVoice {
    /// `breathe-voice voices`: list the installed eSpeak NG voices for a language.
    struct Voices: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the installed eSpeak NG voices for a language (for --voice).")

        @OptionGroup var language: LanguageOption

        func run() throws {
            let localizer = try language.resolve()
            do throws(BreatheError) {
                var output = FileDescriptorSink.standardOutput
                output.write(try VoiceListing(localizer: localizer, speech: LiveSpeech.speech).text())
            } catch {
                throw CommandFailure(error, localizer: localizer)
            }
        }
    }
}

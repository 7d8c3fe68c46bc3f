import ArgumentParser
import BreatheCore
import BreatheSystem

extension BreatheVoice {
    /// `breathe-voice demo` (what `make demo` runs): a one-minute box session that works on every machine. Played
    /// through the sound server when one answers; otherwise rendered to a WAV file and shown as text in real time.
    struct Demo: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "demo",
                abstract:
                    HelpText.english("help.demo.abstract"),
                discussion: HelpText.english("help.demo.discussion")
            )
        }

        @OptionGroup var language: LanguageOption

        @Option(help: ArgumentHelp(HelpText.english("help.option.wav"), valueName: "file.wav"))
        var wav = "demo.wav"

        static let session = ["--pattern", "box", "--minutes", "1"]

        /// A name the render would refuse is refused before anything plays, naming `--wav`, the option typed.
        func validate() throws {
            let problem =
                wav.isEmpty
                ? Message(.errorOutputEmpty, ["option": .text("--wav")]) : WavSink.nameProblem(wav, option: "--wav")
            if let problem { throw ValidationError(try language.resolve().string(problem)) }
        }

        func run() throws {
            let localizer = try language.resolve()
            let languageFlags = language.language.map { ["--lang", $0] } ?? []
            do {
                let live = try Start.parse(Self.session + languageFlags + ["--require-audio"])
                try live.run()
                return
            } catch let failure as CommandFailure where failure.code == ExitStatus.unavailable {
                // No sound server (or no voice data): the WAV file and the text session below.
            }
            // The WAV file is a bonus: the text session runs either way. The line says where it is only once it is
            // there, else that it could not be saved (after the render's own line saying why).
            var saved = false
            do {
                let render = try Start.parse(Self.session + languageFlags + ["--output", wav, "--display", "quiet"])
                try render.run()
                saved = FileSystem.exists(wav)
            } catch let failure as CommandFailure {
                var standardError = FileDescriptorSink.standardError
                if let line = failure.line { standardError.write(PlainText.line(line)) }
            }
            var output = FileDescriptorSink.standardOutput
            output.say(
                Message(saved ? .demoNoServer : .demoNoServerNotSaved, ["path": .text(Self.absolute(wav))]), localizer)
            let text = try Start.parse(Self.session + languageFlags + ["--no-audio"])
            try text.run()
        }

        /// `path` from the root, so the user knows where the file went.
        static func absolute(_ path: String) -> String {
            if path.hasPrefix("/") { return path }
            guard let directory = WorkingDirectory.current else { return path }
            return directory + "/" + path
        }
    }
}

import Foundation
import Testing

@testable import BreatheTestSupport

/// The sound and speech flags: validation, voices, and what happens without a server.
@Suite struct AudioOptionsTests {
    @Test(arguments: [
        (["--rate", "20"], "breathe-voice: Option --rate: \"20\" is not allowed; use a whole number from 80 to 450."),
        (
            ["--pitch", "high"],
            "breathe-voice: Option --pitch: \"high\" is not allowed; use a whole number from 0 to 100."
        ),
        (
            ["--volume", "201"],
            "breathe-voice: Option --volume: \"201\" is not allowed; use a whole number from 0 to 200."
        ),
        (
            ["--tone-volume", "101"],
            "breathe-voice: Option --tone-volume: \"101\" is not allowed; use a whole number from 0 to 100."
        ),
        (["--speech", "maybe"], "breathe-voice: Option --speech: \"maybe\" is not allowed; use on or off."),
        (["--no-audio", "--output", "x.wav"], "breathe-voice: Give --no-audio or --output, not both."),
        (["--no-audio", "--require-audio"], "breathe-voice: Give --no-audio or --require-audio, not both."),
        (
            ["--voice", "en-usa", "--cycles", "1"],
            "breathe-voice: Option --voice: Unknown voice \"en-usa\": close matches are en-us. See breathe-voice voices."
        ),
        (
            ["--voice", "qqqqqqqq", "--cycles", "1"],
            "breathe-voice: Option --voice: Unknown voice \"qqqqqqqq\": see breathe-voice voices for the installed ones."
        ),
        (
            ["--voice", "en-us+f33", "--cycles", "1"],
            "breathe-voice: Option --voice: Unknown voice variant \"f33\" in \"en-us+f33\": installed variants include f3."
        ),
        (
            ["--voice", "en-usa+f3", "--cycles", "1"],
            "breathe-voice: Option --voice: Unknown voice \"en-usa\": close matches are en-us. See breathe-voice voices."
        ),
    ])
    func badValuesGiveExit64AndOneLine(arguments: [String], expected: String) throws {
        let run = try BinaryRun.run(arguments + ["--lang", "en"], environment: ["PULSE_SERVER": "unix:/nonexistent"])
        #expect(run.status == 64)
        #expect(run.stderrLines == [expected])
        #expect(run.stdout.isEmpty)
    }

    /// Like a missing sound server: without a terminal, no speech-dispatcher is exit 69 and one line naming the fix.
    @Test(arguments: [
        (
            "en",
            "breathe-voice: speech-dispatcher did not answer (/nonexistent/speechd.sock): install and start it (sudo apt install speech-dispatcher speech-dispatcher-espeak-ng; it starts on demand), or use --speech-via espeak."
        ),
        (
            "es",
            "breathe-voice: speech-dispatcher no ha respondido (/nonexistent/speechd.sock): instálalo y arráncalo (sudo apt install speech-dispatcher speech-dispatcher-espeak-ng; se inicia cuando hace falta), o usa --speech-via espeak."
        ),
    ])
    func noSpeechDispatcherWithoutATerminalIsExit69AndOneLine(language: String, expected: String) throws {
        let run = try BinaryRun.run(
            ["--speech-via", "speechd", "--cycles", "1", "--lang", language],
            environment: [
                "SPEECHD_ADDRESS": "unix_socket:/nonexistent/speechd.sock", "PULSE_SERVER": "unix:/nonexistent",
            ]
        )
        #expect(run.status == 69)
        #expect(run.stderrLines == [expected])
        #expect(run.stdout.isEmpty)
    }

    /// Screen-reader mode without speech-dispatcher or a sound server: plain sentences only, never exit 69.
    @Test func screenReaderModeWithoutSpeechDispatcherIsPlainText() throws {
        let run = try BinaryRun.run(
            ["--screen-reader", "--pattern", "1-0-1", "--cycles", "1", "--lang", "en", "--timing-report"],
            environment: [
                "SPEECHD_ADDRESS": "unix_socket:/nonexistent/speechd.sock", "PULSE_SERVER": "unix:/nonexistent",
                "TERM": "xterm",
            ]
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(run.stdoutLines.contains("Speech: none."))
        #expect(run.stdout.unicodeScalars.allSatisfy { $0 == "\n" || (0x20..<0x7F).contains($0.value) })
    }

    /// An explicit --speech-via wins over screen-reader mode: with speechd named, a missing daemon is the flag's exit 69
    /// (screen-reader mode alone would go on as text); with espeak named, our own voice needs the sound server.
    @Test func explicitSpeechViaWinsOverScreenReaderMode() throws {
        let absent = ["SPEECHD_ADDRESS": "unix_socket:/nonexistent/speechd.sock", "PULSE_SERVER": "unix:/nonexistent"]
        let speechd = try BinaryRun.run(
            ["--screen-reader", "--speech-via", "speechd", "--cycles", "1", "--lang", "en"],
            environment: absent)
        #expect(speechd.status == 69)
        #expect(speechd.stderr.hasPrefix("breathe-voice: speech-dispatcher did not answer"), "\(speechd.stderr)")
        let espeak = try BinaryRun.run(
            [
                "--screen-reader", "--speech-via", "espeak", "--cycles", "1", "--lang", "en",
                "--require-audio",
            ], environment: absent)
        #expect(espeak.status == 69)
        #expect(espeak.stderr.hasPrefix("breathe-voice: No sound server answered"), "\(espeak.stderr)")
    }

    /// The preferences reach the session: speechVia from the environment, screenReader from the file.
    @Test func speechViaAndScreenReaderArePreferences() throws {
        let absent = ["SPEECHD_ADDRESS": "unix_socket:/nonexistent/speechd.sock", "PULSE_SERVER": "unix:/nonexistent"]
        let viaEnvironment = try BinaryRun.run(
            ["--cycles", "1", "--lang", "en"],
            environment: absent.merging(["BREATHE_VOICE_SPEECH_VIA": "speechd"]) { $1 })
        #expect(viaEnvironment.status == 69)
        #expect(viaEnvironment.stderr.hasPrefix("breathe-voice: speech-dispatcher did not answer"))
        // The flag wins over the environment.
        let flagWins = try BinaryRun.run(
            ["--cycles", "1", "--lang", "en", "--speech-via", "espeak"],
            environment: absent.merging(["BREATHE_VOICE_SPEECH_VIA": "speechd"]) { $1 })
        #expect(flagWins.stderr.hasPrefix("breathe-voice: No sound server answered"))

        let home = try TemporaryHome()
        #expect(try home.run(["prefs", "set", "screenReader", "on"]).status == 0)
        #expect(try home.run(["prefs", "get", "screenReader"]).stdout == "on\n")
        let refused = try home.run(["prefs", "set", "speechPriority", "loud"])
        #expect(refused.status == 64)
        #expect(
            refused.stderrLines.count == 1 && refused.stderr.contains("message, text, important"), "\(refused.stderr)")
        let session = try home.run(
            ["--pattern", "1-0-1", "--cycles", "1", "--lang", "en", "--timing-report"], environment: absent)
        #expect(session.status == 0, "\(session.stderr)")
        #expect(session.stdoutLines.contains("Speech: none."))
    }

    @Test func spanishAudioErrorsAreSpanish() throws {
        let run = try BinaryRun.run(["--lang", "es", "--rate", "1000"])
        #expect(run.status == 64)
        #expect(
            run.stderrLines == [
                "breathe-voice: Opción --rate: «1000» no es válido; usa un número entero entre 80 y 450."
            ])
    }

    @Test func noServerWithoutATerminalIsExit69AndOneLine() throws {
        let run = try BinaryRun.run(
            ["--cycles", "1", "--lang", "en"], environment: ["PULSE_SERVER": "unix:/nonexistent/socket"])
        #expect(run.status == 69)
        #expect(run.stderrLines.count == 1)
        #expect(
            run.stderrLines.first?.hasPrefix("breathe-voice: No sound server answered (") == true, "\(run.stderrLines)")
        #expect(run.stdout.isEmpty)
    }

    @Test(arguments: [
        ("es", ["es: Spanish (Spain)", "es-419: Spanish (Latin America)"]),
        ("en", ["en-gb: English (Great Britain)", "en-us: English (America)"]),
    ])
    func voicesListsTheInstalledVoicesOfALanguage(language: String, expected: [String]) throws {
        let run = try BinaryRun.run(["voices", "--lang", language])
        #expect(run.status == 0)
        for line in expected { #expect(run.stdoutLines.contains(line)) }
        #expect(!run.stdout.contains("mbrola"))
        #expect(
            run.stdoutLines.first
                == (language == "es" ? "Voces de eSpeak NG para Español:" : "eSpeak NG voices for English:"))
    }

    @Test(arguments: ["en", "es-419", "en-us"])
    func aChosenVoiceIsUsed(voice: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "breathe-voice-\(UUID().uuidString).wav"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try BinaryRun.run([
            "--pattern", "1-0-1", "--cycles", "1", "--voice", voice, "--tones", "off", "--output", path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let wav = try WavFile(Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(wav.rms(0..<11_025) > 300)
    }

    /// eSpeak NG variants (`name+variant`, as `espeak-ng -v` takes them) change the voice; the variant's case is forgiven.
    @Test(arguments: ["en-us+f3", "en-us+F3", "es+m2", "es-419+klatt"])
    func aVoiceVariantIsUsed(voice: String) throws {
        func render(_ voice: String) throws -> WavFile {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent(
                "breathe-voice-\(UUID().uuidString).wav"
            ).path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let run = try BinaryRun.run([
                "--pattern", "1-0-1", "--cycles", "1", "--voice", voice, "--tones", "off", "--output", path,
            ])
            #expect(run.status == 0, "\(run.stderr)")
            return try WavFile(Data(contentsOf: URL(fileURLWithPath: path)))
        }
        let varied = try render(voice)
        let plain = try render(String(voice.prefix { $0 != "+" }))
        #expect(varied.rms(0..<11_025) > 300)
        #expect(varied.samples != plain.samples)
    }
}

import Foundation
import Testing

@testable import BreatheCore
@testable import BreatheTestSupport

/// Sessions rendered to WAV by the real binary (real eSpeak NG, no server) and analysed sample by sample.
@Suite struct RenderTests {
    static let rate = 22_050
    /// `--pattern 2-1-2-1 --cycles 2`: a 3 s lead-in, 12 s of breathing, 3 s of closing words.
    static let plan = try! SessionPlan.make(
        pattern: BreathingPattern(phases: [
            Phase(.inhale, seconds: 2), Phase(.hold, seconds: 1), Phase(.exhale, seconds: 2), Phase(.rest, seconds: 1),
        ]),
        length: .cycles(2), sampleRate: rate
    ).get()
    static let session = ["--pattern", "2-1-2-1", "--cycles", "2"]

    static var boundaries: [(start: Int, kind: PhaseKind)] {
        (1...2).flatMap { cycle in
            (0..<4).map { (Int(plan.start(of: .phase(cycle: cycle, index: $0))), plan.kind(ofPhase: $0)) }
        }
    }

    static func render(_ arguments: [String]) throws -> (run: BinaryRun, wav: WavFile) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "breathe-voice-\(UUID().uuidString).wav"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try BinaryRun.run(arguments + ["--output", path], environment: ["PULSE_SERVER": "unix:/nonexistent"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        return (run, try WavFile(Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test func theFileHasExactlyThePlannedLengthAndFormat() throws {
        let (run, wav) = try Self.render(Self.session + ["--lang", "en"])
        #expect(wav.samples.count == Int(Self.plan.totalSamples))
        #expect(wav.declaredDataBytes == 2 * Int(Self.plan.totalSamples))
        #expect(wav.sampleRate == 22_050 && wav.channels == 1 && wav.bitsPerSample == 16)
        #expect(
            run.stdoutLines.first
                == "Custom pattern, in seconds: in 2, hold 1, out 2, rest 1. 2 cycles, about 12 seconds.")
        // The session's own lines, up to its summary; a first session's badges may follow.
        #expect(run.stdoutLines.prefix { !$0.hasPrefix("Session complete") }.count + 1 == 11)
    }

    /// Tolerance: 0 samples beyond the envelope's own first non-zero sample (which is at most 4 samples in).
    @Test func everyToneStartsOnItsBoundarySample() throws {
        let (_, wav) = try Self.render(Self.session + ["--speech", "off"])
        for (start, kind) in Self.boundaries {
            let tone = CueTone.cue(for: kind).samples(sampleRate: Self.rate, volume: 70)
            let envelopeOnset = try #require(tone.firstIndex { $0 != 0 })
            #expect(envelopeOnset <= 4)
            #expect(
                wav.samples[(start - 2000)..<start].allSatisfy { $0 == 0 }, "sound before the \(kind) boundary \(start)"
            )
            let onset = wav.samples[start...].firstIndex { $0 != 0 }
            #expect(onset == start + envelopeOnset, "\(kind) at \(start): onset \(String(describing: onset))")
        }
    }

    @Test func theInhaleToneRisesAndTheExhaleToneFalls() throws {
        let (_, wav) = try Self.render(Self.session + ["--speech", "off"])
        for (start, kind) in Self.boundaries where kind == .inhale || kind == .exhale {
            let length = CueTone.cue(for: kind).samples(sampleRate: Self.rate, volume: 70).count
            let early = wav.crossingRate(start..<start + length / 4)
            let late = wav.crossingRate(start + 3 * length / 4..<start + length)
            if kind == .inhale {
                #expect(late > early * 1.2, "inhale \(early) → \(late)")
            } else {
                #expect(late < early / 1.2, "exhale \(early) → \(late)")
            }
        }
    }

    @Test(arguments: LocaleFiles.wholeLanguages)
    func speechIsHeardInEveryAnnouncementWindow(language: String) throws {
        let (_, wav) = try Self.render(Self.session + ["--tones", "off", "--lang", language])
        let windows = [0] + Self.boundaries.map(\.start) + [Int(Self.plan.breathingEnd)]
        for start in windows {
            #expect(wav.rms(start..<start + Self.rate / 2) > 300, "no speech at \(start) in \(language)")
        }
        // Between the phrase and the next boundary the voice is quiet: the phrases are short.
        let lastInhale = Self.boundaries[4].start
        #expect(wav.rms(lastInhale + Self.rate * 3 / 2..<lastInhale + 2 * Self.rate) < 50)
    }

    /// A WAV file is always spoken by eSpeak NG: `--speech-via speechd` renders the same samples, and says so.
    @Test func aRenderIsAlwaysSpokenByESpeakNG() throws {
        let espeak = try Self.render(Self.session + ["--lang", "en"]).wav
        let (run, speechd) = try Self.render(
            Self.session + ["--lang", "en", "--speech-via", "speechd", "--timing-report"])
        #expect(speechd.samples == espeak.samples)
        #expect(run.stdoutLines.contains("Speech: eSpeak NG, on the same sound stream as the tones."))
    }

    @Test func spanishSpeechDiffersFromEnglish() throws {
        let english = try Self.render(Self.session + ["--tones", "off", "--lang", "en"]).wav
        let spanish = try Self.render(Self.session + ["--tones", "off", "--lang", "es"]).wav
        #expect(english.samples.count == spanish.samples.count)
        #expect(english.samples != spanish.samples)
    }

    @Test func countSpeaksTheSecondsInsideAPhase() throws {
        let arguments = ["--pattern", "4-0-4", "--cycles", "1", "--tones", "off", "--lang", "en"]
        let plain = try Self.render(arguments).wav
        let counted = try Self.render(arguments + ["--count"]).wav
        #expect(plain.samples.count == counted.samples.count)
        let inhale = 3 * Self.rate
        for second in 2...3 {
            let window = inhale + second * Self.rate..<inhale + second * Self.rate + Self.rate / 2
            #expect(plain.rms(window) < 1, "silence without --count at second \(second)")
            #expect(counted.rms(window) > 300, "a number at second \(second) with --count")
        }
    }

    @Test func tonesOffAndSpeechOffRenderSilenceOfTheSameLength() throws {
        let silent = try Self.render(Self.session + ["--tones", "off", "--speech", "off"]).wav
        #expect(silent.samples.count == Int(Self.plan.totalSamples))
        #expect(silent.samples.allSatisfy { $0 == 0 })
        let toned = try Self.render(Self.session + ["--speech", "off", "--tone-volume", "100"]).wav
        let quieter = try Self.render(Self.session + ["--speech", "off", "--tone-volume", "50"]).wav
        let start = Self.boundaries[0].start
        #expect(toned.rms(start..<start + 4000) > 1.9 * quieter.rms(start..<start + 4000))
    }

    @Test func dashWritesTheWaveToStdoutAndLinesToStderr() throws {
        let run = try BinaryRun.run(Self.session + ["--output", "-", "--lang", "en"])
        #expect(run.status == 0)
        let wav = try WavFile(run.standardOutput)
        #expect(wav.samples.count == Int(Self.plan.totalSamples))
        #expect(run.stderrLines.prefix { !$0.hasPrefix("Session complete") }.count + 1 == 11)
        #expect(run.stderrLines.contains("Session complete: 2 cycles in 12 seconds."))
    }

    /// A whole render ends with one line naming the file from the root, after the session's own lines; a relative
    /// name is taken from the current folder, and `.wav` may be in any case.
    @Test func aRenderSaysWhereTheFileWent() throws {
        let home = try TemporaryHome()
        let folder = home.root.resolvingSymlinksInPath()
        for (name, language, line) in [
            ("./first.wav", "en", "Saved the session to \(folder.path)/first.wav."),
            ("Second.WAV", "es", "La sesión se ha guardado en \(folder.path)/Second.WAV."),
            ("third.Wav", "fr", "La séance est enregistrée dans \(folder.path)/third.Wav."),
            ("fourth.wav", "pt-BR", "A sessão foi salva em \(folder.path)/fourth.wav."),
        ] {
            let run = try BinaryRun.run(
                [
                    "--pattern", "1-1", "--cycles", "1", "--speech", "off", "--plain", "--lang", language, "--output",
                    name,
                ],
                environment: home.environment.merging(["PULSE_SERVER": "unix:/nonexistent"]) { $1 },
                directory: folder)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            #expect(run.stdoutLines.last == line, "\(run.stdoutLines)")
            #expect(run.stdoutLines.filter { $0.contains(folder.path) }.count == 1)
            #expect(FileManager.default.fileExists(atPath: folder.path + "/" + name))
        }
    }

    /// Errors only (`--display quiet`), a JSON event stream on standard output, and `-` print no such line: standard
    /// output stays the events' (or the WAV's) alone.
    @Test func quietAndJSONRendersPrintNoPathLine() throws {
        let home = try TemporaryHome()
        let path = home.root.appendingPathComponent("quiet.wav").path
        let session = ["--pattern", "1-1", "--cycles", "1", "--speech", "off", "--lang", "en", "--output", path]
        let quiet = try home.run(session + ["--display", "quiet"], environment: ["PULSE_SERVER": "unix:/nonexistent"])
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(quiet.stdout)\(quiet.stderr)")
        let events = try home.run(session + ["--events", "json"], environment: ["PULSE_SERVER": "unix:/nonexistent"])
        #expect(events.status == 0, "\(events.stderr)")
        #expect(!events.stdoutLines.isEmpty)
        #expect(events.stdoutLines.allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") }, "\(events.stdout)")
        #expect(!events.stdout.contains(path) && events.stderr.isEmpty)
    }

    /// Only WAV is written: another extension, or none, is refused before anything is rendered (64, one line, in the
    /// user's language), and no file is left under that name.
    @Test(arguments: [
        (
            "x.mp3", "en",
            "breathe-voice: Cannot write \"x.mp3\": --output writes WAV files only, so its name ends in .wav (such as \"x.wav\")."
        ),
        (
            "session", "en",
            "breathe-voice: Cannot write \"session\": --output writes WAV files only, so its name ends in .wav (such as \"session.wav\")."
        ),
        (
            "voz.ogg", "es",
            "breathe-voice: No se puede escribir «voz.ogg»: --output solo escribe archivos WAV, así que su nombre termina en .wav (por ejemplo, «voz.wav»)."
        ),
        (
            "x.wav.mp3", "fr",
            "breathe-voice: Impossible d'écrire « x.wav.mp3 » : --output n'écrit que des fichiers WAV, dont le nom finit par .wav (par exemple « x.wav.wav »)."
        ),
        (
            ".wav", "pt-BR",
            "breathe-voice: Não é possível gravar “.wav”: --output só grava arquivos WAV, então o nome termina em .wav (por exemplo, “.wav.wav”)."
        ),
    ])
    func aNameThatIsNotWavIsRefused(name: String, language: String, line: String) throws {
        let home = try TemporaryHome()
        let run = try BinaryRun.run(
            ["--pattern", "1-1", "--cycles", "1", "--lang", language, "--output", name],
            environment: home.environment.merging(["PULSE_SERVER": "unix:/nonexistent"]) { $1 }, directory: home.root)
        #expect(run.status == 64)
        #expect(run.stderrLines == [line])
        #expect(run.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: home.root.path + "/" + name))
    }

    /// `prefs set rate` reaches the voice: the same phrase, rendered after `prefs set rate 220`, is shorter.
    @Test func aFasterRateInThePreferencesSpeaksFaster() throws {
        func spokenSpan(rate: String?) throws -> Int {
            let home = try TemporaryHome()
            if let rate {
                let set = try home.run(["prefs", "set", "rate", rate])
                #expect(set.status == 0, "\(set.stderr)")
                #expect(try home.run(["prefs", "get", "rate"]).stdout == rate + "\n")
            }
            let path = home.root.appendingPathComponent("s.wav").path
            let run = try home.run([
                "--pattern", "1-0-1", "--cycles", "1", "--tones", "off", "--lang", "en", "--output", path,
            ])
            #expect(run.status == 0, "\(run.stderr)")
            let wav = try WavFile(Data(contentsOf: URL(fileURLWithPath: path)))
            // "Get ready", alone in the 3-second lead-in: from its first to its last audible sample.
            let leadIn = wav.samples.prefix(3 * Self.rate)
            let first = try #require(leadIn.firstIndex { abs(Int($0)) > 300 })
            let last = try #require(leadIn.lastIndex { abs(Int($0)) > 300 })
            return last - first
        }
        let normal = try spokenSpan(rate: nil)
        let faster = try spokenSpan(rate: "220")
        #expect(faster < normal * 90 / 100, "at 220 wpm \(faster) samples, at the default \(normal)")
    }
}

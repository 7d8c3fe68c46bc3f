import Foundation
import Testing

@testable import BreatheTestSupport

/// The built binary, end to end: what a user reads, byte by byte, and the exit codes.
@Suite struct StartTests {
    @Test func plainTextOnlySessionPrintsEveryEventInOrder() throws {
        let run = try BinaryRun.run(["--pattern", "1-0-1", "--cycles", "2", "--no-audio", "--plain", "--lang", "en"])
        #expect(run.status == 0)
        #expect(
            run.stdoutLines == [
                "Custom pattern, in seconds: in 1, out 1. 2 cycles, about 4 seconds.",
                "Get ready.",
                "Breathe in, 1 second. Cycle 1 of 2.",
                "Breathe out, 1 second.",
                "Breathe in, 1 second. Cycle 2 of 2.",
                "Breathe out, 1 second.",
                "Session complete: 2 cycles in 4 seconds.",
                // A fresh history: the first session and a typed pattern each earn a badge.
                "New badge: First session.",
                "New badge: Your own pattern.",
            ])
        #expect(run.stderr.isEmpty)
        let controls = run.standardOutput.filter { $0 < 0x20 && $0 != 0x0A || $0 == 0x7F }
        #expect(controls.isEmpty, "control bytes in plain output: \(Array(controls))")
    }

    @Test func spanishSessionIsInSpanish() throws {
        let run = try BinaryRun.run(["--pattern", "1-0-1", "--cycles", "1", "--no-audio", "--plain", "--lang", "es"])
        #expect(run.status == 0)
        #expect(
            run.stdoutLines == [
                "Patrón personalizado, en segundos: inhala 1, exhala 1. Duración: un ciclo, aproximadamente 2 segundos.",
                "Prepárate.",
                "Inhala, un segundo. Ciclo 1 de 1.",
                "Exhala, un segundo.",
                "Sesión completada: un ciclo en 2 segundos.",
                "Nueva insignia: Primera sesión.",
                "Nueva insignia: Tu propio patrón.",
            ])
    }

    /// `--terse` (or the `terse` preference, here through its environment variable) says only the instruction and its
    /// seconds, in both languages, with the locale's decimal separator.
    @Test(arguments: [
        (["--terse", "--lang", "en"], [String: String?](), ["Breathe in, 1.5.", "Breathe out, 1."]),
        (["--lang", "es"], ["BREATHE_VOICE_TERSE": "on"], ["Inhala, 1,5.", "Exhala, 1."]),
    ])
    func terseSaysOnlyTheInstructionAndItsSeconds(arguments: [String], environment: [String: String?], phases: [String])
        throws
    {
        let run = try BinaryRun.run(
            ["--pattern", "1.5-0-1", "--cycles", "2", "--no-audio", "--plain"] + arguments, environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Array(run.stdoutLines.dropFirst(2).prefix(4)) == phases + phases)
    }

    @Test func languageComesFromTheEnvironmentWithoutTheFlag() throws {
        let run = try BinaryRun.run(
            ["--pattern", "1-0-1", "--cycles", "1", "--no-audio", "--plain"],
            environment: ["LC_ALL": nil, "LC_MESSAGES": nil, "LANG": "es_ES.UTF-8"]
        )
        #expect(run.stdoutLines.contains("Inhala, un segundo. Ciclo 1 de 1."))
    }

    @Test(arguments: [
        (
            ["--inhale", "abc"],
            "breathe-voice: Inhale \"abc\" is not a number: use a number of seconds from 1 to 60, with at most one decimal."
        ),
        (
            ["--pattern", "4-7-8-9-1"],
            "breathe-voice: Pattern \"4-7-8-9-1\" has 5 fields: give 2 to 4 numbers of seconds, in-hold-out-rest, such as 4-7-8."
        ),
        (["--frobnicate-xyzzy"], "breathe-voice: Unknown option '--frobnicate-xyzzy'"),
        (
            ["--lang", "tlh"],
            "breathe-voice: Unknown language \"tlh\": use one of \(LocaleFiles.codes.joined(separator: ", "))."
        ),
        (["--minutes", "2", "--cycles", "3"], "breathe-voice: Give --minutes or --cycles, not both."),
    ])
    func badArgumentsGiveExit64AndOneLine(arguments: [String], expected: String) throws {
        let run = try BinaryRun.run(arguments + ["--no-audio"], environment: ["LC_ALL": "C"])
        #expect(run.status == 64)
        #expect(run.stderrLines == [expected])
        #expect(run.stdout.isEmpty)
    }

    @Test func spanishErrorsAreSpanish() throws {
        let run = try BinaryRun.run(["--lang", "es", "--exhale", "0", "--no-audio"])
        #expect(run.status == 64)
        #expect(
            run.stderrLines == [
                "breathe-voice: El valor «0» de exhalación está fuera de rango: usa un número de segundos entre 1 y 60, con un decimal como máximo."
            ])
    }

    @Test func binaryCopiedAloneStillSpeaksSpanish() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "breathe-voice-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("breathe-voice")
        try FileManager.default.copyItem(at: BinaryRun.binary, to: copy)
        let run = try BinaryRun.run(["patterns", "--lang", "es"], executable: copy)
        #expect(run.status == 0)
        #expect(run.stdout.contains("Respiración"))
        #expect(run.stdout.contains("respiraciones por minuto"))
    }

    @Test func patternsShowsEveryBuiltInWithItsNumbers() throws {
        let run = try BinaryRun.run(["patterns", "--lang", "en"])
        #expect(run.status == 0)
        #expect(
            run.stdoutLines.contains(
                "Resonant breathing: Breathe in 5.5 seconds, Breathe out 5.5 seconds. 5.45 breaths a minute. Name: resonant."
            ))
        #expect(
            run.stdoutLines.contains(
                "Box breathing: Breathe in 4 seconds, Hold 4 seconds, Breathe out 4 seconds, Rest 4 seconds. 3.75 breaths a minute. Name: box."
            ))
        #expect(
            run.stdoutLines.contains(
                "Diaphragmatic breathing: Breathe in 4 seconds, Breathe out 6 seconds. 6 breaths a minute. Name: diaphragmatic."
            ))
        #expect(
            run.stdoutLines.contains(
                "Physiological sigh: Breathe in 2 seconds, Breathe in a little more 1 second, Breathe out 6 seconds. 6.67 breaths a minute. Name: sigh."
            ))
        #expect(run.stdoutLines.count == 7)
    }

    /// Spanish numbers take a decimal comma everywhere, timings and breaths a minute included; "1" is a word.
    @Test func spanishPatternsUseTheDecimalComma() throws {
        let run = try BinaryRun.run(["patterns", "--lang", "es"])
        #expect(run.status == 0)
        #expect(
            run.stdoutLines.contains(
                "Respiración resonante: Inhala 5,5 segundos, Exhala 5,5 segundos. 5,45 respiraciones por minuto. Nombre: resonant."
            ))
        #expect(
            run.stdoutLines.contains(
                "Respiración diafragmática: Inhala 4 segundos, Exhala 6 segundos. 6 respiraciones por minuto. Nombre: diaphragmatic."
            ))
        #expect(
            run.stdoutLines.contains(
                "Suspiro fisiológico: Inhala 2 segundos, Inhala un poco más un segundo, Exhala 6 segundos. 6,67 respiraciones por minuto. Nombre: sigh."
            ))
        let intro = try BinaryRun.run([
            "--pattern", "5.5-5.5", "--cycles", "1", "--no-audio", "--plain", "--lang", "es",
        ])
        #expect(
            intro.stdoutLines.first
                == "Patrón personalizado, en segundos: inhala 5,5, exhala 5,5. Duración: un ciclo, aproximadamente 11 segundos."
        )
    }

    /// `help exit-codes` lists the exit codes; `--help` and the pages of the commands that run sessions or reminders
    /// say where they are, and lead with what the command takes (no table before the options).
    @Test func helpListsTheExitCodes() throws {
        let root = try BinaryRun.run(["--help"])
        #expect(root.status == 0)
        #expect(root.stdout.contains("\n  breathe-voice help exit-codes "))
        let table = try BinaryRun.run(["help", "exit-codes"])
        #expect(table.status == 0)
        for code in ["64", "65", "69", "73", "74", "75", "78", "130", "143"] {
            #expect(table.stdout.contains("\n  \(code) "), "exit code \(code) missing from help exit-codes")
        }
        for command in ["start", "schedule", "remind"] {
            for language in ["en", "es", "fr", "pt-BR"] {
                let run = try BinaryRun.run([command, "--help", "--lang", language])
                #expect(run.status == 0)
                #expect(!run.stdout.contains("\n  64 "), "\(command) --help --lang \(language): \(run.stdout)")
                #expect(run.stdout.contains("breathe-voice help exit-codes."), "\(command) --lang \(language)")
            }
        }
        // What a session takes comes first: the examples, then the options, within the first screen.
        let start = try BinaryRun.run(["start", "--help"]).stdoutLines
        let options = try #require(start.firstIndex { $0.hasPrefix("  --pattern") })
        #expect(options < 20, "\(start)")
    }
}

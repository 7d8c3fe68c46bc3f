import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// `prefs`, `patterns add/remove`, `history` and `stats` through the built binary, each in its own temporary home.
@Suite struct PreferencesCommandTests {
    @Test func setThenGetAndOrigins() throws {
        let home = try TemporaryHome()
        #expect(try home.run(["prefs", "set", "rate", "220", "--lang", "en"]).stdoutLines == ["Set rate to 220."])
        #expect(try home.run(["prefs", "get", "rate"]).stdoutLines == ["220"])
        let shown = try home.run(
            ["prefs", "show", "--origin", "--lang", "en"], environment: ["BREATHE_VOICE_PITCH": "70"])
        #expect(shown.stdoutLines.contains("rate: 220 (from the file)"))
        #expect(shown.stdoutLines.contains("pitch: 70 (from BREATHE_VOICE_PITCH)"))
        #expect(shown.stdoutLines.contains("volume: 100 (default)"))
        #expect(shown.stdoutLines.contains("language: en (from option --lang)"))
        let json = try home.run(["prefs", "show", "--json", "--origin"], environment: ["BREATHE_VOICE_RATE": "300"])
        let object = try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: [String: Any]]
        #expect(object?["rate"]?["value"] as? Int == 300)
        #expect(object?["rate"]?["origin"] as? String == "environment")
        #expect(try home.run(["prefs", "unset", "rate"]).status == 0)
        #expect(try home.run(["prefs", "get", "rate"]).stdoutLines == ["175"])
    }

    @Test(arguments: [
        (
            "en", ["rate", "500"],
            "breathe-voice: Preference rate: \"500\" is not allowed; use a whole number from 80 to 450."
        ),
        (
            "es", ["rate", "500"],
            "breathe-voice: Preferencia rate: «500» no es válido; usa un número entero entre 80 y 450."
        ),
        (
            "en", ["nonsense", "1"],
            "breathe-voice: Unknown preference \"nonsense\": use one of language, voice, rate, pitch, volume, speech, speechVia, speechPriority, screenReader, tones, toneVolume, guide, count, display, terse, braille, pauseOthers, defaultPattern, defaultMinutes, leadIn, quietHours, remind.pattern, remind.minutes, remind.defer, scheduleVia, customPatterns, \(LocaleFiles.codes.map { "voice." + $0 }.joined(separator: ", "))."
        ),
        (
            "es", ["display", "loud"],
            "breathe-voice: Preferencia display: «loud» no es válido; usa uno de auto, plain, visual, quiet."
        ),
    ])
    func setRefusesWithOneLocalizedLine(language: String, arguments: [String], expected: String) throws {
        let home = try TemporaryHome()
        let run = try home.run(["prefs", "set"] + arguments + ["--lang", language])
        #expect(run.status == 64)
        #expect(run.stderrLines == [expected])
        #expect(!FileManager.default.fileExists(atPath: home.preferencesFile.path))
    }

    static let corrupt: [(String, [UInt8])] = [
        ("bad JSON", Array("{\"rate\": 200,,}".utf8)),
        ("truncated", Array("{\n  \"version\": 1,\n  \"rate\": 2".utf8)),
        ("binary", [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x00, 0xFF]),
        ("empty", []),
        ("wrong type", Array("{\"version\": 1, \"speech\": \"loud\"}".utf8)),
        ("null", Array("{\"version\": 1, \"rate\": null}".utf8)),
        ("null in remind", Array("{\"version\": 1, \"remind\": {\"minutes\": null}}".utf8)),
        ("out of range", Array("{\"version\": 1, \"rate\": 9000}".utf8)),
        ("newer version", Array("{\"version\": 7}".utf8)),
        ("not an object", Array("[1, 2]".utf8)),
        ("invalid UTF-8 in a string", Array("{\"language\": \"".utf8) + [0xC3, 0x28] + Array("\"}".utf8)),
    ]

    @Test(arguments: corrupt.map(\.0))
    func corruptFileIsExit78AndLeftAsItWas(name: String) throws {
        let bytes = Data(Self.corrupt.first { $0.0 == name }!.1)
        let home = try TemporaryHome()
        try FileManager.default.createDirectory(
            at: home.preferencesFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: home.preferencesFile)
        for arguments in [
            ["prefs", "get", "rate"], ["prefs", "set", "rate", "100"], ["prefs", "show"], ["patterns"],
            ["patterns", "add", "calm", "4-6"], ["stats"], ["--pattern", "1-1", "--cycles", "1", "--no-audio"],
        ] {
            let run = try home.run(arguments + ["--lang", "en"])
            #expect(run.status == 78, "\(arguments)")
            #expect(run.stderrLines.count == 1, "\(arguments)")
            #expect(
                run.stderr.contains(home.preferencesFile.path) && run.stderr.contains("line ")
                    && run.stderr.contains("column "))
            #expect(run.stdout.isEmpty)
            #expect(try Data(contentsOf: home.preferencesFile) == bytes, "\(arguments) changed the file")
        }
        let reset = try home.run(["prefs", "reset", "--lang", "en"])
        #expect(reset.status == 0)
        #expect(reset.stdout.hasPrefix("Moved \(home.preferencesFile.path) aside to \(home.preferencesFile.path).bak-"))
        let directory = home.preferencesFile.deletingLastPathComponent()
        let backups = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasPrefix("preferences.json.bak-")
        }
        #expect(backups.count == 1)
        #expect(try Data(contentsOf: directory.appendingPathComponent(backups[0])) == bytes)
        #expect(try home.run(["prefs", "get", "rate"]).stdoutLines == ["175"])
    }

    @Test func corruptFileErrorNamesLineAndColumnInSpanish() throws {
        let home = try TemporaryHome()
        try FileManager.default.createDirectory(
            at: home.preferencesFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\n  \"rate\": \"rápido\"\n}".utf8).write(to: home.preferencesFile)
        let run = try home.run(["prefs", "get", "rate", "--lang", "es"])
        #expect(run.status == 78)
        #expect(
            run.stderrLines == [
                "breathe-voice: Preferencias \(home.preferencesFile.path), línea 2, columna 11: rate tiene un valor no válido; usa un número entero entre 80 y 450. Corrígelo con «breathe-voice prefs edit» o apártalo con «breathe-voice prefs reset»."
            ])
    }

    /// A mistyped key in the file gets the name it was probably meant to be, as a mistyped command does (issue 50), in
    /// the user's language; a key near no name gets the plain warning. The value under the mistyped key is not used.
    @Test func aMistypedKeyInTheFileGetsTheNearName() throws {
        let home = try TemporaryHome()
        try FileManager.default.createDirectory(
            at: home.preferencesFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"version\": 1,\n \"rat\": 300,\n \"sparkles\": true}\n".utf8).write(to: home.preferencesFile)
        let run = try home.run(["prefs", "get", "rate", "--lang", "en"])
        #expect(run.status == 0)
        #expect(run.stdoutLines == ["175"])
        let file = home.preferencesFile.path
        #expect(
            run.stderrLines == [
                "Warning: preferences \(file), line 2, column 9: unknown preference \"rat\" is ignored. Did you mean \"rate\"?",
                "Warning: preferences \(file), line 3, column 14: unknown preference \"sparkles\" is ignored.",
            ])
        let spanish = try home.run(["prefs", "get", "rate", "--lang", "es"])
        #expect(spanish.stderrLines.first?.hasSuffix("¿Querías decir «rate»?") == true, "\(spanish.stderr)")
    }

    @Test func unknownKeysWarnButWork() throws {
        let home = try TemporaryHome()
        try FileManager.default.createDirectory(
            at: home.preferencesFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"version\": 1, \"rate\": 200, \"sparkles\": true}".utf8).write(to: home.preferencesFile)
        let run = try home.run(["prefs", "get", "rate", "--lang", "en"])
        #expect(run.status == 0)
        #expect(run.stdoutLines == ["200"])
        #expect(
            run.stderrLines == [
                "Warning: preferences \(home.preferencesFile.path), line 1, column 41: unknown preference \"sparkles\" is ignored."
            ])
        // Rewriting keeps what this version does not understand.
        #expect(try home.run(["prefs", "set", "pitch", "60"]).status == 0)
        #expect(try String(contentsOf: home.preferencesFile, encoding: .utf8).contains("\"sparkles\": true"))
    }

    @Test func editKeepsTheOldFileWhenTheEditIsInvalid() throws {
        let home = try TemporaryHome()
        #expect(try home.run(["prefs", "set", "rate", "200"]).status == 0)
        let before = try Data(contentsOf: home.preferencesFile)
        let bad = try home.run(
            ["prefs", "edit", "--lang", "en"], environment: ["VISUAL": "sed -i s/200/9999/", "EDITOR": nil])
        #expect(bad.status == 78)
        #expect(bad.stderrLines.count == 1)
        #expect(try Data(contentsOf: home.preferencesFile) == before)
        // Issue 50: the message names the edited text and its line, never the saved file as the culprit, keeps what
        // was typed beside the file, and does not suggest moving the good file aside.
        let file = home.preferencesFile.path
        let line = try #require(
            try String(contentsOf: home.preferencesFile, encoding: .utf8).components(separatedBy: "\n")
                .firstIndex { $0.contains("\"rate\"") })
        #expect(
            bad.stderrLines == [
                "breathe-voice: Your edit is not valid, so it is not saved and \(file) is left as it was. Your edit is kept in \(file).rejected: line \(line + 1), column 11: rate has a value that is not allowed; use a whole number from 80 to 450."
            ])
        #expect(!bad.stderr.contains("prefs reset"))
        #expect(try String(contentsOfFile: file + ".rejected", encoding: .utf8).contains("9999"))
        let spanish = try home.run(
            ["prefs", "edit", "--lang", "es"], environment: ["VISUAL": "sed -i s/200/9999/", "EDITOR": nil])
        #expect(spanish.stderr.contains("Tu edición se conserva en \(file).rejected: línea"), "\(spanish.stderr)")
        let good = try home.run(["prefs", "edit", "--lang", "en"], environment: ["VISUAL": "sed -i s/200/210/"])
        #expect(good.status == 0)
        #expect(try home.run(["prefs", "get", "rate"]).stdoutLines == ["210"])
    }

    /// A preference kept per language takes the language as the refusal lists it (`voice.pt-BR`), in any case, and
    /// stores it under the catalog's own spelling: get, set and unset name the same value.
    @Test func aVoiceForALanguageWithARegionIsNamedAsListed() throws {
        let home = try TemporaryHome()
        let set = try home.run(["prefs", "set", "voice.pt-BR", "pt-br", "--lang", "en"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try home.run(["prefs", "get", "voice.pt-br"]).stdoutLines == ["pt-br"])
        #expect(try home.run(["prefs", "get", "voice", "--lang", "pt-BR"]).stdoutLines == ["pt-br"])
        let saved = try String(contentsOf: home.preferencesFile, encoding: .utf8)
        #expect(saved.contains("\"pt-BR\": \"pt-br\""), "\(saved)")
        #expect(try home.run(["prefs", "unset", "voice.PT-BR"]).status == 0)
        #expect(try !String(contentsOf: home.preferencesFile, encoding: .utf8).contains("pt-BR"))
    }

    /// `prefs show` lists every voice the file keeps: the language's own under `voice`, then each other language's
    /// under the name `prefs get` takes (`voice.pt-BR`), in text and in JSON, with where it came from.
    @Test func showListsTheVoicesSavedForOtherLanguages() throws {
        let home = try TemporaryHome()
        for (name, voice) in [("voice.es", "es-419"), ("voice.pt-BR", "pt-br"), ("voice.en", "en-gb")] {
            #expect(try home.run(["prefs", "set", name, voice]).status == 0)
        }
        let shown = try home.run(["prefs", "show", "--origin", "--lang", "en"])
        #expect(shown.status == 0, "\(shown.stderr)")
        let voices = shown.stdoutLines.filter { $0.hasPrefix("voice") }
        #expect(
            voices == [
                "voice: en-gb (from the file)", "voice.es: es-419 (from the file)",
                "voice.pt-BR: pt-br (from the file)",
            ], "\(voices)")
        // In Spanish, English's voice is the other one.
        let spanish = try home.run(["prefs", "show", "--lang", "es"]).stdoutLines
        #expect(spanish.contains("voice.en: en-gb"), "\(spanish)")
        #expect(spanish.contains("voice.pt-BR: pt-br"), "\(spanish)")
        #expect(!spanish.contains { $0.hasPrefix("voice.es:") }, "\(spanish)")
        let json = try home.run(["prefs", "show", "--json", "--lang", "en"])
        let object = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
        #expect(object["voice"] as? String == "en-gb")
        #expect(object["voice.es"] as? String == "es-419")
        #expect(object["voice.pt-BR"] as? String == "pt-br")
        // Only the language's own with none saved for another.
        #expect(try home.run(["prefs", "unset", "voice.es"]).status == 0)
        #expect(try home.run(["prefs", "unset", "voice.pt-BR"]).status == 0)
        let alone = try home.run(["prefs", "show", "--lang", "en"]).stdoutLines.filter { $0.hasPrefix("voice") }
        #expect(alone == ["voice: en-gb"], "\(alone)")
    }

    /// Issue 41: what an edit newly saves is checked as `prefs set` and `patterns add` check it: a voice not installed
    /// for its language, a pattern name that differs from a saved one only in case. A voice already in the file is not
    /// checked again, so an unrelated edit goes through.
    @Test func editChecksANewVoiceAndANewPatternNameAsSetAndAddDo() throws {
        let home = try TemporaryHome()
        #expect(try home.run(["prefs", "set", "voice", "en-us", "--lang", "en"]).status == 0)
        #expect(try home.run(["patterns", "add", "calm", "4-4"]).status == 0)
        let before = try Data(contentsOf: home.preferencesFile)
        for (editor, problem) in [
            ("sed -i s/en-us/nosuchvoice/", "Preference voice.en: Unknown voice \"nosuchvoice\""),
            (
                #"sed -i 's/"calm": "4-4"/"calm": "4-4", "Calm": "4-6"/'"#,
                "Pattern name \"Calm\" is taken by the saved pattern \"calm\""
            ),
        ] {
            let bad = try home.run(["prefs", "edit", "--lang", "en"], environment: ["VISUAL": editor, "EDITOR": nil])
            #expect(bad.status == 78, "\(editor)")
            #expect(bad.stderrLines.count == 1)
            #expect(bad.stderr.contains(problem), "\(bad.stderr)")
            #expect(try Data(contentsOf: home.preferencesFile) == before)
        }
        let unrelated = try home.run(
            ["prefs", "edit", "--lang", "en"],
            environment: ["VISUAL": #"sed -i 's/"version": 1/"version": 1, "rate": 210/'"#])
        #expect(unrelated.status == 0, "\(unrelated.stderr)")
        #expect(try home.run(["prefs", "get", "rate"]).stdoutLines == ["210"])
    }

    // MARK: Issue 29, item 6: prefs edit never ends with the preferences lost.

    /// `prefs edit` in `home` with `editor` as VISUAL (the copy's path is appended as "$1"), after `prefs set rate 200`.
    static func edit(_ home: TemporaryHome, editor: String) throws -> BinaryRun {
        try home.run(["prefs", "edit", "--lang", "en"], environment: ["VISUAL": editor, "EDITOR": nil])
    }

    static func homeWithRate200() throws -> TemporaryHome {
        let home = try TemporaryHome()
        #expect(try home.run(["prefs", "set", "rate", "200"]).status == 0)
        return home
    }

    static func isRegularFile(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    @Test(arguments: ["true", "sed -i s/200/210/"])
    func editWhoseOriginalIsDeletedMeanwhileSavesTheCopy(change: String) throws {
        let home = try Self.homeWithRate200()
        let file = home.preferencesFile.path
        let run = try Self.edit(home, editor: "rm -f '\(file)'; \(change)")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutLines == ["Saved \(file)."])
        #expect(Self.isRegularFile(home.preferencesFile))
        #expect(try home.run(["prefs", "get", "rate"]).stdoutLines == [change == "true" ? "200" : "210"])
        #expect(!FileManager.default.fileExists(atPath: file + ".edit"))
    }

    @Test func editWhoseOriginalIsReplacedByALinkWritesARegularFileAndNotThroughTheLink() throws {
        let home = try Self.homeWithRate200()
        let file = home.preferencesFile.path
        let victim = home.root.appendingPathComponent("victim.json")
        let victimBytes = Data("{\"version\": 1, \"rate\": 300}".utf8)
        try victimBytes.write(to: victim)
        let run = try Self.edit(home, editor: "rm -f '\(file)'; ln -s '\(victim.path)' '\(file)'; true")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutLines == ["Saved \(file)."])
        #expect(Self.isRegularFile(home.preferencesFile), "the link was left")
        #expect(try Data(contentsOf: victim) == victimBytes)
        #expect(try home.run(["prefs", "get", "rate"]).stdoutLines == ["200"])
    }

    @Test func anInvalidEditWhoseOriginalIsDeletedIsKeptInTheCopy() throws {
        let home = try Self.homeWithRate200()
        let file = home.preferencesFile.path
        let run = try Self.edit(home, editor: "rm -f '\(file)'; sed -i s/200/9999/")
        #expect(run.status == 78)
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("Your edit is kept in \(file).rejected: line "), "\(run.stderr)")
        #expect(try String(contentsOfFile: file + ".rejected", encoding: .utf8).contains("9999"))
    }

    @Test func anOversizedCopyIsBadPreferencesAndKept() throws {
        let home = try Self.homeWithRate200()
        let before = try Data(contentsOf: home.preferencesFile)
        let run = try Self.edit(home, editor: "dd if=/dev/zero bs=1024 count=2048 status=none >>")
        #expect(run.status == 78, "\(run.stderr)")
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("larger than 1 MiB") && run.stderr.contains("kept in"), "\(run.stderr)")
        #expect(try Data(contentsOf: home.preferencesFile) == before)
        let copy = home.preferencesFile.path + ".edit"
        #expect(((try? FileManager.default.attributesOfItem(atPath: copy)[.size] as? Int) ?? 0) > 1 << 20)
    }

    @Test(arguments: ["link", "fifo", "gone"])
    func aCopyThatIsNoLongerARegularFileIsBadPreferencesAndRemoved(kind: String) throws {
        let home = try Self.homeWithRate200()
        let before = try Data(contentsOf: home.preferencesFile)
        let victim = home.root.appendingPathComponent("victim.json")
        try Data("{\"version\": 1}".utf8).write(to: victim)
        let replace =
            switch kind {
            case "link": "ln -s '\(victim.path)' \"$1\""
            case "fifo": "mkfifo \"$1\""
            default: "true"
            }
        let run = try Self.edit(home, editor: "f() { rm -f \"$1\"; \(replace); }; f")
        #expect(run.status == 78, "\(kind): \(run.stderr)")
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("\(home.preferencesFile.path) is left as it was"), "\(run.stderr)")
        #expect(try Data(contentsOf: home.preferencesFile) == before)
        #expect(try Data(contentsOf: victim) == Data("{\"version\": 1}".utf8))
        var status = stat()
        #expect(lstat(home.preferencesFile.path + ".edit", &status) != 0, "\(kind): the copy was left")
    }

    @Test func atomicWriteSurvivesKill9InALoop() throws {
        let home = try TemporaryHome()
        #expect(try home.run(["prefs", "set", "rate", "100"]).status == 0)
        let old = try Data(contentsOf: home.preferencesFile)
        for round in 0..<40 {
            let child = try ChildProcess(
                BinaryRun.binary, ["prefs", "set", "rate", "300"], environment: home.environment)
            // Kill at a different moment each round: from straight away to after the write.
            Waiting.pause(seconds: Double(round) * 0.000_25, because: "a different moment of the write to kill at")
            child.kill(SIGKILL)
            _ = child.wait()
            let now = try Data(contentsOf: home.preferencesFile)
            let new = Data(String(decoding: old, as: UTF8.self).replacingOccurrences(of: "100", with: "300").utf8)
            #expect(now == old || now == new, "round \(round): a torn file")
            if now == new { try old.write(to: home.preferencesFile) }
        }
    }

    @Test func namedPatternsAreSavedListedUsedAndCannotShadowBuiltIns() throws {
        let home = try TemporaryHome()
        #expect(
            try home.run(["patterns", "add", "calm", "1-0-1-0", "--lang", "en"]).stdoutLines == [
                "Saved pattern calm: 1, 1."
            ])
        let shadow = try home.run(["patterns", "add", "box", "4-4", "--lang", "en"])
        #expect(shadow.status == 64)
        #expect(
            shadow.stderrLines == [
                "breathe-voice: Pattern name \"box\" is taken by a built-in pattern: choose another name."
            ])
        #expect(
            try home.run(["patterns", "--lang", "en"]).stdoutLines.contains(
                "Pattern calm: Breathe in 1 second, Breathe out 1 second. 30 breaths a minute. Name: calm."))
        #expect(try home.run(["prefs", "set", "leadIn", "off"]).status == 0)
        let session = try home.run(["--pattern", "calm", "--cycles", "1", "--no-audio", "--plain", "--lang", "en"])
        #expect(session.stdoutLines.first == "Pattern calm, in seconds: in 1, out 1. 1 cycle, about 2 seconds.")
        #expect(!session.stdoutLines.contains("Get ready."))
        #expect(try home.run(["prefs", "set", "defaultPattern", "calm"]).status == 0)
        let inUse = try home.run(["patterns", "remove", "calm", "--lang", "en"])
        #expect(inUse.status == 64)
        #expect(try home.run(["prefs", "unset", "defaultPattern"]).status == 0)
        #expect(try home.run(["patterns", "remove", "calm", "--lang", "en"]).stdoutLines == ["Removed pattern calm."])
    }
}

import Foundation
import Testing

@testable import BreatheTestSupport

/// What a Spanish user reads besides help and refusals: every command's ordinary output, a session's transcript, and
/// the errors a run can meet (no sound server, a bad preferences file, an output that cannot be created), all without
/// an English sentence.
@Suite struct SpanishOutputTests {
    /// English prose words on top of the help test's list: the words our English listings and errors are made of.
    static let moreEnglishWords: Set<String> = [
        "history", "pattern", "patterns", "reminder", "reminders", "problem", "installed", "voice", "voices", "cycle",
        "cycles", "breathe", "hold", "rest", "completed", "stopped", "streak", "none", "sound", "server",
        "speech", "could", "file", "preferences", "there", "are", "in", "out", "at", "on", "off", "yet",
    ]

    /// English words in `text`, leaving out what is code, not prose: a preference key named in parentheses, as in
    /// "voz (voice): …", and the crontab lines a dry run shows (`+ …`), which are file content in every language.
    static func englishIn(_ text: String) -> [String] {
        let prose = text.split(separator: "\n").filter { !$0.hasPrefix("+ ") && !$0.hasPrefix("- ") }
            .map { $0.replacing(/\([A-Za-z.]+\)/, with: "") }.joined(separator: "\n")
        var found = SpanishInterfaceTests.englishIn(prose)
        for token in prose.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let word = token.trimmingCharacters(in: CharacterSet(charactersIn: "()[],;:.!?¿¡«»\"'"))
            guard !word.isEmpty, word.allSatisfy(\.isLetter) else { continue }
            if moreEnglishWords.contains(word.lowercased()) { found.append(word) }
        }
        return found
    }

    @Test func theMarkerCatchesEnglishListings() {
        #expect(!Self.englishIn("No reminders yet.").isEmpty)
        #expect(Self.englishIn("Aún no hay recordatorios.").isEmpty)
    }

    /// A home with a finished session, a saved pattern and a reminder, and a crontab of its own.
    struct Setup {
        let home: TemporaryHome
        let crontab: FakeCrontab
        let environment: [String: String?]

        /// The first home, set up once by the commands below; every test gets a copy of it (its files and its
        /// crontab), the same as one set up afresh, without playing the session again for each.
        private static let template = Result { try Setup(settingUp: ()) }

        init() throws {
            let template = try Self.template.get()
            home = try TemporaryHome()
            crontab = try FakeCrontab()
            environment = Self.environment(crontab)
            try FileManager.default.removeItem(at: home.root)
            try FileManager.default.copyItem(at: template.home.root, to: home.root)
            if let contents = template.crontab.contents { try crontab.set(contents) }
        }

        static func environment(_ crontab: FakeCrontab) -> [String: String?] {
            SpanishInterfaceTests.spanish.merging([
                "BREATHE_VOICE_CRONTAB": crontab.script.path, "PULSE_SERVER": "unix:/nonexistent/pulse",
                "SPEECHD_ADDRESS": "unix_socket:/nonexistent/speechd.sock",
            ]) { $1 }
        }

        private init(settingUp: Void) throws {
            home = try TemporaryHome()
            crontab = try FakeCrontab()
            environment = Self.environment(crontab)
            for arguments in [
                ["--pattern", "box", "--cycles", "1", "--plain", "--no-audio"], ["patterns", "add", "calma", "4-6"],
                ["schedule", "add", "--every", "2h", "--from", "09:00", "--to", "18:00"],
            ] {
                let run = try home.run(arguments, environment: environment)
                #expect(run.status == 0, "\(arguments): \(run.stderr)")
            }
        }

        func run(_ arguments: [String]) throws -> BinaryRun { try home.run(arguments, environment: environment) }
    }

    static let listings: [[String]] = [
        ["patterns"], ["voices"], ["history"], ["stats"], ["prefs", "show"], ["prefs", "show", "--origin"],
        ["schedule", "list"], ["doctor"], ["--pattern", "4-7-8", "--cycles", "2", "--plain", "--no-audio"],
        ["--pattern", "calma", "--cycles", "1", "--plain", "--no-audio", "--count", "--terse"],
        ["schedule", "add", "--at", "12:30", "--dry-run"], ["schedule", "remove", "1"], ["history", "clear", "--yes"],
    ]

    @Test(arguments: listings)
    func listingIsSpanish(arguments: [String]) throws {
        let setup = try Setup()
        let run = try setup.run(arguments)
        // doctor finds problems here (no sound server): exit 1, still in Spanish.
        #expect(run.status == 0 || (arguments == ["doctor"] && run.status == 1), "\(arguments): \(run.stderr)")
        #expect(!run.stdout.isEmpty, "\(arguments) printed nothing")
        let text = run.stdout + run.stderr
        #expect(Self.englishIn(text).isEmpty, "\(arguments): English words \(Self.englishIn(text)) in \(text)")
    }

    /// Errors a run meets at run time, each one Spanish line with its documented exit code.
    @Test func runtimeErrorsAreSpanish() throws {
        let setup = try Setup()
        var cases: [(arguments: [String], status: Int32)] = [
            (["--cycles", "1", "--require-audio"], 69),
            (["--cycles", "1", "--output", "/nonexistent/folder/x.wav"], 73),
        ]
        // A crontab program that fails without a word: the exit status is said in Spanish too.
        let silentFailure = try setup.home.run(
            ["schedule", "list"], environment: setup.environment.merging(["BREATHE_VOICE_CRONTAB": "/bin/false"]) { $1 }
        )
        #expect(silentFailure.status == 74, "\(silentFailure.stderr)")
        #expect(silentFailure.stderr.contains("código de salida 1"), "\(silentFailure.stderr)")
        let noSound = try setup.run(cases[0].arguments)
        let noFolder = try setup.run(cases[1].arguments)
        try Data("{\"version\": 1, \"rate\": \"fast\"}".utf8).write(to: setup.home.preferencesFile)
        cases.append((["--cycles", "1", "--no-audio"], 78))
        let badPreferences = try setup.run(cases[2].arguments)
        for (run, expected) in zip([noSound, noFolder, badPreferences], cases) {
            #expect(run.status == expected.status, "\(expected.arguments): \(run.status) \(run.stderr)")
            #expect(run.stderrLines.count == 1, "\(expected.arguments): \(run.stderr)")
            #expect(
                Self.englishIn(run.stderr).isEmpty,
                "\(expected.arguments): English words \(Self.englishIn(run.stderr)) in \(run.stderr)")
        }
    }
}

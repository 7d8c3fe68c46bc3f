import Foundation
import Testing

@testable import BreatheTestSupport

/// Issue 13: libespeak-ng is opened only on a phrase-cache miss and libpulse only when a live session starts; every
/// other run leaves both (and the dozens of libraries they need) unmapped. The dynamic linker itself reports each file
/// it opens (`LD_DEBUG=files`, on stderr), for the libraries the binary needs at start as for those it opens later.
@Suite struct LibraryLoadingTests {
    static let speech = "libespeak-ng.so"
    static let sound = "libpulse"
    static let speechDispatcher = "libspeechd"
    static let braille = "libbrlapi"
    static let bus = "libsystemd"

    /// The shared libraries the run opened, by the linker's own report.
    static func opened(_ run: BinaryRun) -> [String] {
        run.stderrLines.compactMap { line -> String? in
            guard let range = line.range(of: "file=") else { return nil }
            return line[range.upperBound...].split(separator: " ").first.map {
                String($0.trimmingCharacters(in: .whitespaces))
            }
        }
    }

    static func run(_ arguments: [String], in home: TemporaryHome) throws -> BinaryRun {
        // No server to reach: a run that tried to play would fail, not play; nor a BrlAPI server (its socket missing).
        try home.run(
            arguments,
            environment: [
                "LD_DEBUG": "files", "PULSE_SERVER": "unix:/nonexistent/pulse/native", "BRLAPI_HOST": ":64999",
                "DBUS_SESSION_BUS_ADDRESS": nil, "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/system_bus_socket",
            ])
    }

    @Test(arguments: [
        ["--version"], ["patterns"], ["stats"], ["prefs"], ["history"],
        ["--plain", "--no-audio", "--pattern", "1-0-1", "--cycles", "1", "--lang", "en"],
        ["--pattern", "1-0-1", "--cycles", "1", "--speech", "off", "--output", "session.wav"],
    ])
    func runsThatNeitherSpeakNorPlayMapNeitherLibrary(arguments: [String]) throws {
        let home = try TemporaryHome()
        let run = try Self.run(arguments.map { $0 == "session.wav" ? home.root.path + "/session.wav" : $0 }, in: home)
        #expect(run.status == 0, "\(run.stderrLines.filter { !$0.contains("file=") && !$0.hasPrefix(" ") })")
        let opened = Self.opened(run)
        // The report is there: the C library at least was opened.
        #expect(opened.contains { $0.hasPrefix("libc.so") }, "no linker report: \(run.stderr.prefix(300))")
        #expect(!opened.contains { $0.hasPrefix(Self.speech) }, "\(arguments): \(opened)")
        #expect(!opened.contains { $0.hasPrefix(Self.sound) }, "\(arguments): \(opened)")
        #expect(!opened.contains { $0.hasPrefix(Self.speechDispatcher) }, "\(arguments): \(opened)")
        #expect(!opened.contains { $0.hasPrefix(Self.braille) }, "\(arguments): \(opened)")
        #expect(!opened.contains { $0.hasPrefix(Self.bus) }, "\(arguments): \(opened)")
    }

    /// Issue 49: sd-bus (libsystemd) is opened only by a live session that has a session bus to join, and by the
    /// commands that reach one; a render, a listing or a session without a bus never maps it.
    @Test func onlyALiveSessionWithABusOpensLibsystemd() throws {
        let bus = try SessionBus()
        let environment: [String: String?] = [
            "LD_DEBUG": "files", "BRLAPI_HOST": ":64999", "DBUS_SESSION_BUS_ADDRESS": bus.address,
            "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/system_bus_socket",
        ]
        let home = try TemporaryHome()
        let session = ["--plain", "--no-audio", "--pattern", "1-0-1", "--cycles", "1", "--lang", "en"]
        let render = ["--pattern", "1-0-1", "--cycles", "1", "--speech", "off", "--output", home.root.path + "/s.wav"]
        for (arguments, opens) in [(session, true), (render, false), (["patterns"], false), (["pause"], true)] {
            let run = try home.run(arguments, environment: environment)
            #expect(run.status == (arguments == ["pause"] ? 69 : 0), "\(arguments): \(run.status)")
            #expect(Self.opened(run).contains { $0.hasPrefix(Self.bus) } == opens, "\(arguments): \(Self.opened(run))")
        }
        let none = try home.run(
            session, environment: environment.merging(["DBUS_SESSION_BUS_ADDRESS": nil]) { _, new in new })
        #expect(!Self.opened(none).contains { $0.hasPrefix(Self.bus) }, "\(Self.opened(none))")
    }

    /// Issue 37: a session with `--braille auto` (the default) or `on` whose local BrlAPI server has no socket never
    /// opens libbrlapi; `on` says so in one line and the session goes on. A remote server (`host:port`) can only be
    /// tried: libbrlapi is opened, finds none, and the session goes on the same.
    @Test(arguments: [("auto", ":64999", false), ("on", ":64999", false), ("on", "127.0.0.1:64999", true)])
    func brailleOpensLibbrlapiOnlyWhenAServerMayAnswer(setting: String, host: String, opens: Bool) throws {
        let run = try TemporaryHome().run(
            ["--plain", "--no-audio", "--pattern", "1-0-1", "--cycles", "1", "--lang", "en", "--braille", setting],
            environment: ["LD_DEBUG": "files", "BRLAPI_HOST": host])
        #expect(run.status == 0)
        #expect(run.stdoutLines.contains("Session complete: 1 cycle in 2 seconds."), "\(run.stdout)")
        #expect(Self.opened(run).contains { $0.hasPrefix(Self.braille) } == opens, "\(Self.opened(run))")
        let warnings = run.stderrLines.filter { $0.hasPrefix("breathe-voice:") }
        #expect(
            warnings
                == (setting == "on"
                    ? [
                        "breathe-voice: no braille display answered through BrlAPI (\(host)); the session goes on "
                            + "without braille."
                    ] : []))
    }

    /// `--speech-via speechd` opens libspeechd (and, here, finds no daemon at the address it is given).
    @Test func speechThroughSpeechDispatcherOpensLibspeechd() throws {
        let run = try TemporaryHome().run(
            ["--speech-via", "speechd", "--cycles", "1", "--lang", "en"],
            environment: ["LD_DEBUG": "files", "SPEECHD_ADDRESS": "unix_socket:/nonexistent/speechd.sock"]
        )
        #expect(run.status == 69)
        #expect(Self.opened(run).contains { $0.hasPrefix(Self.speechDispatcher) }, "\(Self.opened(run))")
    }

    /// A WAV with speech maps libespeak-ng the first time (every phrase is a cache miss) and not the second (every
    /// phrase is cached), and then libpulse neither (libespeak-ng itself needs it, through libpcaudio).
    @Test func speechIsOpenedOnlyOnACacheMiss() throws {
        let home = try TemporaryHome()
        let arguments = [
            "--pattern", "1-0-1", "--cycles", "1", "--lang", "en", "--output", home.root.path + "/session.wav",
        ]
        let first = try Self.run(arguments, in: home)
        #expect(first.status == 0)
        #expect(Self.opened(first).contains { $0.hasPrefix(Self.speech) }, "\(Self.opened(first))")
        let second = try Self.run(arguments, in: home)
        #expect(second.status == 0)
        #expect(!Self.opened(second).contains { $0.hasPrefix(Self.speech) }, "\(Self.opened(second))")
        #expect(!Self.opened(second).contains { $0.hasPrefix(Self.sound) }, "\(Self.opened(second))")
    }

    /// A `--voice` is checked against the installed voices only on a cache miss: a repeat whose phrases are all cached
    /// maps libespeak-ng no more than one without `--voice`, and an unknown voice is still refused on a miss.
    @Test func aCachedVoiceIsNotCheckedAgain() throws {
        let home = try TemporaryHome()
        let arguments = [
            "--pattern", "1-0-1", "--cycles", "1", "--lang", "en", "--voice", "en-gb", "--output",
            home.root.path + "/session.wav",
        ]
        let first = try Self.run(arguments, in: home)
        #expect(first.status == 0)
        #expect(Self.opened(first).contains { $0.hasPrefix(Self.speech) }, "\(Self.opened(first))")
        let second = try Self.run(arguments, in: home)
        #expect(second.status == 0)
        #expect(!Self.opened(second).contains { $0.hasPrefix(Self.speech) }, "\(Self.opened(second))")
        let unknown = try Self.run(arguments.map { $0 == "en-gb" ? "xx-nowhere" : $0 }, in: home)
        #expect(unknown.status == 64)
    }

    /// `--version --verbose` asks both libraries for their versions, so it opens both.
    @Test func verboseVersionOpensBoth() throws {
        let run = try Self.run(["--version", "--verbose"], in: TemporaryHome())
        #expect(run.status == 0)
        let opened = Self.opened(run)
        #expect(opened.contains { $0.hasPrefix(Self.speech) }, "\(opened)")
        #expect(opened.contains { $0.hasPrefix(Self.sound) }, "\(opened)")
    }
}

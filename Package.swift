// swift-tools-version:6.0
// SPDX-License-Identifier: GPL-3.0-or-later
import PackageDescription

let package = Package(
    name: "breathe-voice",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "breathe-voice", targets: ["breathe-voice"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        .executableTarget(
            name: "breathe-voice",
            dependencies: ["BreatheCommandLine", "CEarlySignals", "CEspeakNoAudio"],
            // Exported, so that libespeak-ng (opened with dlopen) finds the program's pcaudiolib entry point before
            // pcaudiolib's own: eSpeak NG never opens a connection to the sound server (CEspeakNoAudio).
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic-symbol=create_audio_device_object"])]
        ),
        // Blocks SIGINT, SIGTERM and SIGHUP before any other code of the program runs (.preinit_array), until main
        // takes them; only the executable links it, so test bundles and children never start with them blocked.
        .target(name: "CEarlySignals"),
        // eSpeak NG gets no audio device of its own (libespeak-ng 1.51 asks pcaudiolib for one, which connects to the
        // sound server, even for synthesis it never plays); only the executable links it.
        .target(name: "CEspeakNoAudio"),
        // The command line: swift-argument-parser's commands (one file per subcommand), their options, help pages and
        // the entry point. A command maps what it parsed to a request for the Kit; none calls the C library.
        .target(
            name: "BreatheCommandLine",
            dependencies: [
                "BreatheVoiceKit", "BreatheSystem", "BreatheCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The session over the system module: its presenters, its frontend, assembly and loop, reminders, history,
        // schedules, the doctor. No file of it imports a C library.
        .target(name: "BreatheVoiceKit", dependencies: ["BreatheSystem", "BreatheCore"]),
        // What the program does to the world: files, signals, the terminal, the screen reader's detection, and every
        // file that imports a C library (sound, speech, braille, the bus), with the messages in every language.
        .target(
            name: "BreatheSystem",
            dependencies: ["BreatheCore", "CEspeakNG", "CPulseAudio", "CSpeechd", "CBrlAPI", "CLouis", "CSdBus"],
            plugins: ["EmbedLocales"]
        ),
        .target(name: "BreatheCore"),
        // The system libraries give headers and types only: nothing links them, and the program opens them with dlopen
        // when a run first needs them (LiveSpeechLibrary, LivePulseLibrary, LiveSpeechdLibrary). No pkg-config, whose -l
        // flags would link them (and the dozens of libraries they need) into every run; their headers are on the default
        // path.
        .systemLibrary(
            name: "CEspeakNG",
            providers: [.apt(["libespeak-ng-dev"])]
        ),
        .systemLibrary(
            name: "CPulseAudio",
            providers: [.apt(["libpulse-dev"])]
        ),
        // libspeechd (speech-dispatcher's client library): the header only (no pkg-config needed); like the other two, the
        // library is opened with dlopen when a session first talks to speech-dispatcher (LiveSpeechdLibrary).
        .systemLibrary(
            name: "CSpeechd",
            providers: [.apt(["libspeechd-dev"])]
        ),
        // libbrlapi (BRLTTY's client library): the header only; the library is opened with dlopen when a session finds a
        // BrlAPI server to show itself on (LiveBrailleLibrary), never otherwise.
        .systemLibrary(
            name: "CBrlAPI",
            providers: [.apt(["libbrlapi-dev"])]
        ),
        // sd-bus (libsystemd's D-Bus client): the header only; the library is opened with dlopen when a live session or a
        // control command finds a session bus (LiveBusLibrary), never otherwise.
        .systemLibrary(
            name: "CSdBus",
            providers: [.apt(["libsystemd-dev"])]
        ),
        // liblouis (contracted braille, as Orca and NVDA use it): the header only; the library is opened with dlopen when
        // a braille display is set to literary braille (LiveLouisLibrary), never otherwise.
        .systemLibrary(
            name: "CLouis",
            providers: [.apt(["liblouis-dev"])]
        ),
        // Turns Locales/*.json into Swift source at build time, so the shipped binary carries every
        // language inside itself and runs alone from any folder (or from cron).
        .executableTarget(name: "LocaleEmbedder"),
        .plugin(
            name: "EmbedLocales",
            capability: .buildTool(),
            dependencies: ["LocaleEmbedder"]
        ),
        // Test support only (no product, not installed): appends history records with the real HistoryStore, so the
        // tests can run many writers as separate processes and kill them mid-append.
        .executableTarget(name: "HistoryAppender", dependencies: ["BreatheSystem", "BreatheVoiceKit", "BreatheCore"]),
        // Fakes and helpers the test targets share (a crontab(1) stand-in, a seeded generator, the binary's runner, the
        // private servers' requirements), as swift-argument-parser shares ArgumentParserTestHelpers: only test targets
        // depend on it, so none of it is linked into the program.
        .target(
            name: "BreatheTestSupport",
            dependencies: ["BreatheCommandLine", "BreatheVoiceKit", "BreatheSystem", "BreatheCore"],
            path: "Tests/BreatheTestSupport"),
        // The tests by kind (docs/contributing.md, "Where a test goes"). Unit tests: no server, no child process, no
        // run of the binary (BreatheSourceRulesTests keeps them so).
        .testTarget(name: "BreatheCoreTests", dependencies: ["BreatheCore", "BreatheTestSupport"]),
        .testTarget(
            name: "BreatheVoiceKitTests",
            dependencies: [
                "BreatheCommandLine", "BreatheVoiceKit", "BreatheSystem", "BreatheCore", "BreatheTestSupport",
            ]),
        // The Kit in-process against the real world: the private servers, other programs started as child processes.
        .testTarget(
            name: "BreatheIntegrationTests",
            dependencies: [
                "BreatheCommandLine", "BreatheVoiceKit", "BreatheSystem", "BreatheCore", "BreatheTestSupport",
            ]),
        // The built binary run as its users run it: commands, sessions beside the private servers, Fenrir, terminals.
        .testTarget(
            name: "BreatheEndToEndTests",
            dependencies: [
                "BreatheCommandLine", "BreatheVoiceKit", "BreatheSystem", "BreatheCore", "BreatheTestSupport",
            ]),
        // The rules read from the source tree (layers, file lengths, one home, waits and processes, the kinds apart).
        .testTarget(
            name: "BreatheSourceRulesTests",
            dependencies: [
                "BreatheCommandLine", "BreatheVoiceKit", "BreatheSystem", "BreatheCore", "BreatheTestSupport",
            ]),
    ]
)

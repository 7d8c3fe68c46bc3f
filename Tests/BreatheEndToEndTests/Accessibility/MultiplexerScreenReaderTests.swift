import Testing

@testable import BreatheTestSupport

/// Issue 35: the sessions inside Fenrir, in a pane of a terminal multiplexer, pass the test Fenrir alone passes
/// (`LiveAudioTests.screenReaderSessionIsHeardOnceOnTime`): the multiplexer's server is no child of Fenrir's, and
/// detection looks through it (whatever holds the pane's master side) to its client's terminal. One job each, beside the PulseAudio server only (the sound
/// server is not what they test); their names hold `InsideFenrir`, so `make test` runs them with the other Fenrir
/// sessions, last (scripts/test-swift.sh).
@Suite
struct MultiplexerScreenReaderTests {
    /// tmux started inside Fenrir, no option: detected through tmux.
    @Test func inEnglishInTmuxInsideFenrirEachPhaseIsHeardOnceOnTime() throws {
        try LiveAudioTests().screenReaderSessionIsHeardOnceOnTime(language: "en", arguments: [], inside: "tmux")
    }

    @Test func inSpanishInTmuxInsideFenrirEachPhaseIsHeardOnceOnTime() throws {
        try LiveAudioTests().screenReaderSessionIsHeardOnceOnTime(language: "es", arguments: [], inside: "tmux")
    }

    /// `--plain`: the display asked for, screen-reader mode still found.
    @Test func inEnglishPlainInTmuxInsideFenrirEachPhaseIsHeardOnceOnTime() throws {
        try LiveAudioTests().screenReaderSessionIsHeardOnceOnTime(
            language: "en", arguments: ["--plain"], inside: "tmux")
    }

    @Test func inSpanishPlainInTmuxInsideFenrirEachPhaseIsHeardOnceOnTime() throws {
        try LiveAudioTests().screenReaderSessionIsHeardOnceOnTime(
            language: "es", arguments: ["--plain"], inside: "tmux")
    }

    /// A tmux server started before Fenrir, outside it, and attached from inside it later.
    @Test func inATmuxServerAttachedLaterInsideFenrirEachPhaseIsHeardOnceOnTime() throws {
        try LiveAudioTests().screenReaderSessionIsHeardOnceOnTime(
            language: "en", arguments: ["--plain"], inside: "tmux-attached")
    }

    /// A GNU screen session started detached, outside Fenrir, and attached from inside it (`screen -r`).
    @Test func inAScreenSessionAttachedLaterInsideFenrirEachPhaseIsHeardOnceOnTime() throws {
        try LiveAudioTests().screenReaderSessionIsHeardOnceOnTime(
            language: "es", arguments: [], inside: "screen-attached")
    }

    /// Issue 41: a session kept by a program whose name nothing knows (scripts/detach-session.py, as dtach, abduco or
    /// zellij keep one), its master started before Fenrir, outside it, and its client attached from inside Fenrir,
    /// relaying the session over a Unix socket: found through the master side of the pane's terminal.
    @Test func inAKeptSessionAttachedLaterInsideFenrirEachPhaseIsHeardOnceOnTime() throws {
        try LiveAudioTests().screenReaderSessionIsHeardOnceOnTime(
            language: "en", arguments: [], inside: "detach-attached")
    }
}

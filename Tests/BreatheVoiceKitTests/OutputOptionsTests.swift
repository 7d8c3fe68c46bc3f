import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// Choosing the display from the flags, the environment and the terminal; keys; the event stream's JSON text.
@Suite struct OutputOptionsTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var id: String
        var display: DisplayMode = .auto
        var plain = false
        var color: ColorMode = .auto
        var events: String?
        var environment: [String: String] = ["TERM": "xterm"]
        var terminal = true
        var expected: DisplayMode
        var colour: Bool
        var testDescription: String { id }
    }

    static let rows: [Row] = [
        Row(id: "auto at a terminal is visual in colour", expected: .visual, colour: true),
        Row(id: "auto into a pipe is plain", terminal: false, expected: .plain, colour: false),
        Row(id: "auto with TERM=dumb is plain", environment: ["TERM": "dumb"], expected: .plain, colour: false),
        Row(id: "auto without TERM is plain", environment: [:], expected: .plain, colour: false),
        Row(
            id: "explicit visual with TERM=dumb is plain", display: .visual, environment: ["TERM": "dumb"],
            expected: .plain, colour: false),
        Row(
            id: "NO_COLOR turns colour off", environment: ["TERM": "xterm", "NO_COLOR": "1"], expected: .visual,
            colour: false),
        Row(
            id: "empty NO_COLOR does not", environment: ["TERM": "xterm", "NO_COLOR": ""], expected: .visual,
            colour: true),
        Row(id: "--color never", color: .never, expected: .visual, colour: false),
        Row(
            id: "--color always overrides NO_COLOR", color: .always, environment: ["TERM": "xterm", "NO_COLOR": "1"],
            expected: .visual, colour: true),
        Row(id: "--plain wins", display: .visual, plain: true, expected: .plain, colour: false),
        Row(id: "quiet", display: .quiet, expected: .quiet, colour: false),
        Row(id: "events on stdout make auto quiet", events: "json", expected: .quiet, colour: false),
        Row(id: "events to a file keep the display", events: "json=/tmp/x", expected: .visual, colour: true),
    ]

    @Test(arguments: rows)
    func resolvesTheDisplay(row: Row) throws {
        let options = try OutputOptions.resolve(
            display: row.display, plain: row.plain, color: row.color, events: row.events,
            environment: row.environment, standardOutputIsTerminal: row.terminal
        ).get()
        #expect(options.display == row.expected)
        #expect(options.color == row.colour)
    }

    @Test func eventsOnStandardOutputRefuseAnExplicitDisplay() {
        let result = OutputOptions.resolve(
            display: .visual, events: "json", environment: [:], standardOutputIsTerminal: true)
        #expect(throws: InputError.self) { try result.get() }
    }

    @Test(arguments: [
        ("json", EventsDestination.standardOutput), ("json=-", .standardOutput), ("json=/a/b", .file("/a/b")),
        ("json=fd:1", .descriptor(1)),
    ])
    func parsesEventDestinations(text: String, expected: EventsDestination) throws {
        #expect(try EventsDestination.parse(text).get() == expected)
    }

    @Test(arguments: ["", "xml", "json=", "json=fd:", "json=fd:-1", "jsonl"])
    func refusesBadEventDestinations(text: String) {
        #expect(throws: InputError.self) { try EventsDestination.parse(text).get() }
    }

    @Test(arguments: [
        (" ", SessionInput.togglePause), ("s", .skip), ("S", .skip), ("q", .quit), ("Q", .quit), ("\u{1B}", .quit),
        ("?", .help), ("t", .timeLeft), ("T", .timeLeft), ("r", .repeatInstruction), ("R", .repeatInstruction),
        ("+", .faster), ("=", .faster), ("-", .slower), ("_", .slower), ("]", .louderTones), ("[", .softerTones),
    ])
    func keysMeanWhatTheHelpSays(key: String, expected: SessionInput) {
        #expect(KeyReader.input(for: key.utf8.first!) == expected)
    }

    /// Every other ASCII key is an unknown key (answered with the hint about `?`); a UTF-8 continuation byte is no
    /// key at all, so a character typed as several bytes gets one hint, not one per byte.
    @Test func otherKeysAreUnknownKeys() {
        for byte in UInt8(0)...127 where !" sSqQ?\u{1B}tTrR+=-_[]".utf8.contains(byte) {
            #expect(KeyReader.input(for: byte) == .unknownKey)
        }
        for byte in UInt8(0x80)...0xBF {
            #expect(KeyReader.input(for: byte) == nil)
        }
        #expect(KeyReader.input(for: 0xC3) == .unknownKey)
    }

    @Test func jsonStringsEscapeEverythingAControlCharacter() {
        #expect(EventJSON.quote("a\"b\\c\n\u{1B}ñ") == #""a\"b\\c\n\u001bñ""#)
    }
}

import ArgumentParser
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// The raw-value enums describe themselves exactly as ArgumentParser's own defaults would, seen through the protocol
/// as ArgumentParser sees them: help, completions and errors are unchanged (GeneratedFilesTests and CompletionTests check
/// the pages and scripts made from them).
@Suite struct RawValueArgumentTests {
    static func described<T: ExpressibleByArgument & CaseIterable & RawRepresentable>(_: T.Type) -> (
        strings: [String], descriptions: [String: String], values: [String]
    ) where T.RawValue == String {
        (T.allValueStrings, T.allValueDescriptions, T.allCases.map(\.defaultValueDescription))
    }

    static func expected<T: CaseIterable & RawRepresentable>(_: T.Type) -> [String] where T.RawValue == String {
        T.allCases.map { "\($0.rawValue)" }
    }

    @Test func displayColorSpeechViaAndPriority() {
        let cases = [
            (Self.described(DisplayMode.self), Self.expected(DisplayMode.self)),
            (Self.described(ColorMode.self), Self.expected(ColorMode.self)),
            (Self.described(SpeechBackend.self), Self.expected(SpeechBackend.self)),
            (Self.described(SpeechPriority.self), Self.expected(SpeechPriority.self)),
        ]
        for (described, expected) in cases {
            #expect(!expected.isEmpty)
            #expect(described.strings == expected)
            #expect(described.values == expected)
            #expect(described.descriptions.isEmpty)
        }
    }
}

import ArgumentParser

/// A string enum given on the command line by its raw value (`--display plain`, `--speech-via speechd`).
///
/// ArgumentParser builds every option's help before it parses, and its default descriptions of such a type go
/// through `"\(value.rawValue)"`, a generic interpolation with dynamic casts, for every case at every start: about 10 %
/// of a session's start-up instructions. These give the same strings directly.
protocol RawValueArgument: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension RawValueArgument {
    package static var allValueStrings: [String] { allCases.map(\.rawValue) }
    /// Empty, as ArgumentParser's own: a case's description is its raw value, so there is nothing to add.
    package static var allValueDescriptions: [String: String] { [:] }
    package var defaultValueDescription: String { rawValue }
}

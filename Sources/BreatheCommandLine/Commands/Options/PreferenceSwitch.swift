import ArgumentParser
import BreatheCore

/// A switch that turns an on/off preference on (`--count`), one for every row that says its option is a
/// switch (`PreferenceDeclaration.isSwitch`): named and described by that row, so a new one needs no line here.
struct PreferenceSwitch: EnumerableFlag, CustomStringConvertible {
    /// The preference it turns on.
    let key: PreferenceKey

    /// Every switch, in the table's order: what `--help` lists, the man pages and the completions too.
    static var allCases: [PreferenceSwitch] {
        PreferenceKey.allCases.filter { $0.declaration.isSwitch }.map { PreferenceSwitch(key: $0) }
    }

    static func name(for value: PreferenceSwitch) -> NameSpecification { .preference(value.key) }

    static func help(for value: PreferenceSwitch) -> ArgumentHelp? { .preferenceSwitch(value.key) }

    /// Its preference's name: argument-parser keys each case by it.
    var description: String { key.rawValue }
}

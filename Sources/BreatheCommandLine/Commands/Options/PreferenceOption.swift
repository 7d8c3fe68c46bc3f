import ArgumentParser
import BreatheCore

extension NameSpecification {
    /// A preference's option, by the name its row gives (`PreferenceKey.declaration`).
    static func preference(_ key: PreferenceKey) -> NameSpecification { .customLong(key.declaration.longName) }
}

extension ArgumentHelp {
    /// A preference's option: its help sentence and its value's name, from its row (`PreferenceKey.declaration`).
    static func preference(_ key: PreferenceKey) -> ArgumentHelp {
        ArgumentHelp(HelpText.english(key.declaration.helpKey), valueName: key.declaration.valueName)
    }

    /// A preference's switch, an option without a value (`--count`): its help sentence, from its row.
    static func preferenceSwitch(_ key: PreferenceKey) -> ArgumentHelp {
        ArgumentHelp(HelpText.english(key.declaration.helpKey))
    }
}

import ArgumentParser
import BreatheCore

/// The switches of the on/off preferences (`--count`…), taken from the preferences' rows: the ones given turn their
/// preference on, above the environment and the file.
struct PreferenceSwitches: ParsableArguments {
    @Flag var switches: [PreferenceSwitch] = []

    /// The preferences these switches override, by key.
    var preferenceFlags: [PreferenceKey: String] {
        Dictionary(switches.map { ($0.key, "on") }) { first, _ in first }
    }
}

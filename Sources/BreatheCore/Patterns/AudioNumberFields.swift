/// The audio options' fields; their ranges are the preferences' (`PreferenceRules`), written there once.
extension NumberField {
    /// `--rate`: eSpeak NG words per minute, 80–450.
    package static let speechRate = NumberField(
        name: .fieldRate, places: 0, range: PreferenceRules.rate, rangeKey: .rangeCount)
    /// `--pitch`: 0–100, 50 normal.
    package static let speechPitch = NumberField(
        name: .fieldPitch, places: 0, range: PreferenceRules.pitch, rangeKey: .rangeCount)
    /// `--volume`: 0–200, 100 normal.
    package static let speechVolume = NumberField(
        name: .fieldVolume, places: 0, range: PreferenceRules.volume, rangeKey: .rangeCount)
    /// `--tone-volume`: 0–100.
    package static let toneVolume = NumberField(
        name: .fieldToneVolume, places: 0, range: PreferenceRules.toneVolume, rangeKey: .rangeCount)
}

/// Whether a session makes a sound: the one place it is decided (a session that does needs the sound server when it
/// plays live; a reminder that does waits for a call to end; `doctor` checks the server for it).
extension Preferences {
    /// Speech, the cue tones or the guide sound: any of them makes a sound.
    package static func makesSound(speech: Bool, tones: Bool, guide: GuideSetting) -> Bool {
        speech || tones || guide != .off
    }

    /// Whether a session with these preferences makes a sound.
    package var makesSound: Bool {
        Self.makesSound(speech: flag(.speech), tones: flag(.tones), guide: setting(.guide))
    }
}

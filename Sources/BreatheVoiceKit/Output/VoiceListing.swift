import BreatheCore

/// The `voices` listing: the installed eSpeak NG voices that speak the session language, one per line.
public struct VoiceListing {
    public let localizer: Localizer
    public let speech: Speech

    public init(localizer: Localizer, speech: Speech) {
        self.localizer = localizer
        self.speech = speech
    }

    public func text() throws(BreatheError) -> String {
        let language = localizer.language
        let voices = try speech.voices().filter { $0.speaks(language) }
        let name = MessageArgument.text(localizer.catalog.name)
        guard !voices.isEmpty else { return PlainText.line(localizer.string(Message(.voicesNone, ["language": name]))) }
        var lines = [localizer.string(Message(.voicesHeader, ["language": name]))]
        for voice in voices {
            lines.append(localizer.string(Message(.voicesRow, ["code": .text(voice.code), "name": .text(voice.name)])))
        }
        return lines.map(PlainText.line).joined()
    }
}

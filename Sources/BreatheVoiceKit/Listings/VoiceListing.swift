import BreatheCore
import BreatheSystem

/// The `voices` listing: the installed eSpeak NG voices that speak the session language, one per line.
package struct VoiceListing {
    let localizer: Localizer
    package let speech: Speech

    package init(localizer: Localizer, speech: Speech) {
        self.localizer = localizer
        self.speech = speech
    }

    package func text() throws(BreatheError) -> String {
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

    /// `voices --json`: one document, version 1: the session language, its voices and the installed variants.
    package func json() throws(BreatheError) -> String {
        let language = localizer.language
        let voices = try speech.voices().filter { $0.speaks(language) }
        let variants = try speech.variants()
        return JSONWriter.pretty(
            .object([
                ("version", JSONNode(.number("1"))),
                ("language", JSONNode(.string(language))),
                (
                    "voices",
                    JSONNode(
                        .array(
                            voices.map { voice in
                                JSONNode(
                                    .object([
                                        ("code", JSONNode(.string(voice.code))),
                                        ("name", JSONNode(.string(voice.name))),
                                        ("identifier", JSONNode(.string(voice.identifier))),
                                        ("languages", JSONNode(.array(voice.languages.map { JSONNode(.string($0)) }))),
                                    ]))
                            }))
                ),
                ("variants", JSONNode(.array(variants.map { JSONNode(.string($0)) }))),
            ]))
    }
}

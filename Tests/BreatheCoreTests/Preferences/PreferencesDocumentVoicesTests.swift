import Testing

@testable import BreatheCore

/// `prefs set voice.es`, `prefs unset voice.es`, `prefs get voice.es`: one voice per language in the one `voice`
/// member.
@Suite struct PreferencesDocumentVoicesTests {
    @Test func settingOneLanguageKeepsTheOthers() {
        var document = PreferencesDocument(values: [.voice: .voices(["en": "en-us"])])
        document.setVoice("es+f3", for: "es")
        #expect(document.values[.voice] == .voices(["en": "en-us", "es": "es+f3"]))
        document.setVoice("en-gb", for: "en")
        #expect(document.values[.voice] == .voices(["en": "en-gb", "es": "es+f3"]))
        #expect(document.voice(for: "en") == "en-gb")
        #expect(document.voice(for: "es-419") == nil)
    }

    @Test func theFirstVoiceCreatesTheMember() {
        var document = PreferencesDocument()
        #expect(document.voice(for: "en") == nil)
        document.setVoice("en-us", for: "en")
        #expect(document.values[.voice] == .voices(["en": "en-us"]))
    }

    @Test func removingTheLastVoiceRemovesTheMember() {
        var document = PreferencesDocument(values: [.voice: .voices(["en": "en-us", "es": "es"])])
        document.removeVoice(for: "es")
        #expect(document.values[.voice] == .voices(["en": "en-us"]))
        document.removeVoice(for: "es")
        #expect(document.values[.voice] == .voices(["en": "en-us"]))
        document.removeVoice(for: "en")
        #expect(document.values[.voice] == nil)
        document.removeVoice(for: "en")
        #expect(document == PreferencesDocument())
    }
}

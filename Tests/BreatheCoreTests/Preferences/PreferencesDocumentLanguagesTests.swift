import Testing

@testable import BreatheCore

/// `prefs set voice.es`, `prefs unset voice.es`, `prefs get voice.es`: one voice per language in the one `voice`
/// member.
@Suite struct PreferencesDocumentLanguagesTests {
    @Test func settingOneLanguageKeepsTheOthers() {
        var document = PreferencesDocument(values: [.voice: .byLanguage(["en": "en-us"])])
        document.save(.text("es+f3"), for: .voice, language: "es")
        #expect(document.values[.voice] == .byLanguage(["en": "en-us", "es": "es+f3"]))
        document.save(.text("en-gb"), for: .voice, language: "en")
        #expect(document.values[.voice] == .byLanguage(["en": "en-gb", "es": "es+f3"]))
        #expect(document.text(.voice, for: "en") == "en-gb")
        #expect(document.text(.voice, for: "es-419") == nil)
    }

    @Test func theFirstVoiceCreatesTheMember() {
        var document = PreferencesDocument()
        #expect(document.text(.voice, for: "en") == nil)
        document.save(.text("en-us"), for: .voice, language: "en")
        #expect(document.values[.voice] == .byLanguage(["en": "en-us"]))
    }

    @Test func removingTheLastVoiceRemovesTheMember() {
        var document = PreferencesDocument(values: [.voice: .byLanguage(["en": "en-us", "es": "es"])])
        document.remove(.voice, language: "es")
        #expect(document.values[.voice] == .byLanguage(["en": "en-us"]))
        document.remove(.voice, language: "es")
        #expect(document.values[.voice] == .byLanguage(["en": "en-us"]))
        document.remove(.voice, language: "en")
        #expect(document.values[.voice] == nil)
        document.remove(.voice, language: "en")
        #expect(document == PreferencesDocument())
    }

    /// Any other preference is saved and removed whole, whatever the language.
    @Test func anotherPreferenceIsOneValue() {
        var document = PreferencesDocument()
        document.save(.integer(200), for: .rate, language: "es")
        #expect(document.values == [.rate: .integer(200)] && document.text(.rate, for: "es") == nil)
        document.remove(.rate, language: "es")
        #expect(document == PreferencesDocument())
    }
}

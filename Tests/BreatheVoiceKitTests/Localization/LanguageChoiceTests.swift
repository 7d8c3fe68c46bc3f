import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

@Suite struct LanguageChoiceTests {
    @Test(arguments: [
        ([String: String](), "en"),
        (["LANG": "es_ES.UTF-8"], "es"),
        (["LANG": "es_MX"], "es-419"),
        (["LANG": "es_AR.UTF-8"], "es-419"),
        (["LANG": "es_US.UTF-8"], "es-419"),
        (["LANG": "es_CO@euro"], "es-419"),
        (["LANG": "es"], "es"),
        (["LANG": "es_ES@euro"], "es"),
        (["LANG": "fr_FR.UTF-8"], "fr"),
        (["LANG": "fr_CA.UTF-8"], "fr"),
        (["LANG": "pt_BR.UTF-8"], "pt-BR"),
        (["LANG": "pt"], "pt-BR"),
        (["LANG": "pt_PT.UTF-8"], "pt-BR"),
        (["LANG": "tlh_QO.UTF-8"], "en"), // No locale file for Klingon: English.
        (["LANG": "C"], "en"),
        (["LC_ALL": "es_ES.UTF-8", "LANG": "en_US.UTF-8"], "es"),
        (["LC_ALL": "", "LC_MESSAGES": "es_ES", "LANG": "en_US"], "es"),
        (["LC_ALL": "en_GB", "LC_MESSAGES": "es_ES"], "en"),
    ])
    func environment(variables: [String: String], expected: String) {
        #expect(LanguageChoice.fromEnvironment(variables) == expected)
    }

    @Test func flagWinsOverTheEnvironment() throws {
        #expect(try LanguageChoice.resolve(flag: "en", environment: ["LANG": "es_ES"]).get() == "en")
        #expect(try LanguageChoice.resolve(flag: "ES", environment: [:]).get() == "es")
        #expect((try? LanguageChoice.resolve(flag: "tlh", environment: [:]).get()) == nil)
        #expect(try LanguageChoice.resolve(flag: "es-419", environment: [:]).get() == "es-419")
        #expect(try LanguageChoice.resolve(flag: "es_MX", environment: [:]).get() == "es-419")
        #expect(try LanguageChoice.resolve(flag: "es_ES", environment: [:]).get() == "es")
        #expect(try LanguageChoice.resolve(flag: "pt-br", environment: [:]).get() == "pt-BR")
        #expect(try LanguageChoice.resolve(flag: "PT_BR", environment: [:]).get() == "pt-BR")
        #expect(try LanguageChoice.resolve(flag: "fr", environment: [:]).get() == "fr")
    }
}

import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

@Suite struct LocaleCompletenessTests {
    /// The arguments a template names: `{done}` and `{done:nominative}` alike name `done` (a language chooses the form
    /// of its own numbers).
    static func placeholders(_ template: String) -> Set<String> {
        Set(forms(template).map(\.name))
    }

    /// Every placeholder of a template, with the form it asks for, if any.
    static func forms(_ template: String) -> [Localizer.Placeholder] {
        var found: [Localizer.Placeholder] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let placeholder = Localizer.Placeholder(rest[rest.index(after: open)..<close])
            // Only identifiers are placeholders; literal braces in an example ({"calm": "4-2-6"}) are text.
            let words = [placeholder.name] + (placeholder.form.map { [$0] } ?? [])
            if words.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber } }) {
                found.append(placeholder)
            }
            rest = rest[rest.index(after: close)...]
        }
        return found
    }

    /// Every form a sentence or the date asks for (`{day:ordinal}`) is one the file, or its parent, writes
    /// (`_numbers.ordinal`): a misspelt form would leave the digits unsaid as the language says them.
    @Test(arguments: LocaleCatalog.codes)
    func everyFormASentenceAsksIsInTheFile(code: String) throws {
        let catalog = try #require(LocaleCatalog.all[code])
        var templates = [("_date", catalog.dateFormat)]
        for key in MessageKey.allCases {
            for template in catalog.entries[key.localeKey]?.templates ?? [] {
                templates.append((key.localeKey, template))
            }
        }
        for (key, template) in templates {
            for case let form? in Self.forms(template).map(\.form) {
                #expect(
                    catalog.numberForms[form] != nil,
                    "Locales/\(code).json, \(key): {…:\(form)} names no _numbers.\(form) of the file")
            }
        }
    }

    /// Every file of Locales/ is built in, and nothing else: a new language is its file, never a list here.
    @Test func everyLocaleFileIsBuiltIn() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: LocaleCatalogTests.locales.path)
        let codes = files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(".json".count)) }
        #expect(LocaleCatalog.codes.sorted() == codes.sorted())
        #expect(LocaleCatalog.codes.contains("en"))
    }

    @Test func theShippedLanguagesHaveTheirVoices() {
        #expect(LocaleCatalog.all["en"]?.voice == "en-us")
        #expect(LocaleCatalog.all["es"]?.voice == "es")
        #expect(LocaleCatalog.all["es-419"]?.voice == "es-419")
        #expect(LocaleCatalog.all["fr"]?.voice == "fr")
        #expect(LocaleCatalog.all["pt-BR"]?.voice == "pt-br")
    }

    /// A language's file brings its plural rule: French and Brazilian Portuguese keep 0 and 1,5 singular, English
    /// and Spanish only 1.
    @Test(arguments: [
        ("en", 15, "1.5 seconds"), ("en", 10, "1 second"), ("es", 15, "1,5 segundos"), ("fr", 15, "1,5 seconde"),
        ("fr", 10, "une seconde"), ("fr", 0, "0 seconde"), ("fr", 20, "2 secondes"), ("pt-BR", 15, "1,5 segundo"),
        ("pt-BR", 25, "2,5 segundos"),
    ])
    func pluralRuleComesFromTheFile(code: String, tenths: Int, expected: String) {
        #expect(Localizer(language: code).string(.seconds(tenths: tenths)) == expected)
    }

    /// Latin American Spanish is an overlay: its own wording where it differs, Spain's everywhere else.
    @Test func latinAmericanSpanishOverlaysSpanish() throws {
        let overlay = try #require(LocaleCatalog.all["es-419"])
        #expect(overlay.parent == "es")
        #expect(overlay.decimalSeparator == ",")
        #expect(overlay.serves(region: "MX") && overlay.serves(region: "ar") && !overlay.serves(region: "ES"))
        let latin = Localizer(language: "es-419")
        #expect(latin.string(Message(.linePaused)) == "En pausa. Presiona espacio para continuar, q para salir.")
        #expect(latin.string(Message(.moodPrompt)).contains("Enter para omitir"))
        #expect(latin.string(Message(.phaseHold)) == "Mantén el aire")
        #expect(latin.string(.seconds(tenths: 55)) == "5,5 segundos")
        #expect(overlay.ownKeys.count < 20, "an overlay holds only the sentences that differ")
    }

    /// "Pulsa" and "Intro" are Spain's words: every Spanish sentence that uses them needs a Latin American one.
    @Test func everyPulsaAndIntroHasALatinAmericanSentence() throws {
        let spain = try #require(LocaleCatalog.all["es"])
        let overlay = try #require(LocaleCatalog.all["es-419"])
        let spainWords: Set<String> = ["pulsa", "pulses", "pulsar", "intro"]
        for (key, entry) in spain.entries.all {
            let words = entry.templates.flatMap { $0.split(whereSeparator: { !$0.isLetter }).map { $0.lowercased() } }
            guard words.contains(where: spainWords.contains) else { continue }
            #expect(
                overlay.ownKeys.contains(key),
                "Locales/es-419.json needs its own \(key) (Presiona for Pulsa, Enter for Intro)")
            if overlay.ownKeys.contains(key), let own = overlay.entries[key] {
                let ownWords = own.templates.flatMap {
                    $0.split(whereSeparator: { !$0.isLetter }).map { $0.lowercased() }
                }
                #expect(!ownWords.contains(where: spainWords.contains), "es-419 \(key) still says Pulsa or Intro")
            }
        }
    }

    @Test(arguments: LocaleCatalog.codes)
    func everyKeyExistsWithTheSamePlaceholders(code: String) throws {
        let catalog = try #require(LocaleCatalog.all[code])
        let english = try #require(LocaleCatalog.all["en"])
        for key in MessageKey.allCases {
            let entry = try #require(catalog.entries[key.localeKey], "\(code) lacks \(key.localeKey)")
            let reference = try #require(english.entries[key.localeKey])
            let expected = reference.templates.map(Self.placeholders).reduce(Set(), { $0.union($1) })
            for template in entry.templates {
                var allowed = [expected]
                // A plural's "one" form may say the number in words ("un ciclo") and leave {n} out.
                if case .plural(let one, _, let exactlyOne) = entry, template == one || template == exactlyOne {
                    allowed.append(expected.subtracting(["n"]))
                }
                #expect(allowed.contains(Self.placeholders(template)), "\(code) \(key.localeKey): \(template)")
                #expect(!template.isEmpty)
            }
        }
        // Nothing in the file that the code does not use.
        // The help texts (help.*, helpPage.*) are checked against the commands by HelpCatalogTests.
        let known = Set(MessageKey.allCases.map(\.localeKey) + PreferenceKey.allCases.map(PreferencesListing.labelKey))
        let unused = Set(catalog.entries.keys).subtracting(known)
            .filter { !$0.hasPrefix("help.") && !$0.hasPrefix("helpPage.") && !$0.hasPrefix("system.") }
        #expect(unused.isEmpty, "unused keys in \(code): \(unused.sorted())")
    }

    /// A message's case is its locale key without dots and hyphens (`MessageKey(localeKey:)`): no two keys of a file
    /// may fold to the same case, or one of them would never be said.
    @Test(arguments: LocaleCatalog.codes)
    func everyMessageKeyFoldsToItsOwnCase(code: String) throws {
        let catalog = try #require(LocaleCatalog.all[code])
        var byCase: [MessageKey: [String]] = [:]
        for key in catalog.entries.keys {
            if let message = MessageKey(localeKey: key) { byCase[message, default: []].append(key) }
        }
        #expect(byCase.values.filter { $0.count > 1 }.isEmpty, "\(code): \(byCase.values.filter { $0.count > 1 })")
        #expect(byCase.count == MessageKey.allCases.count)
    }

    /// The system's own English words for the failures a user can meet (strerror, libpulse) have a translation.
    @Test(arguments: LocaleCatalog.codes.filter { $0 != "en" })
    func systemErrorsAreTranslated(code: String) {
        let localizer = Localizer(language: code)
        let errnos: [Int32] = [
            ENOENT, EACCES, EPERM, ENOSPC, EROFS, EEXIST, ENOTDIR, EISDIR, ELOOP, ENAMETOOLONG, EIO,
            ECONNREFUSED, EMFILE, EDQUOT, EAGAIN, EBADF, ENXIO, EPIPE, ENOTEMPTY, ETIMEDOUT, ECONNRESET,
        ]
        let texts =
            errnos.map(SystemError.describe) + [
                "Access denied", "Connection refused", "Timeout", "Connection terminated", "Invalid server",
                "Protocol error",
                "No authentication key", "no PulseAudio socket found",
            ]
        for text in texts {
            let shown = localizer.string(Message(.errorAudioUnavailable, ["detail": .systemText(text)]))
            #expect(!shown.contains(text), "\(code) lacks system.\(text)")
        }
        #expect(
            localizer.string(
                Message(.errorRead, ["path": .text("/x"), "reason": .systemText(SystemError.describe(EACCES))])
            )
            .contains("permiso denegado") == (code.hasPrefix("es")))
    }

    /// `prefs show` names every preference in the user's language: a new preference needs its `pref.label.<key>` in
    /// every locale file, and nothing else.
    @Test(arguments: LocaleCatalog.codes)
    func everyPreferenceHasALabel(code: String) {
        let localizer = Localizer(language: code)
        for key in PreferenceKey.allCases {
            let label = localizer.text(forKey: PreferencesListing.labelKey(key))
            #expect(label?.isEmpty == false, "Locales/\(code).json lacks \(PreferencesListing.labelKey(key))")
        }
    }

    /// `--days` takes the words people type in each language, with spaces, plural and accents or without (issue 42).
    @Test(arguments: [
        ("week-ends", [0, 6]), ("week-end", [0, 6]), ("fins de semaine", [0, 6]), ("en semaine", [1, 2, 3, 4, 5]),
        ("jours ouvrés", [1, 2, 3, 4, 5]), ("tous les jours", [0, 1, 2, 3, 4, 5, 6]), ("lun-ven", [1, 2, 3, 4, 5]),
        ("dias úteis", [1, 2, 3, 4, 5]), ("dias uteis", [1, 2, 3, 4, 5]), ("fim de semana", [0, 6]),
        ("fins de semana", [0, 6]), ("todos os dias", [0, 1, 2, 3, 4, 5, 6]), ("seg-sex", [1, 2, 3, 4, 5]),
        ("sáb,dom", [0, 6]), ("entre semana", [1, 2, 3, 4, 5]), ("todos los días", [0, 1, 2, 3, 4, 5, 6]),
    ])
    func daysAreTheWordsPeopleType(text: String, days: [Int]) throws {
        let set = try WeekdaySet.parse(text, names: .everyLanguage).get()
        #expect(set == WeekdaySet(days: days), "\(text)")
    }

    /// Every day name, group word and example a help sentence or a refusal shows is one `--days` accepts.
    @Test(arguments: LocaleCatalog.codes)
    func theDaysInHelpAndRefusalsAreAccepted(code: String) throws {
        let localizer = Localizer(language: code)
        let refusal = localizer.string(Message(.errorDaysSyntax, ["value": .text("x")]))
        let help = try #require(localizer.text(forKey: "help.option.days"))
        for sentence in [refusal, help] {
            // The examples follow the first colon: "lun-ven, sam,dim ou lun,mer,ven".
            guard let colon = sentence.firstIndex(of: ":") else { continue }
            let words = sentence[sentence.index(after: colon)...].split(whereSeparator: { " \u{A0},.…()".contains($0) })
            for word in words where word.contains("-") {
                #expect(
                    (try? WeekdaySet.parse(String(word), names: .everyLanguage).get()) != nil,
                    "Locales/\(code).json: “\(word)” in “\(sentence)” is not a --days value")
            }
        }
    }

    @Test func spanishHasItsAccents() {
        let spanish = Localizer(language: "es")
        #expect(spanish.string(Message(.phaseInhale)) == "Inhala")
        #expect(spanish.string(Message(.phaseHold)) == "Mantén el aire")
        #expect(spanish.string(Message(.phaseExhale)) == "Exhala")
        #expect(spanish.string(Message(.phaseRest)) == "Descansa")
    }
}

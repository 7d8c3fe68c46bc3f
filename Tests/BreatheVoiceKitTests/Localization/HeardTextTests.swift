import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// What is heard is the test: every sentence the program speaks or prints for a screen reader, in every language file,
/// filled with the numbers that matter, passed through libespeak-ng's own phonemes with that language's voice. It fails
/// on a switch to another language (`(en)` in the phonemes), on a symbol read by its name ("menos", "dash", "barra"),
/// and on a number said in the wrong gender. A new file in Locales/ is checked with no change here.
@Suite struct HeardTextTests {
    /// The numbers that matter: 0, 1, 2, the twenties where French, Spanish and Portuguese change the ending, a hundred
    /// and one, two hundred.
    static let counts = [0, 1, 2, 21, 22, 31, 101, 200, 221]

    // MARK: the sentences

    /// A session's plans: every built-in pattern at 21 minutes, one and two and twenty-two cycles of 4-7-8, and the
    /// longest pattern (four phases, tenths, a ramp).
    static var plans: [SessionPlan] {
        var plans: [SessionPlan] = []
        for pattern in BreathingPattern.builtIn {
            if case .success(let plan) = SessionPlan.make(
                pattern: pattern, length: .minutes(hundredths: 2100), sampleRate: 22_050)
            {
                plans.append(plan)
            }
        }
        let fourSevenEight = BreathingPattern.builtIn(named: "4-7-8")!
        for cycles in [1, 2, 21, 22] {
            if case .success(let plan) = SessionPlan.make(
                pattern: fourSevenEight, length: .cycles(cycles), sampleRate: 22_050)
            {
                plans.append(plan)
            }
        }
        if case .success(let longest) = PatternSpec.parseTimings("21.5-1.5-22.5-60"),
            case .success(let plan) = SessionPlan.make(
                pattern: longest, ramps: [Ramp(kind: .exhale, targetTenths: 605)], length: .cycles(2),
                sampleRate: 22_050)
        {
            plans.append(plan)
        }
        return plans
    }

    /// Every announcement of a session of `plan` (lines and speech): the opening, every phase, the keys a user may
    /// press (time left, pause and resume, help, the rate and the volume), then its end, completed or stopped.
    static func sessionMessages(_ plan: SessionPlan) -> [Message] {
        var messages: [Message] = []
        func collect(_ effects: [SessionEffect]) {
            for case .announce(let announcement) in effects {
                messages.append(announcement.line)
                if let speech = announcement.speech { messages.append(speech) }
            }
        }
        for terse in [false, true] {
            let machine = SessionMachine(
                plan: plan, announcesKeys: true, opening: Announcement(line: Message(.speechRemindOpening)),
                terse: terse)
            var state = SessionState.idle
            func apply(_ event: SessionEvent) {
                let step = machine.transition(state, event)
                state = step.state
                collect(step.effects)
            }
            apply(.startRequested)
            apply(.leadInElapsed)
            let second = Int64(plan.sampleRate)
            apply(.timeLeftRequested(at: plan.breathingStart + second))
            apply(.pauseRequested(at: plan.breathingStart + second))
            apply(.resumeRequested)
            apply(.helpRequested)
            apply(.speechRateChanged(201))
            apply(.toneVolumeChanged(21))
            apply(.speechRateChanged(nil))
            apply(.toneVolumeChanged(nil))
            apply(.skipRequested)
            while case .active = state { apply(.phaseElapsed) }
            let stopped = SessionMachine(plan: plan, terse: terse)
            var other = stopped.transition(.idle, .startRequested).state
            other = stopped.transition(other, .leadInElapsed).state
            collect(stopped.transition(other, .stopRequested(at: plan.breathingEnd - second)).effects)
        }
        return messages
    }

    /// The sentences of the keys a session says with no number in them, and of the lines heard outside a session
    /// (the mood question, the empty history): none may switch language or say a symbol either.
    static let plainPrefixes = ["line.", "speech.", "phase.", "pattern.", "timings.", "mood.", "stats.", "weekday."]

    /// Every text one language speaks or prints for a screen reader, with what produced it.
    static func texts(_ code: String) -> [(origin: String, text: String)] {
        let localizer = Localizer(language: code)
        var texts: [(String, String)] = []
        var seen = Set<String>()
        func add(_ origin: String, _ text: String) {
            for line in text.split(separator: "\n") where seen.insert(String(line)).inserted {
                texts.append((origin, String(line)))
            }
        }
        for plan in plans {
            for message in sessionMessages(plan) { add("session \(message.key.localeKey)", localizer.string(message)) }
        }
        for (origin, text) in listingTexts(localizer) { add(origin, text) }
        for key in MessageKey.allCases where plainPrefixes.contains(where: key.localeKey.hasPrefix) {
            let message = Message(key)
            let text = localizer.string(message)
            if !text.contains("{") { add(key.localeKey, text) }
        }
        for count in counts {
            for key in [MessageKey.unitSeconds, .unitMinutes, .unitHours, .unitCycles, .unitSessions, .unitDays] {
                add(key.localeKey, localizer.string(Message(key, ["n": .integer(count)])))
            }
            add("duration", localizer.string(.duration(tenths: count * 600 + 40)))
            add("duration", localizer.string(.duration(tenths: count * 36_000 + 600)))
        }
        return texts
    }

    // MARK: the checks

    /// The voice and decimal separator of a language file.
    static func voice(_ code: String) -> String { Localizer(language: code).catalog.voice }

    /// A language switch: the languages eSpeak NG marks in the phonemes, "(en)".
    static func switches(in phonemes: String) -> [String] {
        var found: [String] = []
        var rest = Substring(phonemes)
        while let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") {
            found.append(String(rest[open...close]))
            rest = rest[rest.index(after: close)...]
        }
        return found
    }

    /// The symbols of `text` that a voice could read by name: every character that is not a letter, a digit, a space
    /// or a sentence's punctuation, and any punctuation between two digits but the decimal separator and the colon of a
    /// time; a hyphen or an apostrophe inside a word is part of it.
    static func symbols(in text: String, decimalSeparator: String) -> Set<Character> {
        let characters = Array(text)
        let punctuation = Set(".,;:?!()«»“”\"'’¿¡…")
        var found = Set<Character>()
        for (index, character) in characters.enumerated()
        where !character.isLetter && !character.isNumber && !character.isWhitespace {
            let before = index > 0 ? characters[index - 1] : " "
            let after = index + 1 < characters.count ? characters[index + 1] : " "
            if "-'’".contains(character), before.isLetter, after.isLetter { continue }
            // A sign is said as one: "+0,6" is "plus zéro virgule six".
            if "+-−".contains(character), !before.isNumber, after.isNumber { continue }
            if punctuation.contains(character) {
                guard before.isNumber, after.isNumber, String(character) != decimalSeparator, character != ":" else {
                    continue
                }
            }
            found.insert(character)
        }
        return found
    }

    /// The words a voice says for `symbol`: alone, and between two digits (where "-" is "menos" in Portuguese).
    static func name(of symbol: Character, voice: String) -> Set<String> {
        let between = Phonemes.words(Phonemes.shared.of("1\(symbol)2", voice: voice))
        let apart = Set(Phonemes.words(Phonemes.shared.of("1 2", voice: voice)))
        return Set(between.filter { !apart.contains($0) })
            .union(Phonemes.words(Phonemes.shared.of(String(symbol), voice: voice)))
    }

    /// How many of `words` are among `names`.
    static func count(_ names: Set<String>, in words: [String]) -> Int { words.filter(names.contains).count }

    /// Whether the sounds of `part` come, in order, in the sounds of `whole` (a consonant softened by the word before,
    /// Spanish "B" for "b", counts as itself).
    static func says(_ whole: String, _ part: String) -> Bool {
        let whole = Phonemes.words(whole).joined(separator: " ").lowercased()
        let part = Phonemes.words(part).joined(separator: " ").lowercased()
        return !part.isEmpty && (" " + whole + " ").contains(" " + part + " ")
    }

    @Test func libespeakNGGivesPhonemes() {
        #expect(Phonemes.shared.isAvailable, "libespeak-ng (libespeak-ng1) must be installed for the heard-text tests")
        #expect(Phonemes.words(Phonemes.shared.of("Rythme", voice: "fr")).contains("(en)rITm(fr)"))
        #expect(Phonemes.shared.of("4-7-8", voice: "pt-br").contains("m'enUs"))
    }

    /// The names of programs a sentence may hold, which a voice rightly reads in their own language.
    static let programNames = ["speech-dispatcher", "breathe-voice"]

    /// No sentence switches to another language, and none reads a symbol by its name.
    @Test(arguments: LocaleCatalog.codes)
    func nothingIsReadAsASymbolOrInAnotherLanguage(code: String) {
        for (origin, heard) in Self.texts(code) {
            for problem in Self.problems(in: heard, code: code) {
                Issue.record("Locales/\(code).json, \(origin): \(problem)")
            }
        }
    }

    /// What is heard wrong in `heard`, said in a language's voice: each switch to another language, and each symbol
    /// read by its name; empty when nothing is.
    static func problems(in heard: String, code: String) -> [String] {
        let voice = voice(code)
        let separator = Localizer(language: code).catalog.decimalSeparator
        var text = heard
        for name in programNames { text = text.replacing(name, with: "") }
        let phonemes = Phonemes.shared.of(text, voice: voice)
        var problems: [String] = []
        if !switches(in: phonemes).isEmpty {
            problems.append("eSpeak NG (\(voice)) reads part of “\(text)” in another language: \(phonemes)")
        }
        for symbol in symbols(in: text, decimalSeparator: separator) {
            let names = name(of: symbol, voice: voice)
            guard !names.isEmpty else { continue }
            let without = String(text.map { $0 == symbol ? " " : $0 })
            let said = count(names, in: Phonemes.words(phonemes))
            let otherwise = count(names, in: Phonemes.words(Phonemes.shared.of(without, voice: voice)))
            if said > otherwise {
                problems.append(
                    "eSpeak NG (\(voice)) says “\(symbol)” as a word (\(names.sorted().joined(separator: " "))) in “\(text)”: \(phonemes)"
                )
            }
        }
        return problems
    }

    /// Every number before a noun is said in the noun's gender, as the file's `_numbers` say it, and never as the
    /// digits alone would be read where that differs.
    @Test(arguments: LocaleCatalog.codes)
    func numbersAgreeWithTheirNoun(code: String) {
        let localizer = Localizer(language: code)
        let catalog = localizer.catalog
        let voice = catalog.voice
        func check(_ key: MessageKey, _ counted: String, _ names: Set<String>, _ words: NumberWords) {
            for count in Self.counts {
                guard let expected = words.said(count) else { continue }
                var arguments: [String: MessageArgument] = [:]
                for name in names { arguments[name] = .text("x") }
                arguments[counted] = .integer(count)
                let text = localizer.string(Message(key, arguments))
                // A form that leaves the number unsaid ("cada minuto", the one form of "every {n} minutes") has
                // nothing to agree.
                guard Self.writes(count, as: expected, in: text) else { continue }
                let phonemes = Phonemes.shared.of(text, voice: voice)
                let wanted = Phonemes.shared.of(expected, voice: voice)
                #expect(
                    Self.says(phonemes, wanted),
                    "Locales/\(code).json, \(key.localeKey): “\(text)” is heard \(phonemes), without “\(expected)” (\(wanted))"
                )
                // A number of two words or more, so that "un" of "un processus" is not taken for 1.
                let digits = Phonemes.shared.of(String(count), voice: voice)
                if count > 20, !Self.says(wanted, digits) {
                    #expect(
                        !Self.says(phonemes, digits),
                        "Locales/\(code).json, \(key.localeKey): “\(text)” says \(count) as the digits are read (\(digits))"
                    )
                }
            }
        }
        let known = Set(MessageKey.allCases.map(\.localeKey))
        for key in catalog.feminineKeys.keys.sorted() + catalog.masculineKeys.keys.sorted() {
            #expect(
                known.contains(key), "Locales/\(code).json: _feminine or _masculine names \(key), which is no sentence")
        }
        for key in MessageKey.allCases {
            guard let entry = catalog.entries[key.localeKey] else { continue }
            // The counted placeholders by gender, as the file names them: a plural sentence's {n} is masculine unless
            // `_feminine` says otherwise.
            let feminine = catalog.feminineKeys[key.localeKey] ?? []
            var masculine = catalog.masculineKeys[key.localeKey] ?? []
            let names = Set(entry.templates.flatMap(LocaleCompletenessTests.placeholders))
            // (Only where {n} is said: "a la {time}" is chosen by the hour, which it does not say.)
            if case .plural = entry, !feminine.contains("n"), names.contains("n") { masculine.insert("n") }
            for (counted, table) in [(feminine, catalog.feminineNumbers), (masculine, catalog.masculineNumbers)] {
                #expect(
                    counted.isSubset(of: names),
                    "Locales/\(code).json: _feminine or _masculine names \(key.localeKey) placeholders it lacks: \(counted)"
                )
                guard let words = table else { continue }
                for name in counted.intersection(names) {
                    check(key, name, names, words)
                }
            }
        }
    }

    /// Whether `text` writes `count`, in digits or as `words`, as whole words.
    static func writes(_ count: Int, as words: String, in text: String) -> Bool {
        func tokens(_ string: String) -> [Substring] {
            string.lowercased().split { !$0.isLetter && !$0.isNumber }
        }
        let said = tokens(text)
        if said.contains(Substring(String(count))) { return true }
        let wanted = tokens(words)
        guard !wanted.isEmpty, said.count >= wanted.count else { return false }
        return (0...(said.count - wanted.count)).contains { Array(said[$0..<($0 + wanted.count)]) == wanted }
    }

    /// The lines of issue 42's table, as the program writes them, heard as a speaker of the language says them: the
    /// phonemes of the right words are in them, and those of what eSpeak NG said before are not.
    @Test(arguments: [
        ("fr", Message.duration(tenths: 21 * 600 + 40), "vingt et une", "vingt-et-un"),
        ("fr", Message.duration(tenths: 210), "vingt et une", "vingt-et-un"),
        ("fr", Message(.patternCustom), "cadence personnalisée", "rythme personnalisé"),
        ("pt-BR", Message(.pattern478), "respiração quatro, sete, oito", "quatro menos sete menos oito"),
        ("pt-BR", Message.duration(tenths: 120 * 600), "duas horas", "dois horas"),
        ("pt-BR", Message.duration(tenths: 21 * 36_000 + 600), "vinte e uma horas e um minuto", "vinte e um horas"),
        ("pt-BR", Message(.unitSessions, ["n": .integer(22)]), "vinte e duas sessões", "vinte e dois sessões"),
        ("es", Message.duration(tenths: 21 * 600 + 40), "veintiún minutos y cuatro segundos", "veintiuno minutos"),
        ("es", Message(.unitHours, ["n": .integer(21)]), "veintiuna horas", "veintiuno horas"),
        ("es", Message.duration(tenths: 210), "veintiún segundos", "veintiuno segundos"),
        ("es-419", Message.duration(tenths: 21 * 600 + 40), "veintiún minutos y cuatro segundos", "veintiuno minutos"),
        ("es-419", Message(.unitHours, ["n": .integer(21)]), "veintiuna horas", "veintiuno horas"),
    ])
    func theIssueTableIsHeardRight(code: String, message: Message, heard: String, wrong: String) {
        let voice = Self.voice(code)
        let text = Localizer(language: code).string(message)
        let phonemes = Phonemes.shared.of(text, voice: voice)
        #expect(Self.says(phonemes, Phonemes.shared.of(heard, voice: voice)), "“\(text)” is heard \(phonemes)")
        #expect(!Self.says(phonemes, Phonemes.shared.of(wrong, voice: voice)), "“\(text)” is heard \(phonemes)")
        #expect(Self.switches(in: phonemes).isEmpty, "“\(text)” is heard \(phonemes)")
    }

    /// The checks themselves find what issue 42 found, so a passing run means something.
    @Test func theChecksFindTheIssuesTexts() {
        #expect(!Self.switches(in: Phonemes.shared.of("Rythme personnalisé", voice: "fr")).isEmpty)
        let menos = Self.name(of: "-", voice: "pt-br")
        #expect(Self.count(menos, in: Phonemes.words(Phonemes.shared.of("Respiração 4-7-8", voice: "pt-br"))) == 2)
        #expect(Self.symbols(in: "Respiração 4-7-8, 1,5 e vinte-e-um", decimalSeparator: ",") == ["-"])
        let wrong = Phonemes.shared.of("vingt-et-un minutes", voice: "fr")
        #expect(
            !Self.says(Phonemes.shared.of("21 minutes", voice: "fr"), Phonemes.shared.of("vingt et une", voice: "fr")))
        #expect(Self.says(wrong, Phonemes.shared.of("21", voice: "fr")))
    }
}

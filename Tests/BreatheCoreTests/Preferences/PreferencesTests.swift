import Testing

@testable import BreatheCore

@Suite struct PreferencesTests {
    let rules = PreferenceRules(languages: ["en", "es"])

    @Test func roundTripThroughTheFile() throws {
        var document = PreferencesDocument()
        document.values = [
            .language: .text("es"), .voice: .byLanguage(["es": "es+f3"]), .rate: .integer(220), .pitch: .integer(40),
            .volume: .integer(150), .speech: .onOff(false), .tones: .onOff(true), .toneVolume: .integer(30),
            .count: .onOff(true), .display: .text("plain"), .defaultPattern: .text("calm"),
            .defaultMinutes: .minutes(hundredths: 250), .leadIn: .onOff(false),
            .quietHours: .quietHours((try! QuietHours.parse("22:00-07:00").get())), .remindPattern: .text("4-7-8"),
            .remindMinutes: .minutes(hundredths: 300),
            .customPatterns: .patterns([
                BreathingPattern(name: "calm", phases: [Phase(.inhale, seconds: 4), Phase(.exhale, seconds: 6)])
            ]),
        ]
        document.unknownMembers = ["fromTheFuture": .bool(true)]
        let text = document.encoded()
        let (decoded, unknown) = try PreferencesDocument.decode(Array(text.utf8), rules: rules).get()
        #expect(decoded == document)
        #expect(unknown.map(\.key) == ["fromTheFuture"])
        #expect(decoded.encoded() == text)
    }

    @Test func absentKeysTakeDefaultsAndPrecedenceIsFlagEnvironmentFileDefault() throws {
        let (document, _) = try PreferencesDocument.decode(
            Array("{\"version\": 1, \"rate\": 200, \"pitch\": 60, \"volume\": 90}".utf8), rules: rules
        ).get()
        let preferences = try Preferences.resolve(
            flags: [.rate: "300"], environment: ["BREATHE_VOICE_RATE": "250", "BREATHE_VOICE_PITCH": "70"],
            document: document, rules: rules, localeLanguage: "es"
        ).get()
        #expect(preferences.rate == 300)
        #expect(preferences.origins[.rate] == .flag("--rate"))
        #expect(preferences.pitch == 70)
        #expect(preferences.origins[.pitch] == .environment("BREATHE_VOICE_PITCH"))
        #expect(preferences.volume == 90)
        #expect(preferences.origins[.volume] == .file)
        #expect(preferences.toneVolume == 70)
        #expect(preferences.origins[.toneVolume] == .builtIn)
        #expect(preferences.language == "es")
        #expect(preferences.origins[.language] == .builtIn)
    }

    @Test func voiceFollowsTheLanguage() throws {
        let (document, _) = try PreferencesDocument.decode(
            Array("{\"language\": \"es\", \"voice\": {\"es\": \"es+f3\", \"en\": \"en-gb\"}}".utf8), rules: rules
        ).get()
        let spanish = try Preferences.resolve(environment: [:], document: document, rules: rules, localeLanguage: "en")
            .get()
        #expect(spanish.voice == "es+f3")
        let english = try Preferences.resolve(
            flags: [.language: "en"], environment: [:], document: document, rules: rules, localeLanguage: "en"
        ).get()
        #expect(english.voice == "en-gb")
    }

    @Test func badEnvironmentValueIsAConfigurationProblem() {
        guard
            case .failure(let refusal) = Preferences.resolve(
                environment: ["BREATHE_VOICE_DISPLAY": "loud"], document: PreferencesDocument(), rules: rules,
                localeLanguage: "en"
            )
        else {
            Issue.record("accepted")
            return
        }
        #expect(refusal.fromEnvironment)
    }

    @Test(arguments: [
        (PreferenceKey.rate, "79"), (.rate, "451"), (.rate, "fast"), (.pitch, "101"), (.pitch, "-1"), (.volume, "201"),
        (.toneVolume, "101"), (.speech, "maybe"), (.tones, ""), (.count, "2"), (.leadIn, "sometimes"),
        (.display, "loud"), (.language, "tlh"), (.voice, "bad voice"), (.defaultPattern, "nonesuch"),
        (.defaultMinutes, "0"), (.defaultMinutes, "1441"), (.quietHours, "25:00-07:00"), (.quietHours, "22:00"),
        (.remindPattern, "4-7-8-9-1"), (.remindMinutes, "abc"), (.customPatterns, "x"),
    ])
    func everyBadValueIsRefused(key: PreferenceKey, text: String) {
        #expect(rules.parse(key, text) == nil)
    }

    @Test(arguments: [
        (PreferenceKey.rate, "80", PreferenceValue.integer(80)), (.rate, "450", .integer(450)),
        (.pitch, "0", .integer(0)),
        (.volume, "200", .integer(200)), (.speech, "off", .onOff(false)), (.display, "Quiet", .text("quiet")),
        (.defaultMinutes, "2.5", .minutes(hundredths: 250)), (.language, "ES", .text("es")),
    ])
    func goodValuesAreRead(key: PreferenceKey, text: String, value: PreferenceValue) {
        #expect(rules.parse(key, text) == value)
    }

    @Test(arguments: [
        ("[1]", 1, 1, false), ("{\"version\": 2}", 1, 13, true), ("{\"version\": \"1\"}", 1, 13, false),
        ("{\n  \"rate\": \"fast\"\n}", 2, 11, false), ("{\"speech\": \"on\"}", 1, 12, false),
        ("{\"customPatterns\": {\"4box\": \"4-4\"}}", 1, 20, false), ("{\"defaultPattern\": \"nope\"}", 1, 20, false),
        ("{\"quietHours\": {\"start\": \"22:00\"}}", 1, 16, false),
    ])
    func wrongTypesAndVersionsAreProblemsAtTheValue(text: String, line: Int, column: Int, newer: Bool) {
        guard case .failure(let problem) = PreferencesDocument.decode(Array(text.utf8), rules: rules) else {
            Issue.record("accepted \(text)")
            return
        }
        #expect(problem.line == line)
        #expect(problem.column == column)
        #expect(problem.isNewerVersion == newer)
    }

    @Test func patternNamesCannotShadowBuiltIns() {
        #expect(PreferenceRules.checkPatternName("Box")?.key == .errorPatternBuiltIn)
        #expect(PreferenceRules.checkPatternName("4-7-8")?.key == .errorPatternName)
        #expect(PreferenceRules.checkPatternName("calm") == nil)
        #expect(PreferenceRules.checkPatternName("") != nil)
    }

    /// A pattern saved before a later version shipped a built-in of its name is kept: the file stays good, and the
    /// saved one is what the name plays.
    @Test func aSavedPatternWithABuiltInsNameIsKeptAndPlays() throws {
        let text = #"{"customPatterns": {"box": "2-2"}}"#
        let document = try PreferencesDocument.decode(Array(text.utf8), rules: rules).get().0
        let saved = try #require(document.customPatterns.first)
        #expect(saved.name == "box" && !saved.isBuiltIn)
        let played = try PatternSpec.resolve("box", saved: document.customPatterns).get()
        #expect(played.timingsText == "2-2" && !played.isBuiltIn)
        #expect(Message.patternName(played) == Message(.patternSaved, ["name": .text("box")]))
        #expect(BreathingPattern.allNames(saved: document.customPatterns).filter { $0 == "box" }.count == 1)
        #expect(try PatternSpec.resolve("box").get().isBuiltIn)
    }

    @Test func quietHoursWrapPastMidnight() {
        let hours = (try! QuietHours.parse("22:00-07:00").get())
        #expect(hours.contains(TimeOfDay(hour: 23, minute: 0)!))
        #expect(hours.contains(TimeOfDay(hour: 6, minute: 59)!))
        #expect(!hours.contains(TimeOfDay(hour: 7, minute: 0)!))
        #expect(!hours.contains(TimeOfDay(hour: 12, minute: 0)!))
    }
}

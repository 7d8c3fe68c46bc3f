import Testing

@testable import BreatheCore

@Suite struct WeekdayNamesTests {
    static let spanish = WeekdayNames.canonical.adding(
        long: "domingo lunes martes miércoles jueves viernes sábado", short: "dom lun mar mié jue vie sáb",
        weekdays: "laborables", weekends: "fines de semana|fin de semana", daily: "todos|diario")

    /// English's words (as Locales/en.json gives them) and Spanish's.
    static let englishAndSpanish = spanish.adding(
        long: "sunday monday tuesday wednesday thursday friday saturday", short: "sun mon tue wed thu fri sat",
        weekdays: "weekdays", weekends: "weekends|weekend", daily: "daily|all|every")

    @Test func cronsSpellingIsAlwaysRead() throws {
        #expect(try WeekdaySet.parse("mon-fri").get() == WeekdaySet(days: 1...5))
        #expect(try WeekdaySet.parse("*").get() == .everyDay)
        #expect((try? WeekdaySet.parse("lunes").get()) == nil, "no language given, no Spanish")
    }

    /// A language's words, in any case, with or without accents; its groups, spaces and all.
    @Test(arguments: [
        ("lunes-miércoles", [1, 2, 3]), ("LUNES-MIERCOLES", [1, 2, 3]), ("sab,dom", [0, 6]), ("Sábado", [6]),
        ("fines de semana", [0, 6]), ("Fin de semana", [0, 6]), ("laborables", [1, 2, 3, 4, 5]),
        ("diario", [0, 1, 2, 3, 4, 5, 6]), ("vie-lun", [0, 1, 5, 6]), ("mon,mié", [1, 3]),
    ])
    func aLanguagesWords(text: String, days: [Int]) throws {
        #expect(try WeekdaySet.parse(text, names: Self.spanish).get().days == days)
    }

    @Test func aListOfTheWrongLengthIsLeftOut() {
        let names = WeekdayNames.canonical.adding(
            long: "un deux", short: nil, weekdays: nil, weekends: nil, daily: nil)
        #expect(names.day("un") == nil)
        #expect(names.day("mon") == 1)
    }
}

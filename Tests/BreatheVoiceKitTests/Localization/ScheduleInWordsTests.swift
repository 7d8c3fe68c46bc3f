import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// Schedules said in words (`ScheduleWords` through the localizer, day names from each locale file), in every
/// language: what `schedule add`, `list` and `remove` print instead of cron's stars and slashes.
@Suite struct ScheduleInWordsTests {
    /// A schedule as `schedule add` takes it: `--every`, `--at` (several), `--from`, `--to`, `--days`.
    struct Request: CustomTestStringConvertible, Sendable {
        var every: String?
        var at: [String] = []
        var from: String?
        var to: String?
        var days: String?

        var testDescription: String {
            var words: [String] = []
            if let every { words += ["--every", every] }
            for time in at { words += ["--at", time] }
            if let from { words += ["--from", from] }
            if let to { words += ["--to", to] }
            if let days { words += ["--days", days] }
            return words.joined(separator: " ")
        }

        var schedule: ReminderSchedule {
            get throws {
                try ReminderSchedule.make(
                    every: every, at: at, from: from, to: to, days: days, dayNames: .everyLanguage,
                    session: SessionRequest(), remindArguments: []
                ).get()
            }
        }
    }

    /// Each request, then its words in en, es, es-419, fr and pt-BR.
    static let cases: [(Request, [String: String])] = [
        (
            Request(every: "45m", from: "09:00", to: "18:00", days: "mon-fri"),
            [
                "en": "every 45 minutes from 09:00 to 18:00, Monday to Friday",
                "es": "cada 45 minutos de 09:00 a 18:00, de lunes a viernes",
                "fr": "toutes les 45 minutes de 09:00 à 18:00, du lundi au vendredi",
                "pt-BR": "a cada 45 minutos das 09:00 às 18:00, de segunda a sexta",
            ]
        ),
        (
            Request(every: "1m"),
            ["en": "every minute", "es": "cada minuto", "fr": "toutes les minutes", "pt-BR": "a cada minuto"]
        ),
        (
            Request(every: "30m"),
            [
                "en": "every 30 minutes", "es": "cada 30 minutos", "fr": "toutes les 30 minutes",
                "pt-BR": "a cada 30 minutos",
            ]
        ),
        (
            Request(every: "1h"),
            ["en": "every hour", "es": "cada hora", "fr": "toutes les heures", "pt-BR": "a cada hora"]
        ),
        (
            Request(every: "3h", days: "weekdays"),
            [
                "en": "every 3 hours, Monday to Friday", "es": "cada 3 horas, de lunes a viernes",
                "fr": "toutes les 3 heures, du lundi au vendredi", "pt-BR": "a cada 3 horas, de segunda a sexta",
            ]
        ),
        (
            Request(every: "1h30m", from: "10:00", to: "20:00"),
            [
                "en": "every 90 minutes from 10:00 to 20:00", "es": "cada 90 minutos de 10:00 a 20:00",
                "fr": "toutes les 90 minutes de 10:00 à 20:00", "pt-BR": "a cada 90 minutos das 10:00 às 20:00",
            ]
        ),
        (
            Request(every: "24h"),
            [
                "en": "every day at 00:00", "es": "todos los días a las 00:00", "fr": "tous les jours à 00:00",
                "pt-BR": "todos os dias às 00:00",
            ]
        ),
        (
            Request(at: ["12:30"], days: "sat,sun"),
            [
                "en": "at 12:30, Saturday and Sunday", "es": "a las 12:30, sábado y domingo",
                "fr": "à 12:30, samedi et dimanche", "pt-BR": "às 12:30, sábado e domingo",
            ]
        ),
        (
            Request(at: ["12:30"], days: "weekends"),
            [
                "en": "at 12:30, Saturday and Sunday", "es": "a las 12:30, sábado y domingo",
                "fr": "à 12:30, samedi et dimanche", "pt-BR": "às 12:30, sábado e domingo",
            ]
        ),
        (
            Request(at: ["20:00", "8:00", "12:15"], days: "daily"),
            [
                "en": "every day at 08:00, 12:15 and 20:00",
                "es": "todos los días a las 08:00, a las 12:15 y a las 20:00",
                "fr": "tous les jours à 08:00, 12:15 et 20:00", "pt-BR": "todos os dias às 08:00, às 12:15 e às 20:00",
            ]
        ),
        (
            // One o'clock is singular where the language says so: "a la una", "à uma" (a locale's plural forms, by
            // the hour); midnight is "las cero horas" but Portuguese "à zero hora" is left as "às 00:00".
            Request(at: ["13:00", "1:00", "0:00"]),
            [
                "en": "every day at 00:00, 01:00 and 13:00",
                "es": "todos los días a las 00:00, a la 01:00 y a las 13:00",
                "fr": "tous les jours à 00:00, 01:00 et 13:00", "pt-BR": "todos os dias às 00:00, à 01:00 e às 13:00",
            ]
        ),
        (
            Request(every: "30m", from: "01:00", to: "02:00"),
            [
                "en": "every 30 minutes from 01:00 to 02:00", "es": "cada 30 minutos de 01:00 a 02:00",
                "fr": "toutes les 30 minutes de 01:00 à 02:00", "pt-BR": "a cada 30 minutos da 01:00 às 02:00",
            ]
        ),
        (
            Request(every: "15m", from: "00:15", to: "01:45"),
            [
                "en": "every 15 minutes from 00:15 to 01:45", "es": "cada 15 minutos de 00:15 a 01:45",
                "fr": "toutes les 15 minutes de 00:15 à 01:45", "pt-BR": "a cada 15 minutos das 00:15 à 01:45",
            ]
        ),
        (
            Request(at: ["07:05"], days: "wed"),
            [
                "en": "at 07:05, Wednesday", "es": "a las 07:05, miércoles", "fr": "à 07:05, mercredi",
                "pt-BR": "às 07:05, quarta",
            ]
        ),
        (
            Request(every: "2h", days: "lunes,miércoles,viernes-domingo"),
            [
                "en": "every 2 hours, Monday, Wednesday and Friday to Sunday",
                "es": "cada 2 horas, lunes, miércoles y de viernes a domingo",
                "fr": "toutes les 2 heures, lundi, mercredi et du vendredi au dimanche",
                "pt-BR": "a cada 2 horas, segunda, quarta e de sexta a domingo",
            ]
        ),
        (
            // A range that wraps past Saturday is said in a week that starts on Monday.
            Request(every: "4h", days: "fri-mon"),
            [
                "en": "every 4 hours, Monday and Friday to Sunday", "es": "cada 4 horas, lunes y de viernes a domingo",
                "fr": "toutes les 4 heures, lundi et du vendredi au dimanche",
                "pt-BR": "a cada 4 horas, segunda e de sexta a domingo",
            ]
        ),
        (
            Request(every: "20m", from: "06:00", to: "07:00", days: "tue,thu"),
            [
                "en": "every 20 minutes from 06:00 to 07:00, Tuesday and Thursday",
                "es": "cada 20 minutos de 06:00 a 07:00, martes y jueves",
                "fr": "toutes les 20 minutes de 06:00 à 07:00, mardi et jeudi",
                "pt-BR": "a cada 20 minutos das 06:00 às 07:00, terça e quinta",
            ]
        ),
        (
            Request(every: "6h", days: "mon-sun"),
            ["en": "every 6 hours", "es": "cada 6 horas", "fr": "toutes les 6 heures", "pt-BR": "a cada 6 horas"]
        ),
    ]

    @Test(arguments: cases)
    func aScheduleIsSaidInWords(request: Request, expected: [String: String]) throws {
        let schedule = try request.schedule
        for (language, words) in expected {
            let localizer = Localizer(language: language)
            #expect(
                localizer.string(ScheduleWords.message(schedule, dayName: localizer.dayName)) == words, "\(language)")
        }
        // Latin American Spanish says them as Spanish does.
        let latin = Localizer(language: "es-419")
        #expect(latin.string(ScheduleWords.message(schedule, dayName: latin.dayName)) == expected["es"])
    }

    /// Every language the program has gives every case its own words: no stars, slashes or cron fields, and a day name
    /// from its own file.
    @Test func everyLanguageSaysEveryScheduleWithoutCronSyntax() throws {
        for code in LocaleCatalog.codes {
            let localizer = Localizer(language: code)
            for (request, _) in Self.cases {
                let words = localizer.string(ScheduleWords.message(try request.schedule, dayName: localizer.dayName))
                #expect(!words.contains("*") && !words.contains("/") && !words.contains("{"), "\(code): \(words)")
            }
            #expect((0...6).map(localizer.dayName).count == Set((0...6).map(localizer.dayName)).count)
        }
    }

    /// What `schedule list` reads back: the options a reminder was saved with, the timing said in words and the rest
    /// kept as typed; a summary this program did not write gives nil, and the line shows cron's times instead.
    @Test func aSavedSummaryIsReadBack() {
        let english = Localizer(language: "en")
        func words(_ summary: String) -> String? {
            ScheduleWords.message(summary: summary, dayName: english.dayName).map(english.string)
        }
        #expect(
            words("--every 2h --from 09:00 --to 18:00 --days mon-fri")
                == "every 2 hours from 09:00 to 18:00, Monday to Friday")
        #expect(
            words("--at 12:30 --pattern 4-7-8 --minutes 2 --allow-silent")
                == "every day at 12:30, with --pattern 4-7-8 --minutes 2 --allow-silent")
        #expect(
            words("--at 08:00 --at 20:00 --days sat,sun --lang es")
                == "at 08:00 and 20:00, Saturday and Sunday, with --lang es")
        #expect(words("--pattern 'my calm'") == nil)
        #expect(words("hourly, by hand") == nil)
        #expect(words("--every 7m") == nil)
        #expect(words("") == nil)
    }
}

import BreatheCore

extension Localizer {
    /// The name of a day (cron's numbering: 0 Sunday … 6 Saturday) in this language, from its locale file's
    /// `_days.long`: a regional variant's parent's when it has none, English's if neither has a whole list.
    package func dayName(_ day: Int) -> String {
        let codes = [catalog.code] + (catalog.parent.map { [$0] } ?? []) + [LocaleCatalog.fallbackCode]
        for catalog in codes.compactMap(LocaleCatalog.named) {
            let names = catalog.dayWords["long"]?.split(separator: " ").map(String.init) ?? []
            if names.count == 7, names.indices.contains(day) { return names[day] }
        }
        return String(day)
    }
}

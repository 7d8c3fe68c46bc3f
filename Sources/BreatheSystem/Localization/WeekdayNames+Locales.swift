import BreatheCore

extension WeekdayNames {
    /// The day names and group words of every built-in language, so that `--days lunes-viernes` and
    /// `--days lundi-vendredi` work whatever the interface language is: each locale file brings its own.
    package static var everyLanguage: WeekdayNames {
        let catalogs = LocaleCatalog.all
        return catalogs.keys.sorted().reduce(WeekdayNames.canonical) { names, code in
            guard let words = catalogs[code]?.dayWords else { return names }
            return names.adding(
                long: words["long"], short: words["short"], weekdays: words["weekdays"], weekends: words["weekends"],
                daily: words["daily"])
        }
    }
}

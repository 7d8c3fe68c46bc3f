import BreatheCore

/// Puts messages into words in one language.
package struct Localizer: Sendable {
    package let catalog: LocaleCatalog

    /// A localizer for a built-in language; unknown codes get English.
    package init(language code: String) {
        catalog = LocaleCatalog.named(code) ?? LocaleCatalog.named(LocaleCatalog.fallbackCode)!
    }

    /// A localizer for a language that is not built in (a test's scratch language); English fills what it lacks.
    package init(catalog: LocaleCatalog) {
        self.catalog = catalog
    }

    package var language: String { catalog.code }

    /// The message in words, with every placeholder filled in.
    package func string(_ message: Message) -> String {
        let template = self.template(message.key, n: message.arguments["n"])
        var result = ""
        Localizer.forEachPiece(of: template) { text, placeholder in
            if let placeholder, let argument = message.arguments[placeholder.name] {
                result += spoken(argument, named: placeholder.name, form: placeholder.form, in: message.key)
            } else {
                result += text
            }
        }
        return result
    }

    /// The sentence a message with this key is written from: its plural form chosen by `n`, its key itself when no
    /// language has it.
    package func template(_ key: MessageKey, n: MessageArgument? = nil) -> String {
        // English is parsed only if a sentence is missing (the locale tests say none is).
        switch entry(key) {
        case .text(let text)?:
            return text
        case .plural(let one, let other, let exactlyOne)?:
            let value = n?.pluralValue
            if let exactlyOne, let value, value.isWhole, value.whole == 1 { return exactlyOne }
            return value.map { catalog.pluralRule.isOne(whole: $0.whole, isWhole: $0.isWhole) } == true ? one : other
        case nil:
            return key.localeKey
        }
    }

    private func entry(_ key: MessageKey) -> LocaleCatalog.Entry? {
        catalog.entries[key.localeKey] ?? LocaleCatalog.named(LocaleCatalog.fallbackCode)?.entries[key.localeKey]
    }

    /// One argument as a message with this key puts it into words: a number in the form its placeholder asks for
    /// (`{done:nominative}`), else before its noun in the noun's gender ("{n} séances", "{rate} palavras"), anything
    /// else as it is.
    package func spoken(_ argument: MessageArgument, named name: String, form: String? = nil, in key: MessageKey)
        -> String
    {
        if let form { return render(said(argument, in: catalog.numberForms[form]) ?? argument) }
        var argument = argument
        let feminine = catalog.feminineKeys[key.localeKey] ?? []
        if feminine.contains(name) { argument = said(argument, in: catalog.feminineNumbers) ?? argument }
        var masculine = catalog.masculineKeys[key.localeKey] ?? []
        if case .plural? = entry(key), !feminine.contains("n") { masculine.insert("n") }
        if masculine.contains(name) { argument = said(argument, in: catalog.masculineNumbers) ?? argument }
        return render(argument)
    }

    /// A `{name}` or `{name:form}` of a template: the argument it is filled with, and the form of the file's
    /// `_numbers.<form>` a number is said in there ("ordinal", "feminine", a case), if the sentence names one.
    package struct Placeholder: Equatable {
        package var name: String
        package var form: String?

        package init(name: String, form: String? = nil) {
            self.name = name
            self.form = form
        }

        /// What stands between the braces: "day:ordinal" is the argument `day` in the form `ordinal`.
        package init(_ text: Substring) {
            guard let colon = text.firstIndex(of: ":") else {
                self.init(name: String(text))
                return
            }
            self.init(name: String(text[..<colon]), form: String(text[text.index(after: colon)...]))
        }
    }

    /// Hands `body` the pieces of a template in order: each `{name}` or `{name:form}` placeholder with what it asks
    /// for, and the text between them (a `{` never closed, and everything after it, is text).
    package static func forEachPiece(
        of template: String, _ body: (_ text: Substring, _ placeholder: Placeholder?) -> Void
    ) {
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            body(rest[..<open], nil)
            body(rest[open...close], Placeholder(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        body(rest, nil)
    }

    /// A number in the words of one of the file's forms, where the language's file says the digits would be read wrong
    /// (French "vingt et une" minutes, Spanish "veintiún", English "2nd"); any other argument as it is.
    private func said(_ argument: MessageArgument?, in words: NumberWords?) -> MessageArgument? {
        guard let words, let value = argument?.pluralValue, value.isWhole, let text = words.said(value.whole) else {
            return argument
        }
        return .text(text)
    }

    /// Writes a pattern's timings ("5.5-5.5") as a sentence reads them: this language's decimal separator, and its
    /// timings separator between the phases ("5,5 ; 5,5" in French), so that no voice says the hyphen.
    func timings(_ text: String) -> String {
        decimals(text).split(separator: "-", omittingEmptySubsequences: false).joined(
            separator: catalog.timingsSeparator)
    }

    /// A calendar date written out as this language says it ("November 2nd, 2026", "2 de noviembre de 2026", "1er
    /// novembre 2026"), so that no voice reads the hyphens of 2026-11-02 as dashes or minus signs.
    package func date(dayNumber: Int) -> String {
        let date = LocalTimestamp.date(dayNumber: dayNumber)
        let month = catalog.months.count == 12 ? catalog.months[date.month - 1] : String(date.month)
        return fill(
            catalog.dateFormat, ["day": .integer(date.day), "month": .text(month), "year": .integer(date.year)])
    }

    /// A moment of the history as a sentence says it: its date written out, then the time, "2 novembre 2026, 14:05".
    package func moment(_ time: LocalTimestamp) -> String {
        date(dayNumber: time.dayNumber) + ", " + String(time.hour) + ":" + (time.minute < 10 ? "0" : "")
            + String(time.minute)
    }

    /// The sentence stored under a key that is not a message (the help texts), in this language only.
    package func text(forKey key: String) -> String? {
        if case .text(let text)? = catalog.entries[key] { return text }
        return nil
    }

    /// Writes a number of tenths with this language's decimal separator: 55 → "5,5" in Spanish.
    package func number(tenths: Int) -> String {
        TenthsFormat.plain(tenths, decimalSeparator: catalog.decimalSeparator)
    }

    /// Writes plain decimal text such as timings ("5.5-5.5") with this language's decimal separator.
    package func decimals(_ text: String) -> String {
        catalog.decimalSeparator == "."
            ? text
            : text.split(separator: ".", omittingEmptySubsequences: false)
                .joined(separator: catalog.decimalSeparator)
    }

    private func fill(_ template: String, _ arguments: [String: MessageArgument]) -> String {
        var result = ""
        Localizer.forEachPiece(of: template) { text, placeholder in
            guard let placeholder, let argument = arguments[placeholder.name] else {
                result += text
                return
            }
            result += filled(argument, form: placeholder.form)
        }
        return result
    }

    /// An argument as a template's placeholder in `form` (nil: none) says it.
    func filled(_ argument: MessageArgument, form: String?) -> String {
        render(said(argument, in: form.flatMap { catalog.numberForms[$0] }) ?? argument)
    }

    private func render(_ argument: MessageArgument) -> String {
        switch argument {
        case .integer(let value): String(value)
        case .tenths(let value): number(tenths: value)
        case .text(let text): text
        case .userValue(let value): MessageArgument.shown(userValue: value)
        case .decimals(let text): decimals(text)
        case .timings(let text): timings(text)
        case .systemText(let text): self.text(forKey: "system." + text) ?? text
        case .message(let message): string(message)
        }
    }
}

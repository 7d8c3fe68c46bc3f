/// How a language picks between a sentence's "one" and "other" forms, from its locale file's `_plural`.
///
/// Two rules cover the languages a file can bring so far (CLDR's cardinal rules for them):
/// - `one` (English, Spanish): exactly the whole number 1 is singular; "1.5 seconds", "0 seconds".
/// - `zero-one` (French, Brazilian Portuguese): a number whose integer part is 0 or 1 is singular, whole or not;
///   "1,5 seconde", "0 segundo".
package enum PluralRule: String, Sendable, CaseIterable {
    case one
    case zeroOne = "zero-one"

    /// True when `value` (a number and whether it is whole) takes the "one" form.
    package func isOne(whole: Int, isWhole: Bool) -> Bool {
        switch self {
        case .one: isWhole && whole == 1
        case .zeroOne: whole == 0 || whole == 1
        }
    }
}

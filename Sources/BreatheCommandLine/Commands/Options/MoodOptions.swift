import ArgumentParser
import BreatheCore
import BreatheSystem

/// `--mood-before` and `--mood-after`, 1 (very stressed) to 5 (very calm).
struct MoodOptions: ParsableArguments {
    @Option(
        name: .customLong("mood-before"),
        help: ArgumentHelp(HelpText.english("help.option.mood-before"), valueName: "1-5"))
    var beforeText: String?

    @Option(
        name: .customLong("mood-after"),
        help: ArgumentHelp(
            HelpText.english("help.option.mood-after"),
            valueName: "1-5"
        ))
    var afterText: String?

    static let field = NumberField(name: .fieldCycles, places: 0, range: SessionRecord.moodRange, rangeKey: .rangeCount)

    var before: Int? { beforeText.flatMap { try? Self.field.parse($0).get() } }
    var after: Int? { afterText.flatMap { try? Self.field.parse($0).get() } }

    func validate(localizer: Localizer) throws {
        for (flag, text) in [("--mood-before", beforeText), ("--mood-after", afterText)] {
            guard let text, case .failure = Self.field.parse(text) else { continue }
            throw ValidationError(
                localizer.string(
                    Message(
                        .errorPrefValue,
                        [
                            "name": .message(Message(.prefNameFlag, ["flag": .text(flag)])), "value": .userValue(text),
                            "allowed": .message(Message(.rangeMood)),
                        ])))
        }
    }
}

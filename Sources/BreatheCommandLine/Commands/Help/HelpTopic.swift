import BreatheCore
import BreatheSystem

/// A page of `breathe-voice help TOPIC`: what a session's page leaves out (the exit codes, the keys, the files, the
/// environment), in the help's language. The man page has the same in its own sections.
enum HelpTopic: String, CaseIterable {
    case exitCodes = "exit-codes"
    case keys
    case files
    case environment

    /// The topic `help TOPIC` names, `--lang CODE` allowed around it; nil for any other command line.
    init?(arguments: [String]) {
        let words = InterfaceLanguage.withoutLangFlag(arguments)
        guard words.count == 2, words[0] == "help", let topic = HelpTopic(rawValue: words[1]) else { return nil }
        self = topic
    }

    /// The page, wrapped to `width`, each row under its own sentence.
    func page(_ localizer: Localizer, width: Int) -> String {
        let text =
            switch self {
            case .exitCodes: ExitCodeTable.help(localizer)
            case .keys, .files, .environment: HelpText.filled(HelpText(localizer: localizer).frame("page.\(rawValue)"))
            }
        return HelpPage.wrapRows(text, width: width)
    }
}

import ArgumentParser
import BreatheCore

extension BreatheVoice {
    /// `breathe-voice prefs`: show and change the saved preferences.
    struct Prefs: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "prefs",
            abstract:
                "Show and change preferences (\(PreferenceKey.allCases.map(\.rawValue).joined(separator: ", "))).",
            discussion: """
                The file is $XDG_CONFIG_HOME/breathe-voice/preferences.json (default ~/.config). An option wins over an \
                environment variable (BREATHE_VOICE_LANG, BREATHE_VOICE_RATE, …), which wins over the file, which wins over \
                the built-in default. A per-language voice is set as voice.en, voice.es.
                """,
            subcommands: [Show.self, Get.self, Set.self, Unset.self, Reset.self, Path.self, Edit.self],
            defaultSubcommand: Show.self
        )
    }
}

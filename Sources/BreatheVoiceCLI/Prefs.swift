import ArgumentParser
import BreatheCore
import BreatheVoiceKit

extension BreatheVoice {
    /// `breathe-voice prefs`: show and change the saved preferences.
    struct Prefs: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "prefs",
            abstract: "Show and change preferences (\(PreferenceKey.allCases.map(\.rawValue).joined(separator: ", "))).",
            discussion: """
            The file is $XDG_CONFIG_HOME/breathe-voice/preferences.json (default ~/.config). An option wins over an \
            environment variable (BREATHE_VOICE_LANG, BREATHE_VOICE_RATE, …), which wins over the file, which wins over \
            the built-in default. A per-language voice is set as voice.en, voice.es.
            """,
            subcommands: [Show.self, Get.self, Set.self, Unset.self, Reset.self, Path.self, Edit.self],
            defaultSubcommand: Show.self
        )

        struct Show: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "show", abstract: "Print every preference.")
            @OptionGroup var language: LanguageOption
            @Flag(help: "Print JSON.") var json = false
            @Flag(help: "Say where each value came from: option, environment, file or default.") var origin = false

            func run() throws {
                let loaded = try LoadedPreferences.load(language: language)
                let listing = PreferencesListing(localizer: loaded.localizer)
                var output = FileDescriptorSink.standardOutput
                output.write(json ? listing.json(loaded.preferences, origins: origin) : listing.text(loaded.preferences, origins: origin))
            }
        }

        struct Get: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "get", abstract: "Print one preference's value.")
            @OptionGroup var language: LanguageOption
            @Argument(help: "The preference's name.", completion: .list(PreferenceKeyCompletion.names(languages: LocaleCatalog.codes))) var key: String

            func run() throws {
                let loaded = try LoadedPreferences.load(language: language)
                let name = try PreferenceName.parse(key, loaded)
                var output = FileDescriptorSink.standardOutput
                if let code = name.language {
                    guard case .voices(let voices)? = loaded.document.values[.voice], let voice = voices[code] else {
                        output.write(PlainText.line(loaded.localizer.string(Message(.prefsLanguageVoice)))); return
                    }
                    output.write(PlainText.line(voice))
                    return
                }
                output.write(PlainText.line(PreferencesListing(localizer: loaded.localizer).value(name.key, in: loaded.preferences)))
            }
        }

        struct Set: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "set", abstract: "Save a preference, checked first.")
            @OptionGroup var language: LanguageOption
            @Argument(help: "The preference's name.", completion: .list(PreferenceKeyCompletion.names(languages: LocaleCatalog.codes))) var key: String
            @Argument(help: "Its new value.") var value: String

            func run() throws {
                let loaded = try LoadedPreferences.load(language: language, forUpdate: true)
                let name = try PreferenceName.parse(key, loaded)
                var document = loaded.document
                let rules = loaded.store.rules
                guard name.key != .customPatterns else {
                    throw CommandFailure(.usage(Message(.errorPrefReadOnly, ["key": .text(key)])), localizer: loaded.localizer)
                }
                guard let parsed = rules.parse(name.key, value, customPatterns: document.customPatterns) else {
                    let message = Preferences.refusal(key: key, value: value, allowed: rules.allowed(name.key))
                    throw CommandFailure(.usage(message), localizer: loaded.localizer)
                }
                if name.key == .voice {
                    var voices: [String: String] = [:]
                    if case .voices(let existing)? = document.values[.voice] { voices = existing }
                    voices[name.language ?? loaded.preferences.language] = parsed.text
                    document.values[.voice] = .voices(voices)
                } else {
                    document.values[name.key] = parsed
                }
                do { try loaded.save(document) } catch { throw CommandFailure(error, localizer: loaded.localizer) }
                var output = FileDescriptorSink.standardOutput
                output.say(Message(.prefsSet, ["key": .text(key), "value": .text(parsed.displayText)]), Localizer(language: document.values[.language]?.text ?? loaded.localizer.language))
            }
        }

        struct Unset: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "unset", abstract: "Remove a preference from the file, so its default applies.")
            @OptionGroup var language: LanguageOption
            @Argument(help: "The preference's name.", completion: .list(PreferenceKeyCompletion.names(languages: LocaleCatalog.codes))) var key: String

            func run() throws {
                let loaded = try LoadedPreferences.load(language: language, forUpdate: true)
                let name = try PreferenceName.parse(key, loaded)
                var document = loaded.document
                if name.key == .voice, let code = name.language {
                    if case .voices(var voices)? = document.values[.voice] {
                        voices[code] = nil
                        document.values[.voice] = voices.isEmpty ? nil : .voices(voices)
                    }
                } else {
                    document.values[name.key] = nil
                }
                if document != loaded.document {
                    do { try loaded.save(document) } catch { throw CommandFailure(error, localizer: loaded.localizer) }
                }
                var output = FileDescriptorSink.standardOutput
                output.say(Message(.prefsUnset, ["key": .text(key)]), loaded.localizer)
            }
        }

        struct Reset: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "reset",
                abstract: "Move the preferences file aside (preferences.json.bak-<time>) so every default applies; works on a broken file."
            )
            @OptionGroup var language: LanguageOption

            func run() throws {
                let store = PreferencesStore()
                let localizer = store.errorLocalizer(flagLanguage: language.language, environment: ProcessEnvironment.current)
                var output = FileDescriptorSink.standardOutput
                do {
                    let lock = try FileLock.preferences(store.path)
                    defer { withExtendedLifetime(lock) {} }
                    if let backup = try store.reset() {
                        output.say(Message(.prefsReset, ["file": .text(store.path), "backup": .text(backup)]), localizer)
                    } else {
                        output.say(Message(.prefsResetNothing), localizer)
                    }
                } catch {
                    throw CommandFailure(error, localizer: localizer)
                }
            }
        }

        struct Path: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "path", abstract: "Print the preferences file's path.")

            func run() throws {
                var output = FileDescriptorSink.standardOutput
                output.write(PlainText.line(PreferencesStore().path))
            }
        }
    }
}

/// A preference name as typed: a key, and for `voice.es` the language.
struct PreferenceName {
    var key: PreferenceKey
    var language: String?

    static func parse(_ text: String, _ loaded: LoadedPreferences) throws -> PreferenceName {
        if text.lowercased().hasPrefix("voice.") {
            let code = String(text.dropFirst(6)).lowercased()
            if LocaleCatalog.codes.contains(code) { return PreferenceName(key: .voice, language: code) }
        } else if let key = PreferenceKey(userName: text) {
            return PreferenceName(key: key, language: nil)
        }
        let names = PreferenceKey.allCases.map(\.rawValue) + LocaleCatalog.codes.map { "voice.\($0)" }
        throw CommandFailure(
            .usage(Message(.errorPrefUnknownKey, ["key": .userValue(text), "keys": .text(names.joined(separator: ", "))])),
            localizer: loaded.localizer
        )
    }
}

import ArgumentParser
import BreatheCore
import BreatheSystem
import BreatheVoiceKit

/// What the session sounds like and where the sound goes: speech, counts, tones, voice and output.
struct AudioOptions: ParsableArguments {
    @Option(name: .preference(.speech), help: .preference(.speech))
    var speech: String?

    /// The switches of the on/off preferences, from their rows (`PreferenceSwitch`).
    @OptionGroup var switches: PreferenceSwitches

    /// The options with a value that come from their rows alone (`PreferenceOptions`).
    @OptionGroup var rowOptions: PreferenceOptions

    @Option(name: .preference(.tones), help: .preference(.tones))
    var tones: String?

    @Option(name: .preference(.toneVolume), help: .preference(.toneVolume))
    var toneVolume: String?

    @Option(name: .preference(.guide), help: .preference(.guide))
    var guide: GuideSetting?

    @Option(
        name: .preference(.voice), help: .preference(.voice),
        completion: .custom { _, _, prefix in VoiceCompletion.candidates(prefix: prefix) })
    var voice: String?

    @Option(name: .preference(.rate), help: .preference(.rate))
    var rate: String?

    @Option(name: .preference(.pitch), help: .preference(.pitch))
    var pitch: String?

    @Option(name: .preference(.volume), help: .preference(.volume))
    var volume: String?

    @Option(
        help: ArgumentHelp(
            HelpText.english("help.option.output"),
            valueName: "file.wav"))
    var output: String?

    @Flag(help: .english("help.option.require-audio"))
    var requireAudio = false

    @Option(name: .preference(.speechVia), help: .preference(.speechVia))
    var speechVia: SpeechBackend?

    @Option(name: .preference(.speechPriority), help: .preference(.speechPriority))
    var speechPriority: SpeechPriority?

    @Flag(name: .preference(.screenReader), help: .preferenceSwitch(.screenReader))
    var screenReader = false

    @Flag(name: .customLong("no-screen-reader"), help: .english("help.option.no-screen-reader"))
    var noScreenReader = false

    @Option(
        name: .customLong("screen-reader-way"),
        help: ArgumentHelp(
            HelpText.english("help.option.screen-reader-way"),
            valueName: ScreenReaderWay.allCases.map(\.rawValue).joined(separator: "|")))
    var screenReaderWay: ScreenReaderWay?

    /// The flags that override preferences, by preference key (flag, then environment, then file, then default).
    var preferenceFlags: [PreferenceKey: String] {
        var flags = switches.preferenceFlags.merging(rowOptions.preferenceFlags) { $1 }
        flags[.speech] = speech
        flags[.tones] = tones
        flags[.toneVolume] = toneVolume
        flags[.guide] = guide?.rawValue
        flags[.voice] = voice
        flags[.rate] = rate
        flags[.pitch] = pitch
        flags[.volume] = volume
        flags[.speechVia] = speechVia?.rawValue
        flags[.speechPriority] = speechPriority?.rawValue
        flags[.screenReader] = screenReaderWay?.rawValue ?? (noScreenReader ? "off" : screenReader ? "on" : nil)
        return flags
    }

    /// What was asked beyond the preferences (which already hold these flags): the flags no file can set, and which
    /// speech settings were typed.
    var request: SessionFrontend.AudioRequest {
        var explicit: Set<PreferenceKey> = []
        if voice != nil { explicit.insert(.voice) }
        if rate != nil { explicit.insert(.rate) }
        if pitch != nil { explicit.insert(.pitch) }
        if volume != nil { explicit.insert(.volume) }
        return SessionFrontend.AudioRequest(
            output: output, requiresAudio: requireAudio, explicitSpeechSettings: explicit,
            choosesSpeechVia: speechVia != nil)
    }

    /// Refuses flags that contradict each other, with a localized one-line error. Their values are read and checked
    /// once, with the preferences they override (`Preferences.resolve`).
    func validate(localizer: Localizer) throws {
        if screenReader && noScreenReader {
            throw ValidationError(
                localizer.string(
                    Message(
                        .errorFlagsConflict, ["first": .text("--screen-reader"), "second": .text("--no-screen-reader")])
                ))
        }
        if output == "" {
            throw ValidationError(localizer.string(Message(.errorOutputEmpty, ["option": .text("--output")])))
        }
        if let output, let problem = WavSink.nameProblem(output) {
            throw ValidationError(localizer.string(problem))
        }
    }
}

extension SpeechBackend: RawValueArgument {}
extension ScreenReaderWay: RawValueArgument {}
extension SpeechPriority: RawValueArgument {}
extension GuideSetting: RawValueArgument {}

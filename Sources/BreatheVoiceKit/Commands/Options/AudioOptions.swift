import ArgumentParser
import BreatheCore

/// What the session sounds like and where the sound goes: speech, counts, tones, voice and output.
struct AudioOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Speak the phrases (on) or only print them (off), e.g. when a screen reader does the talking (default \(DefaultsHelp.value(.speech))).",
            valueName: "on|off"))
    var speech: String?

    @Flag(help: "Speak the seconds inside each phase: \"two, three, four\".")
    var count = false

    @Option(
        help: ArgumentHelp(
            "Play a cue tone at each phase: rising for inhale, falling for exhale, soft for hold and rest (default \(DefaultsHelp.value(.tones))).",
            valueName: "on|off"))
    var tones: String?

    @Option(
        name: .customLong("tone-volume"),
        help: ArgumentHelp(
            "Tone level, \(DefaultsHelp.range(PreferenceRules.toneVolume)) (default \(DefaultsHelp.value(.toneVolume))).",
            valueName: "level"))
    var toneVolume: String?

    @Option(
        help: ArgumentHelp(
            "A soft sound to breathe along with: swell (a low chord that rises as you breathe in, stays through a hold, falls as you breathe out and is silent at rest, always quiet under the words) or off (default \(DefaultsHelp.value(.guide))). With --speech off it guides a session without words: only the introduction and the end are said.",
            valueName: "swell|off"))
    var guide: GuideSetting?

    @Option(
        help: ArgumentHelp(
            "An installed eSpeak NG voice, such as en-us, en (British), es or es-419, optionally with a variant: en-us+f3. See `breathe-voice voices`.",
            valueName: "name"), completion: .custom { _, _, prefix in VoiceCompletion.candidates(prefix: prefix) })
    var voice: String?

    @Option(
        help: ArgumentHelp(
            "Speech rate in words per minute, \(DefaultsHelp.range(PreferenceRules.rate)) (default \(DefaultsHelp.value(.rate))).",
            valueName: "wpm"))
    var rate: String?

    @Option(
        help: ArgumentHelp(
            "Speech pitch, \(DefaultsHelp.range(PreferenceRules.pitch)) (default \(DefaultsHelp.value(.pitch))).",
            valueName: "pitch"))
    var pitch: String?

    @Option(
        help: ArgumentHelp(
            "Speech volume, \(DefaultsHelp.range(PreferenceRules.volume)) (default \(DefaultsHelp.value(.volume))).",
            valueName: "volume"))
    var volume: String?

    @Option(
        help: ArgumentHelp(
            "Render the session to a WAV file instead of playing it, faster than real time; `-` writes the WAV to stdout (lines then go to stderr).",
            valueName: "file.wav"))
    var output: String?

    @Flag(help: "Exit with 69 when no sound server answers, instead of going on as text only.")
    var requireAudio = false

    @Option(
        name: .customLong("speech-via"),
        help: ArgumentHelp(
            "Who says the phrases: espeak (eSpeak NG, on the sound stream with the tones) or speechd (your speech-dispatcher, beside a screen reader); a WAV file is always spoken by eSpeak NG (default \(DefaultsHelp.value(.speechVia))).",
            valueName: "espeak|speechd"
        ))
    var speechVia: SpeechBackend?

    @Option(
        name: .customLong("speech-priority"),
        help: ArgumentHelp(
            "With --speech-via speechd: message (waits for other speech, never dropped), text (may be cut off by newer speech) or important (interrupts) (default \(DefaultsHelp.value(.speechPriority))).",
            valueName: "priority"
        ))
    var speechPriority: SpeechPriority?

    @Flag(
        help:
            "Screen-reader mode: plain short lines, each phase said through one voice only. Without it, on when a screen reader is found running (Fenrir, Speakup, yasr, Orca, BRLTTY; inside tmux or GNU screen too; default \(DefaultsHelp.value(.screenReader)))."
    )
    var screenReader = false

    @Flag(name: .customLong("no-screen-reader"), help: "Never screen-reader mode, even when a screen reader is found.")
    var noScreenReader = false

    @Option(
        name: .customLong("screen-reader-way"),
        help: ArgumentHelp(
            "In screen-reader mode: read (your screen reader says a short line printed as each tone ends; the default) or speak (spoken through speech-dispatcher, no phase lines printed).",
            valueName: "read|speak"))
    var screenReaderWay: ScreenReaderWay?

    /// The flags that override preferences, by preference key (flag, then environment, then file, then default).
    var preferenceFlags: [PreferenceKey: String] {
        var flags: [PreferenceKey: String] = [:]
        flags[.speech] = speech
        flags[.count] = count ? "on" : nil
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

    /// What to play, from the resolved preferences (which already hold these flags) and the flags no file can set.
    /// Screen-reader mode (`way`): reading it, the program's own voice is silent (the screen reader says the lines);
    /// speaking it, the phrases go through speech-dispatcher. An explicit `--speech-via` still wins.
    func choices(_ preferences: Preferences, screenReader way: ScreenReaderWay? = nil) -> AudioChoices {
        var explicit: Set<PreferenceKey> = []
        if voice != nil { explicit.insert(.voice) }
        if rate != nil { explicit.insert(.rate) }
        if pitch != nil { explicit.insert(.pitch) }
        if volume != nil { explicit.insert(.volume) }
        var choices = AudioChoices(
            speech: preferences.speech, tones: preferences.tones,
            toneVolume: preferences.toneVolume, voice: preferences.voice, rate: preferences.rate,
            pitch: preferences.pitch, volume: preferences.volume, output: output, requireAudio: requireAudio,
            speechVia: preferences.speechVia, speechPriority: preferences.speechPriority,
            explicitSpeechSettings: explicit
        )
        choices.guide = preferences.values[.guide]?.text.flatMap(GuideSetting.init(rawValue:)) ?? .off
        choices.screenReader = way
        // An explicit --speech-via still wins: someone who wants a voice of ours beside the screen reader says so.
        switch way {
        case .read? where speechVia == nil:
            choices.speech = false
        case .speak? where speechVia == nil:
            choices.speechVia = .speechd
            choices.dispatcherOptional = true
        default:
            break
        }
        return choices
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
    }
}

extension SpeechBackend: RawValueArgument {}
extension ScreenReaderWay: RawValueArgument {}
extension SpeechPriority: RawValueArgument {}
extension GuideSetting: RawValueArgument {}

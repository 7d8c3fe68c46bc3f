import BreatheCore
import BreatheSystem

/// What the user asked to hear: speech, tones and where the sound goes (whether the seconds are counted is the
/// session request's: a reminder never counts).
package struct AudioChoices: Sendable {
    /// Speak the phrases (`--speech on|off`).
    package var speech: Bool
    /// Play the cue tones (`--tones on|off`).
    package var tones: Bool
    /// 0–100 (`--tone-volume`).
    package var toneVolume: Int
    /// The guide sound under the session (`--guide`); with speech off, a session without words that still says its
    /// introduction and its end.
    var guide: GuideSetting = PreferenceRules.defaultSetting(.guide)
    /// An eSpeak NG voice (`--voice`); nil takes the language's own.
    package var voice: String?
    /// Where `voice` came from (an option, the environment, the preferences file), named when it does not work.
    var voiceOrigin: PreferenceOrigin = .builtIn
    package var rate: Int
    package var pitch: Int
    package var volume: Int
    /// A WAV file to render into, or `-` for stdout (`--output`); nil plays live.
    var output: String?
    /// No server is an error even in an interactive run (`--require-audio`).
    var requireAudio: Bool
    /// Who says the phrases (`--speech-via`); a WAV file is always spoken by eSpeak NG.
    package var speechVia: SpeechBackend
    /// The SSIP priority of phrases sent to speech-dispatcher (`--speech-priority`).
    package var speechPriority: SpeechPriority
    /// Which of voice, rate, pitch and volume were given on the command line: only those are sent to
    /// speech-dispatcher, the others stay the user's own speech-dispatcher settings.
    var explicitSpeechSettings: Set<PreferenceKey>
    /// Screen-reader mode: when speech-dispatcher does not answer, the session goes on without speech (never exit 69).
    var dispatcherOptional = false

    package init(
        speech: Bool = PreferenceRules.defaultFlag(.speech), tones: Bool = PreferenceRules.defaultFlag(.tones),
        toneVolume: Int = PreferenceRules.defaultInteger(.toneVolume), voice: String? = nil,
        rate: Int = PreferenceRules.defaultInteger(.rate), pitch: Int = PreferenceRules.defaultInteger(.pitch),
        volume: Int = PreferenceRules.defaultInteger(.volume), output: String? = nil, requireAudio: Bool = false,
        speechVia: SpeechBackend = PreferenceRules.defaultSetting(.speechVia),
        speechPriority: SpeechPriority = PreferenceRules.defaultSetting(.speechPriority),
        explicitSpeechSettings: Set<PreferenceKey> = []
    ) {
        self.speechVia = speechVia
        self.speechPriority = speechPriority
        self.explicitSpeechSettings = explicitSpeechSettings
        self.speech = speech
        self.tones = tones
        self.toneVolume = toneVolume
        self.voice = voice
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
        self.output = output
        self.requireAudio = requireAudio
    }

    /// The guide sound for `plan`, or nil with the guide off. Speaking the phases' words without tones, each word
    /// starts on its boundary: the guide goes down before every boundary.
    func guideSound(plan: SessionPlan) -> GuideSound? {
        guide == .swell ? GuideSound(plan: plan, anticipatesWords: speech && !tones && !speaksThroughDispatcher) : nil
    }

    /// The cue tones for these choices (each made when a phase first needs it), or none with tones off.
    func toneClips(sampleRate: Int) -> ToneClips {
        ToneClips(sampleRate: sampleRate, volume: tones ? toneVolume : nil)
    }

    /// Speech, tones or the guide: whether the session makes a sound (`Preferences.makesSound`, the one rule).
    var makesSound: Bool { Preferences.makesSound(speech: speech, tones: tones, guide: guide) }

    /// Whether the session needs the sound server: it makes a sound and plays live (not into a file).
    var needsSoundServer: Bool { output == nil && makesSound }

    /// True when speech-dispatcher says the phrases: speech on, `--speech-via speechd`, and played live (a WAV file
    /// is always spoken by eSpeak NG).
    var speaksThroughDispatcher: Bool { speech && speechVia == .speechd && output == nil }

    /// What to ask of speech-dispatcher: the session's language and priority, and only the settings given explicitly,
    /// on speech-dispatcher's scales. `voiceName` is the speech-dispatcher name of the `--voice` (eSpeak NG's own name
    /// for it, which is how the espeak-ng module lists its voices).
    func dispatcherRequest(language: String, voiceName: String?) -> SpeechDispatcherRequest {
        SpeechDispatcherRequest(
            language: language, priority: speechPriority,
            voiceName: explicitSpeechSettings.contains(.voice) ? voiceName : nil,
            rate: explicitSpeechSettings.contains(.rate) ? SpeechDispatcherRequest.rate(wordsPerMinute: rate) : nil,
            pitch: explicitSpeechSettings.contains(.pitch) ? SpeechDispatcherRequest.pitch(pitch) : nil,
            volume: explicitSpeechSettings.contains(.volume) ? SpeechDispatcherRequest.volume(volume) : nil
        )
    }

    /// The speech settings, with the language's default voice unless one was chosen.
    func speechSettings(localizer: Localizer) -> SpeechSettings {
        SpeechSettings(voice: voice ?? localizer.catalog.voice, rate: rate, pitch: pitch, volume: volume)
    }
}

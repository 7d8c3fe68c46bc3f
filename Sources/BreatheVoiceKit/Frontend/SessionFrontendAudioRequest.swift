import BreatheCore

extension SessionFrontend {
    /// What a session command asks of the sound beyond its preferences (which already hold the typed values): the
    /// flags no file can set, and which speech settings were typed.
    package struct AudioRequest {
        /// `--output`: a WAV file to render into, `-` for standard output; nil plays live.
        var output: String?
        /// `--require-audio`.
        var requiresAudio: Bool
        /// Which of voice, rate, pitch and volume were typed: only those are sent to speech-dispatcher.
        var explicitSpeechSettings: Set<PreferenceKey>
        /// `--speech-via` was typed: it wins over screen-reader mode.
        var choosesSpeechVia: Bool

        package init(
            output: String? = nil, requiresAudio: Bool = false, explicitSpeechSettings: Set<PreferenceKey> = [],
            choosesSpeechVia: Bool = false
        ) {
            self.output = output
            self.requiresAudio = requiresAudio
            self.explicitSpeechSettings = explicitSpeechSettings
            self.choosesSpeechVia = choosesSpeechVia
        }

        /// What to play, from the resolved preferences and this request. Screen-reader mode (`way`): reading it, the
        /// program's own voice is silent (the screen reader says the lines); speaking it, the phrases go through
        /// speech-dispatcher. An explicit `--speech-via` still wins.
        func choices(_ preferences: Preferences, screenReader way: ScreenReaderWay? = nil) -> AudioChoices {
            var choices = AudioChoices(
                speech: preferences.flag(.speech), tones: preferences.flag(.tones),
                toneVolume: preferences.toneVolume, voice: preferences.voice, rate: preferences.rate,
                pitch: preferences.pitch, volume: preferences.volume, output: output, requireAudio: requiresAudio,
                speechVia: preferences.speechVia, speechPriority: preferences.speechPriority,
                explicitSpeechSettings: explicitSpeechSettings
            )
            choices.voiceOrigin = preferences.origins[.voice] ?? .builtIn
            choices.guide = preferences.setting(.guide)
            // An explicit --speech-via still wins: someone who wants a voice of ours beside the screen reader says so.
            switch way {
            case .read? where !choosesSpeechVia:
                choices.speech = false
            case .speak? where !choosesSpeechVia:
                choices.speechVia = .speechd
                choices.dispatcherOptional = true
            default:
                break
            }
            return choices
        }
    }
}

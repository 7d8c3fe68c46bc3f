/// Who says the session's phrases: eSpeak NG mixed into our own sound stream, or the user's speech-dispatcher.
package enum SpeechBackend: String, CaseIterable, Sendable, Hashable {
    /// libespeak-ng, synthesized up front and mixed on the sample clock with the tones.
    case espeak
    /// speech-dispatcher (SSIP), with the user's own voice, rate and output module, beside a screen reader.
    case speechd
}

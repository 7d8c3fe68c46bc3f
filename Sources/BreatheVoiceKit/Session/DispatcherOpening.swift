import BreatheCore
import BreatheSystem

/// Connects to speech-dispatcher for a session whose phrases it says (`--speech-via speechd`, or a screen reader's way
/// `speak`), on the session's clock; when it is out of reach, says what the session does instead.
package struct DispatcherOpening {
    /// What a session gets.
    package enum Result {
        /// Connected: the phrases go there.
        case connected(any SpeechDispatcherConnection)
        /// The session does not speak through speech-dispatcher.
        case notAsked
        /// Out of reach, and the session goes on with its phrases printed only (a warning said it at a terminal).
        case wordless
        /// A stopping signal ended the wait for the daemon: the session takes it, as text.
        case stopped
    }

    /// Connects (`LiveSpeechDispatcher` on the session's clock; tests may pass a recorder).
    var connect: (SpeechDispatcherRequest) throws(BreatheError) -> any SpeechDispatcherConnection

    package init(clock: any SessionClock) {
        connect = { request throws(BreatheError) in try LiveSpeechDispatcher(request, clock: clock) }
    }

    /// Opens it for `choices`. Like a missing sound server, one out of reach is text only (here: phrases only printed)
    /// when silence is allowed or it was only asked for by the screen reader's way, with a warning at a terminal;
    /// otherwise its error ends the run (exit 69).
    package func open(
        _ choices: AudioChoices, localizer: Localizer, speech: Speech, interactive: Bool, allowsSilence: Bool
    ) throws(BreatheError) -> Result {
        guard choices.speaksThroughDispatcher else { return .notAsked }
        do {
            return .connected(
                try connect(
                    choices.dispatcherRequest(
                        language: localizer.language, voiceName: voiceName(choices, speech: speech))))
        } catch {
            if case .unavailable = error, SignalSource.stopIsPending { return .stopped }
            guard allowsSilence || choices.dispatcherOptional, case .unavailable(let message) = error else {
                throw error
            }
            if interactive {
                var warnings = FileDescriptorSink.standardError
                warnings.write(
                    PlainText.line(
                        localizer.string(
                            Message(.warningSpeechdTextOnly, ["detail": message.arguments["detail"] ?? .text("")])))
                )
            }
            return .wordless
        }
    }

    /// The `--voice` as speech-dispatcher's espeak-ng module names it (eSpeak NG's name for the voice), when given.
    private func voiceName(_ choices: AudioChoices, speech: Speech) throws(BreatheError) -> String? {
        guard choices.explicitSpeechSettings.contains(.voice), let name = choices.voice else { return nil }
        return try speech.voice(named: name).name
    }
}

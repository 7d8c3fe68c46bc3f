import BreatheCore
import BreatheSystem

/// Says the badges a session earned once it is over (known only when it is recorded, after the mood question if there
/// is one), through a short second playback on the sound server after the closing words.
struct BadgeSpeaker {
    let choices: AudioChoices
    let phrases: SessionPhrases
    let environment: [String: String]
    /// The session's clock, for the second playback's sink.
    let clock: any SessionClock

    /// Says `messages`. Nothing is said unless speech is on and the session was heard through the server, nor after a
    /// signal asked to leave. A file never gets them: the WAV stays exactly the planned session. Failing here costs
    /// only the spoken copy (the sentences are printed too), so it is silent.
    package func speak(_ messages: [Message], after outcome: SessionOutcome) {
        // Through speech-dispatcher the session's connection is gone by now; the printed sentences are read by the
        // screen reader.
        guard choices.speech, !choices.speaksThroughDispatcher, outcome.playedOnServer, outcome.signal == nil,
            !messages.isEmpty
        else { return }
        do throws(BreatheError) {
            let settings = phrases.settings()
            // One sentence at a time, each played as the server asks for it: a first run's badges are its longest audio
            // after the session, and neither they nor libpulse's copy of them are held whole.
            func clip(_ message: Message) throws(BreatheError) -> [Int16] {
                try phrases.clip(phrases.localizer.string(message), settings: settings).samples
            }
            let first = try clip(messages[0])
            let sink = try LivePulseSink(environment: environment, clock: clock)
            try sink.play(first)
            for message in messages.dropFirst() {
                // A breath's worth of silence between two sentences, as between the session's own phrases.
                try sink.play([Int16](repeating: 0, count: AudioFormat.sampleRate * 4 / 10))
                try sink.play(clip(message))
            }
            try sink.finish()
        } catch {
            return
        }
    }
}

import BreatheCore
import BreatheSystem

/// speech-dispatcher, when it says a session's phrases instead of eSpeak NG: each phrase waits until its sample is
/// heard on our stream (which keeps the clock, with tones or in silence), and pause, skip and stop cancel what it says.
package struct DispatcherQueue {
    var connection: any SpeechDispatcherConnection
    /// Screen-reader mode through speech-dispatcher: a phase's word is said at once, over other speech (a screen
    /// reader's), after cancelling what is left of ours. Otherwise (a reminder, `--speech-via speechd` alone) it
    /// queues at the session's priority.
    var cuesInterrupt: Bool
    /// Phrases waiting for their sample to be heard, in order.
    private var waiting: [Utterance] = []

    package init(_ connection: any SpeechDispatcherConnection, cuesInterrupt: Bool) {
        self.connection = connection
        self.cuesInterrupt = cuesInterrupt
    }

    /// A phrase for speech-dispatcher, sent when its sample is heard.
    struct Utterance {
        var position: Int64
        package var text: String
        /// A phase's word: said at once, over other speech, after what is left of ours is cancelled.
        var urgent: Bool
        /// Where it can no longer be heard in its phase: not sent once this is heard.
        var until: Int64
    }

    /// Where the next phrase waits to be heard (nil: none).
    var nextPosition: Int64? { waiting.first?.position }

    /// Queues a phrase to be said when `position` is heard; a phase's word (`isCue`) may interrupt.
    mutating func append(_ text: String, at position: Int64, isCue: Bool, until: Int64) {
        waiting.append(Utterance(position: position, text: text, urgent: isCue && cuesInterrupt, until: until))
    }

    /// Says what is due once `heard` is played, within `ahead` samples. Returns where the phrase the daemon did not
    /// take waited (it has gone away), or nil.
    mutating func sendDue(heard: Int64, ahead: Int64) -> Int64? {
        while let first = waiting.first, first.position <= heard + ahead {
            waiting.removeFirst()
            // Never queued behind an earlier phase: a word whose phase is over is dropped, not said late.
            if heard >= first.until { continue }
            if !connection.say(first.text, urgent: first.urgent) { return first.position }
        }
        return nil
    }

    /// Says `text` at once, over what is under way (an answer to a key). False: the daemon has gone away.
    func sayNow(_ text: String) -> Bool {
        connection.say(text, urgent: true)
    }

    /// Pause, skip and stop: what it is saying for us stops, and phrases not yet due are dropped.
    mutating func cancel() {
        waiting.removeAll()
        connection.cancel()
    }
}

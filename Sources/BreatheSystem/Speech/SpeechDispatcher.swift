import BreatheCore

/// One connection to speech-dispatcher, held for a session. The live one is `LiveSpeechDispatcher`; tests may pass a
/// recorder. Calls come from the session's one thread and never wait for the daemon.
package protocol SpeechDispatcherConnection: AnyObject {
    /// Sends `text` to be said: at the session's priority, or `urgent`ly (SSIP `important`: at once, over other
    /// speech, after cancelling what is left of this connection's, so nothing of ours is ever heard late). False when
    /// the daemon did not take it: it has gone away, or stopped answering.
    @discardableResult func say(_ text: String, urgent: Bool) -> Bool
    /// Stops what this connection is saying and drops what it has queued; other clients' speech (a screen reader's)
    /// is left alone.
    func cancel()
    /// Sets the rate of what this connection says from now on (`+` and `-` during a session).
    func setRate(wordsPerMinute: Int)
    /// Ends the connection once what was sent has been handed over; never waits for the daemon.
    func hangUp()
}

extension SpeechDispatcherConnection {
    package func setRate(wordsPerMinute: Int) {}
    package func hangUp() {}
    /// At the session's priority.
    @discardableResult package func say(_ text: String) -> Bool { say(text, urgent: false) }
}

/// What a session asks of speech-dispatcher: the client name, the language and priority, and only the voice settings
/// the user gave explicitly (the others stay the user's own speech-dispatcher settings).
package struct SpeechDispatcherRequest: Sendable, Hashable {
    var clientName: String
    /// An ISO 639-1 code, such as `en` or `es`.
    package var language: String
    var priority: SpeechPriority
    /// A speech-dispatcher synthesis voice name, when `--voice` was given.
    var voiceName: String?
    /// speech-dispatcher's scales, −100…100 (0 is the user's normal), when `--rate`, `--pitch`, `--volume` were given.
    package var rate: Int?
    package var pitch: Int?
    package var volume: Int?

    package init(
        clientName: String = "breathe-voice", language: String, priority: SpeechPriority = .message,
        voiceName: String? = nil, rate: Int? = nil, pitch: Int? = nil, volume: Int? = nil
    ) {
        self.clientName = clientName
        self.language = language
        self.priority = priority
        self.voiceName = voiceName
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
    }

    /// Words a minute (80–450) on speech-dispatcher's −100…100 rate scale, as its espeak-ng module maps it back
    /// (170 words a minute is 0; −100 is 80, 100 is 449).
    package static func rate(wordsPerMinute: Int) -> Int {
        let normal = 170
        let value =
            wordsPerMinute >= normal
            ? (wordsPerMinute - normal) * 100 / (449 - normal)
            : (wordsPerMinute - normal) * 100 / (normal - 80)
        return min(100, max(-100, value))
    }

    /// Pitch 0–100 (50 normal) on the −100…100 scale.
    package static func pitch(_ pitch: Int) -> Int { min(100, max(-100, (pitch - 50) * 2)) }

    /// Volume 0–200 (100 normal) on the −100…100 scale.
    package static func volume(_ volume: Int) -> Int { min(100, max(-100, volume - 100)) }
}

import BreatheCore

/// Every phrase of a session, synthesized once before it starts; looked up, never synthesized, while it plays.
public struct PhraseBook: Sendable {
    private var clips: [String: AudioClip]
    public let localizer: Localizer

    /// An empty book: speech off.
    public init(localizer: Localizer) {
        self.localizer = localizer
        clips = [:]
    }

    /// Every phrase `plan` can need: from `cache` when it has them, synthesized (and stored there) when not. With every
    /// phrase cached, the synthesizer is never called, so eSpeak NG is never started.
    public init(
        plan: SessionPlan, counting: Bool, opening: Message? = nil, localizer: Localizer, speech: Speech, settings: SpeechSettings,
        cache: PhraseCache? = nil
    ) throws(BreatheError) {
        self.localizer = localizer
        clips = [:]
        let version = cache == nil ? "" : speech.libraryVersion()
        for message in SpokenPhrases.messages(for: plan, counting: counting, opening: opening) {
            let text = localizer.string(message)
            if clips[text] != nil { continue }
            if let cache {
                clips[text] = try cache.clip(text, settings: settings, libraryVersion: version, speech: speech)
            } else {
                clips[text] = try speech.synthesize(text, settings)
            }
        }
    }

    /// The clip for a phrase, or nil when it was not prepared (speech off).
    public func clip(for message: Message) -> AudioClip? {
        clips[localizer.string(message)]
    }

    public var isEmpty: Bool { clips.isEmpty }

    /// Every prepared phrase's text, to prepare them all again with other settings.
    public var texts: [String] { Array(clips.keys) }

    /// Takes the same phrases, prepared again (after the speech rate changed).
    public mutating func replace(with clips: [String: AudioClip]) {
        self.clips = clips
    }
}

import BreatheCore
import BreatheSystem

/// A session's phrases in our own voice: the voice and its settings, the phrase cache, every phrase prepared before
/// the session, and the worker that says the ones known only later.
struct SessionPhrases {
    let choices: AudioChoices
    let localizer: Localizer
    package var speech: Speech
    /// Where synthesized phrases are kept between sessions; nil synthesizes every time.
    var cache: PhraseCache?
    /// Why the user's phrase cache is not used this time (a folder that is not private), said once when the session runs.
    var cacheRefusal: Message?
    /// The `--voice`, checked against the installed voices only when a phrase is synthesized.
    private let checkedVoice: CheckedVoice?

    package init(
        choices: AudioChoices, localizer: Localizer, speech: Speech, environment: [String: String],
        caching: PhraseCaching
    ) {
        self.choices = choices
        self.localizer = localizer
        self.speech = speech
        checkedVoice = choices.voice.map(CheckedVoice.init(name:))
        // A cache that cannot be trusted is not used: its audio would be played to the user.
        cacheRefusal = caching.refusal(environment: environment)
        cache = cacheRefusal == nil ? caching.resolved(environment: environment) : nil
    }

    /// Says on standard error why the phrase cache is not used, when our own voice would have used it.
    func warnIfUntrusted() {
        guard let cacheRefusal, choices.speech, !choices.speaksThroughDispatcher else { return }
        var warnings = FileDescriptorSink.standardError
        warnings.write(
            PlainText.line(localizer.string(Message(.warningCacheUntrusted, ["problem": .message(cacheRefusal)]))))
    }

    /// Every phrase the session can say. Speech off: none, unless the guide leads the breath, which makes a session
    /// without words that still says its introduction and its end (no phase words, no counts).
    func prepare(_ choices: AudioChoices, plan: SessionPlan, counting: Bool, opening: Announcement?)
        throws(BreatheError) -> PhraseBook
    {
        let wordFree = !choices.speech && choices.guide != .off
        guard choices.speech || wordFree else { return PhraseBook(localizer: localizer) }
        return try PhraseBook(
            plan: plan, counting: counting && !wordFree, opening: opening?.speech, phaseWords: !wordFree,
            localizer: localizer, speech: voiced, settings: settings(), cache: cache
        )
    }

    /// The voice, rate, pitch and volume. A `--voice` stands there as its unchecked label (the phrase cache's key),
    /// which `voiced` checks and turns into the voice's identifier before it synthesizes: a session whose phrases are
    /// all cached never opens eSpeak NG, and an unknown voice is still a usage error as soon as a phrase is needed.
    package func settings() -> SpeechSettings {
        var settings = choices.speechSettings(localizer: localizer)
        if let checkedVoice { settings.voice = checkedVoice.label }
        return settings
    }

    /// The speech that synthesizes with `settings()`: checks the `--voice` on its first synthesis.
    var voiced: Speech {
        checkedVoice.map { $0.speaking(with: speech) } ?? speech
    }

    /// `text` said with `settings`, through the phrase cache when there is one.
    func clip(_ text: String, settings: SpeechSettings) throws(BreatheError) -> AudioClip {
        let voiced = self.voiced
        if let cache {
            return try cache.clip(text, settings: settings, libraryVersion: speech.libraryVersion(), speech: voiced)
        }
        return try voiced.synthesize(text, settings)
    }

    /// Synthesizes through the phrase cache when there is one; a failure leaves the phrase printed only.
    func worker() -> PhraseWorker {
        let speech = voiced
        let cache = self.cache
        return PhraseWorker { text, settings in
            do throws(BreatheError) {
                if let cache {
                    return try cache.clip(
                        text, settings: settings, libraryVersion: speech.libraryVersion(), speech: speech)
                }
                return try speech.synthesize(text, settings)
            } catch {
                return nil
            }
        }
    }
}

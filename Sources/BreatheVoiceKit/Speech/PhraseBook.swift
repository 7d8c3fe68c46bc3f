import BreatheCore
import Synchronization

/// Every phrase of a session, ready before it starts; looked up, never synthesized, while it plays.
///
/// A phrase missing from the phrase cache is synthesized (and stored) before the session starts. A cached one is only
/// found there then, and read on its first lookup: the first sound waits for no clip but the first, and a phrase the
/// session never says (the key help, "Session stopped") is never read. An entry damaged after it was found is
/// synthesized again on that lookup, as a miss would have been.
package struct PhraseBook: Sendable {
    private var shelf: Shelf
    package let localizer: Localizer

    /// An empty book: speech off.
    package init(localizer: Localizer) {
        self.localizer = localizer
        shelf = Shelf([:], source: nil)
    }

    /// Every phrase `plan` can need: found in `cache` when it has them, synthesized (and stored there) when not. With
    /// every phrase cached, the synthesizer is never called, so eSpeak NG is never started.
    package init(
        plan: SessionPlan, counting: Bool, opening: Message? = nil, localizer: Localizer, speech: Speech,
        settings: SpeechSettings,
        cache: PhraseCache? = nil
    ) throws(BreatheError) {
        self.localizer = localizer
        var slots: [String: Slot] = [:]
        let version = cache == nil ? "" : speech.libraryVersion()
        for message in SpokenPhrases.messages(for: plan, counting: counting, opening: opening) {
            let text = localizer.string(message)
            if slots[text] != nil { continue }
            if let cache {
                let key = PhraseCache.Key(text: text, settings: settings, libraryVersion: version)
                slots[text] =
                    cache.mayHold(key)
                    ? .cached(key)
                    : .ready(try cache.clip(text, settings: settings, libraryVersion: version, speech: speech))
            } else {
                slots[text] = .ready(try speech.synthesize(text, settings))
            }
        }
        shelf = Shelf(slots, source: cache.map { Source(cache: $0, speech: speech) })
    }

    /// The clip for a phrase, or nil when it was not prepared (speech off).
    package func clip(for message: Message) -> AudioClip? {
        shelf.clip(localizer.string(message))
    }

    package var isEmpty: Bool { shelf.texts.isEmpty }

    /// Every prepared phrase's text, to prepare them all again with other settings.
    package var texts: [String] { shelf.texts }

    /// Takes the same phrases, prepared again (after the speech rate changed).
    package mutating func replace(with clips: [String: AudioClip]) {
        shelf = Shelf(clips.mapValues(Slot.ready), source: nil)
    }

    /// A phrase: its clip, or the cache entry to read it from.
    enum Slot: Sendable {
        case ready(AudioClip)
        case cached(PhraseCache.Key)
    }

    /// Where a damaged entry is synthesized again.
    struct Source: Sendable {
        var cache: PhraseCache
        var speech: Speech
    }

    /// The phrases, shared by the book's copies (the session's runner holds several); a cached clip read on a first
    /// lookup is kept for every copy. Never changed otherwise: `replace(with:)` takes a new shelf.
    final class Shelf: Sendable {
        private let slots: Mutex<[String: Slot]>
        private let source: Source?
        let texts: [String]

        init(_ slots: [String: Slot], source: Source?) {
            texts = Array(slots.keys)
            self.slots = Mutex(slots)
            self.source = source
        }

        func clip(_ text: String) -> AudioClip? {
            let slot = slots.withLock { $0[text] }
            switch slot {
            case .ready(let clip)?:
                return clip
            case .cached(let key)?:
                var clip = source?.cache.load(key)
                if clip == nil, let source {
                    clip = try? source.cache.clip(
                        text, settings: key.settings, libraryVersion: key.libraryVersion, speech: source.speech)
                }
                guard let clip else { return nil }
                slots.withLock { $0[text] = .ready(clip) }
                return clip
            case nil:
                return nil
            }
        }
    }
}

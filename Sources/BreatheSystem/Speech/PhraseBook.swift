import BreatheCore
import Synchronization

/// Every phrase of a session, ready before it starts; looked up, never synthesized, while it plays.
///
/// A phrase missing from the phrase cache is synthesized (and stored) before the session starts. A cached one is only
/// found there then, and read each time it is said, never kept: the first sound waits for no clip but the first, a
/// phrase the session never says (the key help, "Session stopped") is never read, and the session holds only the
/// phrases being mixed, not all of them. An entry damaged after it was found is synthesized again on that lookup, as a
/// miss would have been. Without a usable cache, the clips are kept.
package struct PhraseBook: Sendable {
    private var shelf: Shelf
    package let localizer: Localizer

    /// An empty book: speech off.
    package init(localizer: Localizer) {
        self.localizer = localizer
        shelf = Shelf([:], source: nil)
    }

    /// Every phrase `plan` can need: found in `cache` when it has them, synthesized (and stored there) when not. With
    /// every phrase cached, the synthesizer is never called, so eSpeak NG is never started. Without `phaseWords`, the
    /// phases' words are left out (a session the guide sound leads, without words).
    package init(
        plan: SessionPlan, counting: Bool, opening: Message? = nil, phaseWords: Bool = true, localizer: Localizer,
        speech: Speech, settings: SpeechSettings,
        cache: PhraseCache? = nil
    ) throws(BreatheError) {
        self.localizer = localizer
        var slots: [String: Slot] = [:]
        let version = cache == nil ? "" : speech.libraryVersion()
        for message in SpokenPhrases.messages(for: plan, counting: counting, opening: opening, phaseWords: phaseWords) {
            let text = localizer.string(message)
            if slots[text] != nil { continue }
            if let cache {
                let key = PhraseCache.Key(text: text, settings: settings, libraryVersion: version)
                if cache.mayHold(key) {
                    slots[text] = .cached(key, samples: nil)
                } else {
                    slots[text] = Slot(
                        key, try cache.synthesize(text, settings: settings, libraryVersion: version, speech: speech))
                }
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

    /// The number of samples of a phrase's clip, or nil when it was not prepared; read at most once.
    package func length(for message: Message) -> Int? {
        shelf.length(localizer.string(message))
    }

    package var isEmpty: Bool { shelf.texts.isEmpty }

    /// Every prepared phrase's text, to prepare them all again with other settings.
    package var texts: [String] { shelf.texts }

    /// Takes the same phrases, prepared again (after the speech rate changed).
    package mutating func replace(with clips: [String: AudioClip]) {
        shelf = Shelf(clips.mapValues(Slot.ready), source: nil)
    }

    /// A phrase: its clip, or the cache entry to read it from (with its length once known).
    package enum Slot: Sendable {
        case ready(AudioClip)
        case cached(PhraseCache.Key, samples: Int?)

        /// A phrase just synthesized for `key`: its entry, or its clip when the cache could not take it.
        package init(_ key: PhraseCache.Key, _ prepared: PhraseCache.Prepared) {
            switch prepared {
            case .cached(let samples): self = .cached(key, samples: samples)
            case .clip(let clip): self = .ready(clip)
            }
        }
    }

    /// Where a damaged entry is synthesized again.
    package struct Source: Sendable {
        package var cache: PhraseCache
        package var speech: Speech
    }

    /// The phrases, shared by the book's copies (the session's runner holds several); what a lookup learns (a length,
    /// a clip synthesized again that the cache could not take) is kept for every copy. Never changed otherwise:
    /// `replace(with:)` takes a new shelf.
    final class Shelf: Sendable {
        private let slots: Mutex<[String: Slot]>
        private let source: Source?
        let texts: [String]

        package init(_ slots: [String: Slot], source: Source?) {
            texts = Array(slots.keys)
            self.slots = Mutex(slots)
            self.source = source
        }

        package func clip(_ text: String) -> AudioClip? {
            let slot = slots.withLock { $0[text] }
            switch slot {
            case .ready(let clip)?:
                return clip
            case .cached(let key, _)?:
                if let clip = source?.cache.load(key) {
                    slots.withLock { $0[text] = .cached(key, samples: clip.count) }
                    return clip
                }
                guard let source,
                    let prepared = try? source.cache.synthesize(
                        text, settings: key.settings, libraryVersion: key.libraryVersion, speech: source.speech)
                else { return nil }
                let slot = Slot(key, prepared)
                slots.withLock { $0[text] = slot }
                switch slot {
                case .ready(let clip): return clip
                case .cached: return source.cache.load(key)
                }
            case nil:
                return nil
            }
        }

        package func length(_ text: String) -> Int? {
            switch slots.withLock({ $0[text] }) {
            case .ready(let clip)?: clip.count
            case .cached(_, let samples?)?: samples
            case .cached(_, nil)?: clip(text)?.count
            case nil: nil
            }
        }
    }
}

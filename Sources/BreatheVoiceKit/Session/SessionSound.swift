import BreatheCore
import BreatheSystem

/// What a session with sound plays: the timeline's mixer, the spoken clips on it, the prepared phrases and tones, the
/// voice's settings (which `+`/`-` change), the guide sound under it all and what is said while paused. A text-only
/// session has an empty one.
///
/// The pacers render the timeline through `render(from:count:)`: the mixer's clips, and the guide (`--guide`) shaped
/// around them (`GuideShaping`: ducked under every spoken clip, faded out and in again where the timeline jumps or
/// stops). Without a guide the samples are the mixer's own, exactly.
package struct SessionSound {
    /// The session's timeline.
    var mixer = TimelineMixer()
    /// The prepared speech (empty: speech off, or speech through speech-dispatcher); prepared again when `+` or `-`
    /// changes the rate.
    var phrases: PhraseBook
    /// The cue tone per phase (none: tones off), each made when first cued; made again when `[` or `]` changes the level.
    package var tones: ToneClips
    /// Says what cannot be prepared (a phrase with a number known only then) and prepares the book again after a rate
    /// change, off the audio path; nil: such phrases are only printed, and `+`/`-` say nothing is spoken.
    var worker: PhraseWorker?
    /// The voice's settings now (the rate changes with `+` and `-`); nil with speech off.
    var speechSettings: SpeechSettings?
    /// What is said while the session is paused.
    package var pause = PauseMixer()
    /// The spoken clips on the timeline that have not ended, as [start, end): a cue tone never starts under one.
    private(set) var speechSpans: [(start: Int64, end: Int64)] = []
    /// Rebuilds of the phrase book asked for; only the latest one is taken.
    private var bookGeneration = 0
    /// The guide sound (nil: `--guide off`), shaped around the rest.
    private(set) var guide: GuideSound?
    /// Where the latest render ended (or a rewind or a jump left the timeline): a duck never reaches back before it.
    private(set) var renderedEnd: Int64 = 0

    package init(phrases: PhraseBook, tones: ToneClips, guide: GuideSound? = nil) {
        self.phrases = phrases
        self.tones = tones
        self.guide = guide
    }

    /// The samples of [position, position + count): the mixer's clips, and the guide under them.
    mutating func render(from position: Int64, count: Int) -> [Int16] {
        renderedEnd = position + Int64(max(0, count))
        guard guide != nil, count > 0 else { return mixer.render(from: position, count: count) }
        // Clips and guide summed, then clipped once.
        var sum = [Int32](repeating: 0, count: count)
        mixer.add(into: &sum, from: position)
        guide?.add(into: &sum, from: position)
        return sum.map { Int16(clamping: $0) }
    }

    /// Forgets the clips that will not be rendered again: those ending before `position`.
    mutating func forget(endingBefore position: Int64) {
        mixer.forget(endingBefore: position)
    }

    /// A live sink dropped what it had queued: rendering goes on from `position`.
    mutating func rewind(to position: Int64) {
        renderedEnd = position
    }

    /// The timeline stops at `position` (a pause): what is said meanwhile starts afresh, after the guide's fade-out.
    mutating func beginPause(at position: Int64) {
        pause = PauseMixer()
        if let fadeOut = guide?.cut(at: position) { pause.schedule(AudioClip(fadeOut)) }
    }

    /// The timeline moves again from `position` (a resume): the guide fades in from silence.
    mutating func endPause(at position: Int64) {
        pause = PauseMixer()
        renderedEnd = position
    }

    /// Where the words already on the timeline end (0: none).
    var speechBusyUntil: Int64 { speechSpans.map(\.end).max() ?? 0 }

    /// A phrase under way on the worker: looked for every 10 ms, so it is said when ready.
    var isPreparing: Bool { worker?.isBusy == true }

    /// Places a spoken clip on the timeline at `start`.
    package mutating func say(_ clip: AudioClip, at start: Int64) {
        mixer.schedule(clip, at: start)
        speechSpans.append((start, start + Int64(clip.count)))
        guide?.duck(start: start, end: start + Int64(clip.count), renderedEnd: renderedEnd)
    }

    /// A phrase speech-dispatcher will say once `start` is heard, on a stream of its own: the guide ducks under the
    /// time it may take (`GuideShaping.dispatcherPhraseSamples`), as under a clip of ours.
    mutating func duckGuide(underDispatched text: String, at start: Int64) {
        guide?.duck(
            underDispatched: text, start: start, wordsPerMinute: speechSettings?.rate ?? SpeechSettings.defaultRate,
            renderedEnd: renderedEnd)
    }

    /// Places a spoken clip after the words already under way at `position` (never over them), with the usual gap.
    mutating func sayAfterWords(_ clip: AudioClip, from position: Int64, sampleRate: Int) {
        let gap = CueLayout.gapSamples(sampleRate: sampleRate)
        say(clip, at: max(position, speechSpans.map(\.end).max().map { $0 + gap } ?? position))
    }

    /// Forgets the words that ended by `position`.
    mutating func forgetWords(endingBy position: Int64) {
        speechSpans.removeAll { $0.end <= position }
    }

    /// The timeline jumps from `position` to `target`: as in the mixer, words not yet started are dropped, a word under
    /// way moves along with the timeline. The guide fades out from where it was, over its fade-in at `target`.
    mutating func seek(from position: Int64, to target: Int64) {
        let fadeOut = guide?.seek(from: position, to: target)
        mixer.seek(from: position, to: target)
        if let fadeOut { mixer.schedule(AudioClip(fadeOut), at: target) }
        renderedEnd = target
        speechSpans = speechSpans.compactMap { span in
            span.start < position && span.end > position
                ? (span.start + target - position, span.end + target - position) : nil
        }
    }

    /// `+`/`-`: the rate for the rest of the session. Returns the new rate, or nil when nothing speaks with a rate
    /// (`speaksElsewhere`: speech-dispatcher takes the rate itself).
    mutating func changeRate(faster: Bool, speaksElsewhere: Bool) -> Int? {
        guard var settings = speechSettings, worker != nil || speaksElsewhere else { return nil }
        settings.rate = min(
            max(settings.rate + (faster ? 25 : -25), PreferenceRules.rate.lowerBound), PreferenceRules.rate.upperBound)
        speechSettings = settings
        if !speaksElsewhere, let worker {
            bookGeneration += 1
            worker.submit(.book(generation: bookGeneration, texts: phrases.texts, settings))
        }
        return settings.rate
    }

    /// `[`/`]`: the tone level for the rest of the session, or nil with tones off.
    mutating func changeToneVolume(louder: Bool) -> Int? {
        guard let level = tones.volume else { return nil }
        let changed = min(
            max(level + (louder ? 10 : -10), PreferenceRules.toneVolume.lowerBound),
            PreferenceRules.toneVolume.upperBound)
        tones = tones.at(volume: changed)
        return changed
    }

    /// Asks the worker for a phrase that could not be prepared. False: no worker (it is only printed).
    func prepare(_ text: String) -> Bool {
        guard let worker, let speechSettings else { return false }
        worker.submit(.phrase(text, speechSettings))
        return true
    }

    /// What the worker finished: phrases to say now, in order. A rebuilt book replaces the old one here.
    mutating func collect() -> [AudioClip] {
        guard let worker else { return [] }
        var ready: [AudioClip] = []
        for result in worker.collect() {
            switch result {
            case .phrase(_, let clip?): ready.append(clip)
            case .phrase(_, nil): break // Printed already; the voice could not say it.
            case .book(let generation, let clips?, _) where generation == bookGeneration: phrases.replace(with: clips)
            case .book: break // A newer rate is on its way, or this one failed: keep what plays now.
            }
        }
        return ready
    }
}

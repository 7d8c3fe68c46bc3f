import BreatheCore
import BreatheSystem

/// The lead-in that lets the opening be heard whole before the first phase: the one place that plans it, for a
/// text-only session and one with sound, on one estimate of each sentence (`SentenceLength`).
///
/// Our own voice: the opening's phrases, one after another (`SessionPlan.leadIn(covering:getReady:)`). A screen
/// reader: the printed opening it reads ("Get ready" too, `readingLead(_:)`), as long as eSpeak NG takes to say it at
/// the reader's rate when it is known (`ScreenReaderMode.rate`), else at the normal rate; what our voice says
/// of it instead (its sentences are then not printed), at our voice's rate: speech-dispatcher's espeak-ng module at the
/// rate we send, or its normal one, or our own phrases as they are.
struct OpeningLeadIn {
    package let plan: SessionPlan
    /// Screen-reader mode, and what it is told first.
    let screenReader: ScreenReaderMode?
    /// The opening's sentences, as the session's machine says them.
    let machine: SessionMachine

    package init(_ assembly: SessionAssembly, announcesKeys: Bool) {
        plan = assembly.plan
        screenReader = assembly.settings.screenReader
        machine = SessionMachine(
            plan: assembly.plan, announcesKeys: announcesKeys, opening: assembly.settings.opening,
            briefOpening: assembly.settings.readerOfTheTerminal != nil)
    }

    private static var getReady: Announcement { SessionMachine.leadInAnnouncement }

    /// A text-only session in screen-reader mode: the screen reader reads every line of the opening.
    func readingPlan(_ length: SentenceLength) -> SessionPlan {
        let lines =
            (screenReader?.notice.map { [$0] } ?? []) + machine.openingAnnouncements.map(\.line)
            + [Self.getReady.line]
        return plan.leadIn(reading: readingLead(lines.map(length.reading)))
    }

    /// A session with sound: `phrases` are our voice's (empty through speech-dispatcher), `choices` say who speaks.
    func hearingPlan(_ phrases: PhraseBook, _ choices: AudioChoices, _ length: SentenceLength) -> SessionPlan {
        let gap = CueLayout.gapSamples(sampleRate: plan.sampleRate)
        if screenReader != nil, choices.output == nil {
            let readerRate = length.readingRate
            let notice = screenReader?.notice.map { [length.saying($0, rate: readerRate)] } ?? []
            // A sentence with words is said by our voice when there is one (and not printed); the others are printed.
            let ourRate =
                choices.explicitSpeechSettings.contains(.rate)
                ? choices.rate : ScreenReaderDetection.live.dispatcherWordsPerMinute(0)
            let lengths = (machine.openingAnnouncements + [Self.getReady]).map { announcement -> Int64 in
                guard choices.speech, let speech = announcement.speech else {
                    return length.saying(announcement.line, rate: readerRate)
                }
                if choices.speaksThroughDispatcher {
                    return length.saying(speech, rate: ourRate)
                }
                return phrases.length(for: speech).map(Int64.init) ?? 0
            }
            return plan.leadIn(reading: readingLead(notice + lengths))
        }
        guard !phrases.isEmpty, !choices.speaksThroughDispatcher else { return plan }
        let before = machine.openingAnnouncements.compactMap(\.speech).reduce(Int64(0)) {
            $0 + Int64(phrases.length(for: $1) ?? 0) + gap
        }
        return plan.leadIn(
            covering: before, getReady: Self.getReady.speech.flatMap(phrases.length(for:)).map(Int64.init) ?? 0)
    }

    /// The lead-in a screen reader needs to read the opening's lines, given how long each takes to say: their
    /// lengths with a short pause after each, and 1.2 s for it to start, for the pause it makes before what was
    /// printed while it spoke (Fenrir: about half a second), and to end on; so that the first tone follows the last
    /// word by about a second, never under it (with 1.4 s, 1.1 to 1.4 s measured inside Fenrir for the brief opening
    /// of a returning user: `ScreenReaderTests`; a loaded machine moves it by up to a second either way).
    func readingLead(_ lengths: [Int64]) -> Int64 {
        let gap = CueLayout.gapSamples(sampleRate: plan.sampleRate)
        return lengths.reduce(Int64(plan.sampleRate) * 6 / 5) { $0 + $1 + gap }
    }
}

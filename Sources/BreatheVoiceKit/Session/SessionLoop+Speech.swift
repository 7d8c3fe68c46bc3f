import BreatheCore
import BreatheSystem

/// The loop's voice: where a phase's cue goes, what each announcement says and through which voice, the counts.
extension SessionLoop {
    /// Lays out a phase's cue at the current position: its tone on the boundary, its word after it (see CueLayout), and
    /// hands how it went to the presenters with the cue (`PresenterHandOff`).
    mutating func placeCue(_ kind: PhaseKind, entered: Segment?) -> CueWord {
        let position = pacer.position
        let tone = sound.tones.clip(for: kind)
        var word: Int?
        if case .phase(_, let index)? = entered {
            word = sound.phrases.length(
                for: .phaseName(kind, isRepeat: machine.plan.pattern.isRepeat(at: index)))
        }
        // A phrase said by speech-dispatcher has no known length here: it always follows the tone.
        let placement = CueLayout.place(
            boundary: position, phaseEnd: entered.map { machine.plan.end(of: $0) } ?? Int64.max,
            toneSamples: tone.map { Int64($0.count) },
            wordSamples: speaker == nil ? word.map(Int64.init) : nil,
            speechBusyUntil: sound.speechBusyUntil, sampleRate: sampleRate
        )
        if let tone, let start = placement.tone { sound.mixer.schedule(tone, at: start) }
        if case .phase = entered {
            let spoken = word != nil || speaker != nil || options.linesFollowTone
            let cue = CuePlacement(
                planned: position, toneLeftOut: tone != nil && placement.tone == nil,
                wordDelay: spoken ? placement.speech.map { $0 - position } : nil,
                wordLeftOut: spoken && placement.speech == nil)
            handOff.appendPlacement(cue)
        }
        return placement.speech.map(CueWord.at) ?? .leftOut
    }

    /// Says an announcement's phrase: a cue's word where the layout put it, any other phrase after the words already
    /// under way (the opening's sentences one after another), never over them.
    package mutating func say(_ announcement: Announcement, cueWord: CueWord, entered: Segment?) {
        let position = pacer.position
        guard let speech = announcement.speech else { return }
        if case .leftOut = cueWord {
            // Another word was still being said and this one could no longer be heard in its phase: its line is
            // printed, its word is not said late.
        } else if speaker != nil {
            if progress.playing {
                let text = sound.phrases.localizer.string(speech)
                let until = entered.map { machine.plan.end(of: $0) } ?? Int64.max
                let start = cueWord.position ?? position
                // Over the guide, a little after its sample: the guide goes down first (dispatcherDelaySamples).
                let delay = sound.guide == nil ? 0 : GuideSound.dispatcherDelaySamples(sampleRate: sampleRate)
                speaker?.append(text, at: start + delay, isCue: cueWord.position != nil, until: until)
                sound.duckGuide(underDispatched: text, at: start)
            } else {
                speakNow(speech)
            }
        } else if SpokenPhrases.isLive(speech), sound.prepare(sound.phrases.localizer.string(speech)) {
            // Said when the worker has it ready.
        } else if let clip = sound.phrases.clip(for: speech) {
            if !progress.playing {
                sound.pause.schedule(clip)
            } else if let start = cueWord.position {
                sound.say(clip, at: start)
            } else {
                sound.sayAfterWords(clip, from: position, sampleRate: sampleRate)
            }
        }
    }

    /// Says `message` now, through whichever voice the session uses: speech-dispatcher at once, or eSpeak NG's
    /// prepared clip on the timeline at the current position (or aside, while paused). Without a clip it is only printed.
    mutating func speakNow(_ message: Message) {
        if let speaker {
            // An answer to a key: at once, over what is under way.
            if !speaker.sayNow(sound.phrases.localizer.string(message)) { loseDispatcher(at: pacer.position) }
        } else if let clip = sound.phrases.clip(for: message) {
            if progress.playing {
                sound.say(clip, at: pacer.position)
            } else {
                sound.pause.schedule(clip)
            }
        }
    }

    /// Sends to speech-dispatcher the phrases whose sample is about to be heard.
    mutating func sendHeardUtterances() {
        guard var speaker, speaker.nextPosition != nil else { return }
        let failed = speaker.sendDue(heard: pacer.heard(), ahead: pacer.releaseAhead)
        self.speaker = speaker
        if let failed { loseDispatcher(at: failed) }
    }

    /// speech-dispatcher did not take a phrase: the daemon has gone away. One line says so, nothing more is sent, and
    /// the session goes on with its tones and printed sentences (a screen reader still reads those).
    mutating func loseDispatcher(at position: Int64) {
        speaker = nil
        tell(Message(.lineSpeechdLost), at: position)
    }

    /// One line about the session's own parts (speech-dispatcher or the braille display gone), printed and shown as
    /// a key's answer is, changing nothing else.
    mutating func tell(_ line: Message, at position: Int64? = nil) {
        let position = position ?? pacer.position
        let notice = SessionEffect.announce(Announcement(line: line))
        for index in presenters.indices {
            presenters[index].present(notice, state: state, position: position)
            presenters[index].endTransition(state: state, position: position)
        }
    }

    /// Pause, skip and stop: what speech-dispatcher is saying for us stops, and phrases not yet due are dropped.
    mutating func cancelDispatched() {
        speaker?.cancel()
    }

    /// Schedules the seconds of a phase, after its word (which may itself follow the tone): said with a voice of our
    /// own, only printed otherwise (each then takes no time; a book without numbers is a session without words).
    mutating func scheduleCounts(of segment: Segment) {
        let start = machine.plan.start(of: segment)
        let wordEnd = sound.speechBusyUntil
        let silent = sound.phrases.length(for: SpokenPhrases.count(2)) == nil
        let scheduled = CountSchedule.counts(
            phaseSamples: machine.plan.end(of: segment) - start,
            sampleRate: sampleRate,
            nameSamples: max(0, wordEnd - start),
            countSamples: { number in
                silent ? 0 : sound.phrases.length(for: SpokenPhrases.count(number)).map(Int64.init)
            }
        )
        for count in scheduled {
            if let clip = sound.phrases.clip(for: SpokenPhrases.count(count.number)) {
                sound.say(clip, at: start + count.offset)
            }
            handOff.appendCount(count.number, at: start + count.offset, state: state)
        }
    }
}

/// Where a phase's word goes on the timeline, as the cue layout placed it.
package enum CueWord {
    /// Not a cue: the phrase goes where the timeline is.
    case none
    /// The word starts on this sample.
    case at(Int64)
    /// Left out: another word was still being said, and this one could no longer be heard within its phase.
    case leftOut

    var position: Int64? {
        if case .at(let position) = self { position } else { nil }
    }
}

/// Where a phase's cue tone and its spoken word go on the timeline, so that a tone never sounds under a word.
///
/// The tone starts on the planner's exact boundary sample (the cue onset never moves); the word starts a short gap
/// after the tone has ended, so the two never overlap and the word is as clear with tones on as with tones off. With
/// tones off the word starts on the boundary itself.
///
/// Short phases: when the tone, the gap and the word do not all fit before the next boundary, the word alone marks the
/// boundary (it starts on it, without a tone), so the next phase's tone still starts on its own sample. A word still
/// being said when a boundary comes (one longer than its phase, or one a skip carried along) wins over that boundary's
/// tone: the tone is left out and the new word waits for the earlier one to end, plus the gap, so words never overlap
/// either; a word that would then no longer be heard whole within its phase is left out, never carried into the next.
package enum CueLayout {
    /// Silence between the end of a tone and the start of the word, in milliseconds: enough for the ear to hear two
    /// sounds, short enough that the word still belongs to the cue.
    static let gapMilliseconds = 60

    /// The gap in samples at `sampleRate`.
    package static func gapSamples(sampleRate: Int) -> Int64 {
        Int64(gapMilliseconds * sampleRate / 1000)
    }

    /// A phase's cue on the timeline.
    package struct Placement: Hashable, Sendable {
        /// The sample where the tone starts, or nil when no tone plays.
        package var tone: Int64?
        /// The sample where the word starts (when there is one); nil when it is left out.
        package var speech: Int64?
    }

    /// Lays out the cue of the phase from `boundary` to `phaseEnd`.
    /// - Parameters:
    ///   - toneSamples: the tone's length in samples; nil when tones are off.
    ///   - wordSamples: the spoken word's length in samples; nil when speech is off.
    ///   - speechBusyUntil: the sample where the speech already on the timeline ends (0 or less when there is none).
    package static func place(
        boundary: Int64, phaseEnd: Int64, toneSamples: Int64?, wordSamples: Int64?, speechBusyUntil: Int64,
        sampleRate: Int
    ) -> Placement {
        let gap = gapSamples(sampleRate: sampleRate)
        if speechBusyUntil > boundary {
            let start = speechBusyUntil + gap
            let fits = wordSamples.map { start + $0 <= phaseEnd } ?? (start < phaseEnd)
            return Placement(tone: nil, speech: fits ? start : nil)
        }
        guard let toneSamples, toneSamples > 0 else { return Placement(tone: nil, speech: boundary) }
        guard let wordSamples, wordSamples > 0 else {
            return Placement(tone: boundary, speech: boundary + toneSamples + gap)
        }
        if boundary + toneSamples + gap + wordSamples <= phaseEnd {
            return Placement(tone: boundary, speech: boundary + toneSamples + gap)
        }
        return Placement(tone: nil, speech: boundary)
    }
}

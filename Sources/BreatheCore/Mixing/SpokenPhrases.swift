/// Every phrase a session can say, known before it starts, so that all speech is synthesized up front.
package enum SpokenPhrases {
    /// The phrases for `plan`: phase names (unless `phaseWords` is false: a session without words, which the guide
    /// sound leads), lead-in, pause and resume, closing words and, with `counting`, the numbers.
    package static func messages(
        for plan: SessionPlan, counting: Bool, opening: Message? = nil, phaseWords: Bool = true
    ) -> [Message] {
        var result: [Message] = [
            Message(.speechLeadIn), Message(.speechPaused), Message(.speechCompleted), Message(.speechStopped),
            Message(.speechKeys), Message(.lineKeysHint),
        ]
        if let opening { result.append(opening) }
        for index in plan.pattern.phases.indices where phaseWords {
            let name = Message.phaseName(plan.kind(ofPhase: index), isRepeat: plan.pattern.isRepeat(at: index))
            if !result.contains(name) { result.append(name) }
            // A skip lands on any phase: its word then says so first.
            if !result.contains(skipped(name)) { result.append(skipped(name)) }
        }
        // Answers to keys that carry no number, said at once.
        result += [Message(.lineUnknownKey), Message(.lineTonesOff)]
        if counting {
            let highest = CountSchedule.highestNumber(in: plan)
            if highest >= 2 {
                for number in 2...highest { result.append(count(number)) }
            }
        }
        return result
    }

    /// True for a phrase that carries a number known only when it is said (the seconds left on resuming, the answer to
    /// `t`, a new speech rate or tone level): it cannot be prepared before the session, so the runner has it said while
    /// the session plays, off the audio path.
    package static func isLive(_ message: Message) -> Bool {
        switch message.key {
        case .speechResumed, .lineTimeLeft, .lineSpeechRate, .lineToneVolume: true
        default: false
        }
    }

    /// A phase's word after a skip: "Skipped. Breathe out".
    static func skipped(_ name: Message) -> Message {
        Message(.speechSkipped, ["phase": .message(name)])
    }

    /// The spoken number `n` of a count.
    package static func count(_ number: Int) -> Message {
        Message(.speechCount, ["n": .integer(number)])
    }
}

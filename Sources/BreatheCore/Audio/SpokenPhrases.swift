/// Every phrase a session can say, known before it starts, so that all speech is synthesized up front.
public enum SpokenPhrases {
    /// The phrases for `plan`: phase names, lead-in, pause and resume, closing words and, with `counting`, the numbers.
    public static func messages(for plan: SessionPlan, counting: Bool, opening: Message? = nil) -> [Message] {
        var result: [Message] = [
            Message(.speechLeadIn), Message(.speechPaused), Message(.speechCompleted), Message(.speechStopped),
            Message(.speechKeys),
        ]
        if let opening { result.append(opening) }
        for index in plan.pattern.phases.indices {
            let name = Message.phaseName(plan.kind(ofPhase: index), isRepeat: plan.pattern.isRepeat(at: index))
            if !result.contains(name) { result.append(name) }
        }
        if counting {
            let highest = CountSchedule.highestNumber(in: plan)
            if highest >= 2 {
                for number in 2...highest { result.append(count(number)) }
            }
        }
        return result
    }

    /// The spoken number `n` of a count.
    public static func count(_ number: Int) -> Message {
        Message(.speechCount, ["n": .integer(number)])
    }
}

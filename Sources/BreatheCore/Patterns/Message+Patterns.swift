/// The names of a phase and of a pattern, as the messages that announce them.
extension Message {
    /// The name a phase is announced by.
    package static func phaseName(_ kind: PhaseKind, isRepeat: Bool = false) -> Message {
        switch kind {
        case .inhale: Message(isRepeat ? .phaseInhaleAgain : .phaseInhale)
        case .hold: Message(.phaseHold)
        case .exhale: Message(.phaseExhale)
        case .rest: Message(.phaseRest)
        }
    }

    /// The name of a pattern: a built-in's localized name, a saved pattern's own name, or "Custom pattern".
    package static func patternName(_ pattern: BreathingPattern) -> Message {
        if let title = pattern.title { return Message(title) }
        guard let name = pattern.name else { return Message(.patternCustom) }
        return Message(.patternSaved, ["name": .text(name)])
    }
}

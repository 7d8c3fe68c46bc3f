/// How a phrase sent through speech-dispatcher ranks against other programs' speech (a screen reader's), by SSIP
/// priority: `message` waits for speech of its rank and is never dropped, `text` may be cut off or dropped by newer
/// speech, `important` interrupts and is never dropped.
package enum SpeechPriority: String, CaseIterable, Sendable, Hashable {
    case message
    case text
    case important
}

/// What a reminder must not talk over: a call, or a recording from a real source. Music or a video playing is neither.
package enum CallActivity: String, Hashable, Sendable {
    /// A stream (playing or recording) whose `media.role` is `phone`.
    case call
    /// A recording stream from a source that is not a monitor (a microphone, a line in, a virtual source).
    case recording

    /// One stream the sound server reports, as far as the decision needs it.
    package struct Stream: Hashable, Sendable {
        /// A recording (a source output) rather than a playback (a sink input).
        var isRecording: Bool
        /// A recording of a sink's monitor: what is being played, not a microphone.
        package var fromMonitor: Bool
        /// Its `media.role` property, if any.
        var role: String?
        /// Paused by its client: nothing flows.
        var corked: Bool

        package init(isRecording: Bool, fromMonitor: Bool = false, role: String? = nil, corked: Bool = false) {
            self.isRecording = isRecording
            self.fromMonitor = fromMonitor
            self.role = role
            self.corked = corked
        }
    }

    /// The activity among `streams`, a call first; nil when none of them is one. Corked streams do not count.
    package static func find(in streams: [Stream]) -> CallActivity? {
        let live = streams.filter { !$0.corked }
        if live.contains(where: { $0.role == "phone" }) { return .call }
        if live.contains(where: { $0.isRecording && !$0.fromMonitor }) { return .recording }
        return nil
    }

    /// "a call", "a recording", for sentences.
    package var message: Message {
        switch self {
        case .call: Message(.remindActivityCall)
        case .recording: Message(.remindActivityRecording)
        }
    }
}

/// Whether the sound server still answers: when it last said anything (a request for data, a timing report, an
/// operation done), and whether a request of ours waits for its answer. Times are nanoseconds on the session's clock.
///
/// Nothing here talks to the server: `LivePulseSink` says when the server answered and when it asked, and asks what
/// follows. A server that answers nothing for `SoundServerPatience.silenceMilliseconds` while a request of ours waits
/// is a server that went away; one that has not answered our request for `lateMilliseconds` is late (taken as playing
/// nothing meanwhile); one that has said nothing for `probeMilliseconds` is asked for a sign of life at the next
/// wake-up, and the session's sleep ends `quietMilliseconds` after its last answer to ask one.
struct PulseLiveness {
    /// When the server last answered anything.
    private(set) var lastAnswer: UInt64
    /// When our request for a sign of life (a timing report) was sent, until it is answered.
    private(set) var askedAt: UInt64?
    /// A wait on the server ended without an answer in time: the server counts as gone until the next connection.
    private(set) var isSilent = false
    /// Questions asked since the start (each a round trip that wakes the server).
    private(set) var questions = 0
    /// Samples went to the server since the session last slept.
    private var sentSinceSleep = false

    package init(now: UInt64) { lastAnswer = now }

    private static func nanoseconds(_ milliseconds: Int64) -> UInt64 { UInt64(milliseconds) * 1_000_000 }

    /// A new connection: answered just now, nothing asked.
    mutating func restart(now: UInt64) {
        lastAnswer = now
        askedAt = nil
        isSilent = false
    }

    /// The server said something.
    mutating func answered(now: UInt64) {
        lastAnswer = now
        askedAt = nil
    }

    /// We asked the server something whose answer we wait for; an earlier unanswered request keeps its time.
    mutating func asked(now: UInt64) {
        questions += 1
        if askedAt == nil { askedAt = now }
    }

    /// Samples went to the server (since the session last slept).
    mutating func sent() { sentSinceSleep = true }

    /// Before the session sleeps: whether to ask about what was sent since it last slept. The answer keeps the heard
    /// position fresh (one a phase) and shows the server alive, asked in the wake-up that sent the samples, which woke
    /// the server anyway; not when a question waits, nor when the server said something within the last second (a
    /// request for data just now).
    mutating func takeQuestionAboutSent(now: UInt64) -> Bool {
        defer { sentSinceSleep = false }
        return sentSinceSleep && askedAt == nil && now >= lastAnswer + Self.nanoseconds(1000)
    }

    /// A wait ran out without an answer.
    mutating func fallSilent() { isSilent = true }

    /// Nothing asked yet and the server quiet for `probeMilliseconds`: time to ask for a sign of life.
    func wantsProbe(now: UInt64) -> Bool {
        askedAt == nil && now >= lastAnswer + Self.nanoseconds(SoundServerPatience.probeMilliseconds)
    }

    /// When the server's silence, counted from its last answer, makes it a lost server; never sooner than twice the
    /// late bound after our request (a process that was stopped itself asked nothing meanwhile).
    var silenceDeadline: UInt64 {
        max(
            lastAnswer + Self.nanoseconds(SoundServerPatience.silenceMilliseconds),
            (askedAt ?? 0) + 2 * Self.nanoseconds(SoundServerPatience.lateMilliseconds))
    }

    /// True once a request of ours has waited until `silenceDeadline`.
    func hasFallenSilent(now: UInt64) -> Bool {
        if isSilent { return true }
        guard askedAt != nil else { return false }
        return now >= silenceDeadline
    }

    /// Nothing from the server for `lateMilliseconds`, with our request unanswered for half of it at least (a healthy
    /// server answers within 80 ms): short of lost, but the closing words are not waited for.
    var lateAt: UInt64? {
        guard let askedAt else { return nil }
        let late = Self.nanoseconds(SoundServerPatience.lateMilliseconds)
        return max(askedAt + late / 2, lastAnswer + late)
    }

    func isLate(now: UInt64) -> Bool {
        guard let lateAt else { return false }
        return now >= lateAt
    }

    /// Our request unanswered for `lateMilliseconds`: the server is taken as playing nothing meanwhile.
    func isOverdue(now: UInt64) -> Bool {
        guard let askedAt else { return false }
        return now >= askedAt + Self.nanoseconds(SoundServerPatience.lateMilliseconds)
    }

    /// When the session's sleep should end to look at the server again: when a waiting request makes it late, then
    /// lost; with nothing asked, `quietMilliseconds` after its last answer (to ask).
    func nextLook(now: UInt64) -> UInt64 {
        if let lateAt { return now < lateAt ? lateAt : silenceDeadline }
        return lastAnswer + Self.nanoseconds(SoundServerPatience.quietMilliseconds)
    }
}

import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// When the sound server counts as quiet, late, overdue or gone, from its answers and our requests alone.
@Suite struct PulseLivenessTests {
    static let ms: UInt64 = 1_000_000
    static let start: UInt64 = 1_000 * ms

    @Test func aQuietServerIsAskedAfterTheProbeTimeAndNotAgainUntilItAnswers() {
        var liveness = PulseLiveness(now: Self.start)
        let probe = UInt64(SoundServerPatience.probeMilliseconds) * Self.ms
        #expect(!liveness.wantsProbe(now: Self.start + probe - 1))
        #expect(liveness.wantsProbe(now: Self.start + probe))
        liveness.asked(now: Self.start + probe)
        #expect(!liveness.wantsProbe(now: Self.start + 10 * probe))
        liveness.answered(now: Self.start + probe + 5 * Self.ms)
        #expect(liveness.askedAt == nil)
        #expect(!liveness.wantsProbe(now: Self.start + probe + 6 * Self.ms))
    }

    /// Before a sleep, what was sent is asked about once, unless a question already waits or the server answered
    /// within the last second (a request for data just now); nothing sent, nothing asked.
    @Test func whatWasSentIsAskedAboutOnceUnlessTheServerJustSpoke() {
        var liveness = PulseLiveness(now: Self.start)
        let second = 1_000 * Self.ms
        let asked1 = liveness.takeQuestionAboutSent(now: Self.start + 2 * second)
        #expect(!asked1)
        liveness.sent()
        let asked2 = liveness.takeQuestionAboutSent(now: Self.start + second - 1)
        #expect(!asked2)
        let asked3 = liveness.takeQuestionAboutSent(now: Self.start + 2 * second)
        #expect(!asked3, "asked about the same samples twice")
        liveness.sent()
        let asked4 = liveness.takeQuestionAboutSent(now: Self.start + 2 * second)
        #expect(asked4)
        liveness.asked(now: Self.start + 2 * second)
        #expect(liveness.questions == 1)
        liveness.sent()
        let asked5 = liveness.takeQuestionAboutSent(now: Self.start + 5 * second)
        #expect(!asked5, "asked while a question waits")
        liveness.answered(now: Self.start + 5 * second)
        liveness.sent()
        let asked6 = liveness.takeQuestionAboutSent(now: Self.start + 6 * second)
        #expect(asked6)
    }

    @Test func anUnansweredRequestMakesTheServerLateThenOverdueThenGone() {
        var liveness = PulseLiveness(now: Self.start)
        let late = UInt64(SoundServerPatience.lateMilliseconds) * Self.ms
        let asked = Self.start + 100 * Self.ms
        liveness.asked(now: asked)
        // Late once nothing came for the late bound since the last answer (and half of it since the request).
        #expect(!liveness.isLate(now: Self.start + late - 1))
        #expect(liveness.isLate(now: Self.start + late))
        #expect(!liveness.isOverdue(now: asked + late - 1))
        #expect(liveness.isOverdue(now: asked + late))
        let silence = Self.start + UInt64(SoundServerPatience.silenceMilliseconds) * Self.ms
        #expect(liveness.silenceDeadline == silence)
        #expect(!liveness.hasFallenSilent(now: silence - 1))
        #expect(liveness.hasFallenSilent(now: silence))
        // A second request keeps the first one's time.
        liveness.asked(now: asked + late)
        #expect(liveness.askedAt == asked)
    }

    @Test func withNothingAskedTheServerIsNeverLateNorGone() {
        let liveness = PulseLiveness(now: Self.start)
        let hour = 3_600_000 * Self.ms
        #expect(!liveness.isLate(now: Self.start + hour))
        #expect(!liveness.isOverdue(now: Self.start + hour))
        #expect(!liveness.hasFallenSilent(now: Self.start + hour))
        // The sleep ends the quiet bound after the last answer, to ask.
        #expect(
            liveness.nextLook(now: Self.start) == Self.start + UInt64(SoundServerPatience.quietMilliseconds) * Self.ms)
    }

    @Test func aRequestMovesTheNextLookToWhenItWouldBeLateThenGone() {
        var liveness = PulseLiveness(now: Self.start)
        liveness.asked(now: Self.start)
        let lateAt = liveness.lateAt!
        #expect(liveness.nextLook(now: Self.start) == lateAt)
        #expect(liveness.nextLook(now: lateAt) == liveness.silenceDeadline)
    }

    @Test func aTimedOutWaitIsSilentUntilTheNextConnection() {
        var liveness = PulseLiveness(now: Self.start)
        liveness.fallSilent()
        #expect(liveness.hasFallenSilent(now: Self.start))
        liveness.restart(now: Self.start + Self.ms)
        #expect(!liveness.hasFallenSilent(now: Self.start + Self.ms))
    }
}

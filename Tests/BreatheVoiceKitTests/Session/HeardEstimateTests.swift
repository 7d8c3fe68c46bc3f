import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// The timing report's measure: a cue's played position from the sink's latest report, against the origin the first
/// cue fixes.
@Suite struct HeardEstimateTests {
    /// 1 000 samples a second: a sample is a millisecond.
    static let rate = 1_000

    @Test func withoutAReportACueIsPlayedWhereItWasPlanned() {
        var timing = HeardEstimate(sampleRate: Self.rate)
        timing.fixOrigin(forCueAt: 5_000)
        #expect(timing.origin == nil)
        #expect(timing.playedPosition(of: 5_000) == 5_000)
    }

    @Test func theFirstCueFixesTheOriginAndLaterCuesAreMeasuredAgainstIt() {
        var timing = HeardEstimate(sampleRate: Self.rate)
        // Sample 4 000 was playing at 10 s: sample 5 000 is heard at 11 s, so sample 0 would have been at 6 s.
        timing.record(heard: 4_000, at: 10_000_000_000)
        timing.fixOrigin(forCueAt: 5_000)
        #expect(timing.origin == 6_000_000_000)
        #expect(timing.playedPosition(of: 5_000) == 5_000)
        // 0.25 s late: sample 7 000 heard at 13.25 s.
        timing.record(heard: 7_000, at: 13_250_000_000)
        timing.fixOrigin(forCueAt: 7_000)
        #expect(timing.origin == 6_000_000_000, "a fixed origin stays")
        #expect(timing.playedPosition(of: 7_000) == 7_250)
    }

    @Test func playedPositionIsAQueryThatFixesNothing() {
        var timing = HeardEstimate(sampleRate: Self.rate)
        timing.record(heard: 4_000, at: 10_000_000_000)
        #expect(timing.playedPosition(of: 5_000) == 5_000)
        #expect(timing.origin == nil)
        // Had the query fixed the origin at 6 s, this cue would be 0.25 s late; unfixed, each cue is its own origin.
        timing.record(heard: 7_000, at: 13_250_000_000)
        #expect(timing.playedPosition(of: 7_000) == 7_000)
        #expect(timing.origin == nil)
    }

    @Test func forgettingTheOriginLetsTheNextCueFixItAgain() {
        var timing = HeardEstimate(sampleRate: Self.rate)
        timing.record(heard: 4_000, at: 10_000_000_000)
        timing.fixOrigin(forCueAt: 5_000)
        timing.forgetOrigin()
        timing.record(heard: 9_000, at: 20_000_000_000)
        timing.fixOrigin(forCueAt: 9_000)
        #expect(timing.origin == 11_000_000_000)
        timing.forgetReport()
        #expect(timing.playedPosition(of: 9_500) == 9_500)
    }
}

/// The live pacer's side of the one estimate: a sink's report is believed unless the clock says it cannot be true yet.
@Suite struct HeardEstimateBoundTests {
    /// 1 000 samples a second: a sample is a millisecond.
    static let rate = 1_000

    @Test func theFirstReportIsBelieved() {
        var estimate = HeardEstimate(sampleRate: Self.rate)
        #expect(estimate.bounded(4_000, now: 10_000_000_000) == 4_000)
    }

    /// One second on the clock lets the heard position move 1.02 s and 20 ms more: a report of 1.5 s is held there.
    @Test func aReportFurtherOnThanTheClockAllowsIsHeldBack() {
        var estimate = HeardEstimate(sampleRate: Self.rate)
        _ = estimate.bounded(4_000, now: 10_000_000_000)
        #expect(estimate.bounded(5_500, now: 11_000_000_000) == 4_000 + 1_020 + 20)
        // Held back, the anchor stays where the reports were last believable: a second later, 2.06 s are allowed.
        #expect(estimate.bounded(6_000, now: 12_000_000_000) == 6_000)
    }

    @Test func aReportWithinWhatTheClockAllowsIsBelievedAndBecomesTheAnchor() {
        var estimate = HeardEstimate(sampleRate: Self.rate)
        _ = estimate.bounded(4_000, now: 10_000_000_000)
        #expect(estimate.bounded(4_900, now: 11_000_000_000) == 4_900)
        #expect(estimate.bounded(6_000, now: 12_000_000_000) == 4_900 + 1_020 + 20)
    }

    /// A report behind the anchor (a server that put its position back a little) is believed as it is.
    @Test func aReportBehindTheAnchorIsBelieved() {
        var estimate = HeardEstimate(sampleRate: Self.rate)
        _ = estimate.bounded(4_000, now: 10_000_000_000)
        #expect(estimate.bounded(3_900, now: 10_000_000_000) == 3_900)
    }

    /// A skip, a rewind or a new connection: the next report is believed however far it jumped.
    @Test func forgettingTheAnchorBelievesTheNextReport() {
        var estimate = HeardEstimate(sampleRate: Self.rate)
        _ = estimate.bounded(4_000, now: 10_000_000_000)
        estimate.forgetAnchor()
        #expect(estimate.bounded(60_000, now: 10_001_000_000) == 60_000)
    }

    /// What the pacer reports feeds the presenters: when a sample is heard follows from the latest report.
    @Test func whenASampleIsHeardFollowsFromTheLatestReport() {
        var estimate = HeardEstimate(sampleRate: Self.rate)
        #expect(estimate.heardNanos(of: 5_000) == nil)
        estimate.record(heard: estimate.bounded(4_000, now: 10_000_000_000), at: 10_000_000_000)
        #expect(estimate.heardNanos(of: 5_000) == 11_000_000_000)
    }
}

import Testing

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

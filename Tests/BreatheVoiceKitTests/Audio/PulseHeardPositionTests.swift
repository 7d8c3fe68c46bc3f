import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// The heard position from the server's timing reports, carried forward at the clock's pace.
@Suite struct PulseHeardPositionTests {
    static let second: UInt64 = 1_000_000_000
    static let rate = 22_050

    @Test func beforeAnyReportLibpulsesLatencyIsUsedElseTheLastOneCarriedForward() {
        var heard = PulseHeardPosition(sampleRate: Self.rate, now: 0)
        #expect(heard.latency(sent: 22_050, now: Self.second / 10) { 11_025 } == 11_025)
        // libpulse has nothing (a flush): the last latency, less what played since.
        let carried = heard.latency(sent: 22_050, now: Self.second / 10 + Self.second / 4) { nil }
        #expect(carried == 11_025 - 22_050 / 4)
        #expect(heard.heardOnTime == 22_050 - carried)
    }

    @Test func aReportIsCarriedForwardAtTheClocksPaceAndTheFurthestWins() {
        var heard = PulseHeardPosition(sampleRate: Self.rate, now: 0)
        // At 1 s, 2 s were sent and 1.5 s of them queued: half a second heard.
        heard.record(latency: 33_075, sent: 44_100, arrived: Self.second, now: Self.second)
        // Half a second later, a second has been heard.
        #expect(heard.latency(sent: 44_100, now: Self.second * 3 / 2) { nil } == 22_050)
        // A stale report that says less was heard does not move it back.
        heard.record(latency: 44_100, sent: 44_100, arrived: Self.second * 3 / 2, now: Self.second * 3 / 2)
        #expect(heard.latency(sent: 44_100, now: Self.second * 3 / 2) { nil } == 22_050)
        // Nothing beyond what was sent is ever heard.
        #expect(heard.latency(sent: 44_100, now: Self.second * 10) { nil } == 0)
    }

    @Test func aFlushForgetsTheReports() {
        var heard = PulseHeardPosition(sampleRate: Self.rate, now: 0)
        heard.record(latency: 0, sent: 22_050, arrived: Self.second, now: Self.second)
        heard.restart(sent: 22_050, now: Self.second)
        // After the flush, 1 000 more were sent; libpulse has no timing yet: all of them are still to be heard.
        #expect(heard.latency(sent: 23_050, now: Self.second) { nil } == 1_000)
    }

    /// A report's latency is what waits in the stream plus what the sink holds, less the report's time on its way: at
    /// the stream's own rate, in the session's samples.
    @Test func aReportsLatencyCountsWhatTheSinkHoldsEvenBeforeOurStreamReachedIt() {
        // 0.25 s written at 48 kHz, nothing read yet, the sink holding 1.2 s (a null sink before our latency applies):
        // 1.45 s not heard, where libpulse's latency (its stream time kept at 0) says 0.25 s.
        let early = PulseHeardPosition.latency(
            writeIndex: 24_000, readIndex: 0, sinkMicroseconds: 1_200_000, transportMicroseconds: 0,
            streamRate: 48_000, sampleRate: 22_050)
        #expect(early == 5_512 + 26_460)
        // Later: 1 s waits, the sink holds 20 ms, the report took 2 ms on its way.
        let later = PulseHeardPosition.latency(
            writeIndex: 960_000, readIndex: 864_000, sinkMicroseconds: 20_000, transportMicroseconds: 2_000,
            streamRate: 48_000, sampleRate: 22_050)
        #expect(later == 22_050 + 396)
        // Never below nothing.
        #expect(
            PulseHeardPosition.latency(
                writeIndex: 100, readIndex: 100, sinkMicroseconds: 0, transportMicroseconds: 5_000, streamRate: 22_050,
                sampleRate: 22_050) == 0)
    }
}

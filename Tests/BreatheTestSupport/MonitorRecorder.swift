import Foundation

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// Records what the shared test server's null sink plays (`parec -d test.monitor`, 22 050 Hz mono S16LE) into a
/// temporary file, from the moment sound flows until `stop`; or another monitor of another server.
final class MonitorRecorder {
    static let rate = 22_050
    let file: URL
    private let process: ChildProcess
    /// The recorder was stopped and reaped: its pid is no longer ours to signal.
    private var stopped = false

    /// Starts `parec` and returns once its first samples are on file (at most 10 s), so nothing played after this
    /// returns is missed.
    init(device: String = "test.monitor", server: String? = nil) throws {
        file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "breathe-voice-rec-\(UUID().uuidString).raw")
        process = try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "parec", "-d", device, "--raw", "--format=s16le", "--rate=22050", "--channels=1",
                "--latency-msec=10",
            ],
            environment: server.map { ["PULSE_SERVER": $0] } ?? [:], outputFile: file.path)
        waitForBytes(beyond: 0, timeout: 10)
    }

    var byteCount: Int { (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0 }

    private func waitForBytes(beyond count: Int, timeout: Double) {
        Waiting.until(timeout: timeout) { byteCount > count || process.hasEnded }
    }

    /// Samples on file so far.
    var sampleCount: Int { byteCount / 2 }

    /// The latest the recording can have started, from one look at the file: its samples were all recorded by the
    /// moment after the look (seconds on the monotonic clock). Delays in parec, the pipe or this thread only make the
    /// bound later, so the earliest of many looks is the start to within parec's latency.
    func latestStart() -> Double {
        let count = sampleCount
        let (seconds, attoseconds) = Self.epoch.duration(to: .now).components
        return Double(seconds) + Double(attoseconds) * 1e-18 - Double(count) / Double(Self.rate)
    }

    /// Where in the recording this moment falls (a sample index), given the start the earliest of many `latestStart`
    /// looks found: the clock says it, not the file, which lags behind by what parec and the pipe still hold.
    func position(now start: Double) -> Int {
        let (seconds, attoseconds) = Self.epoch.duration(to: .now).components
        return Int(((Double(seconds) + Double(attoseconds) * 1e-18) - start) * Double(Self.rate))
    }

    /// Where `latestStart` counts from.
    private static let epoch = ContinuousClock.now

    /// Returns once `seconds` more are on file: the recording is the clock.
    func record(seconds: Double) {
        waitForBytes(beyond: byteCount + Int(seconds * Double(Self.rate)) * 2, timeout: seconds + 10)
    }

    /// Records `seconds` more (what is on file now, plus that much), stops, and returns every sample.
    func stop(after seconds: Double = 0) throws -> [Int16] {
        if seconds > 0 { waitForBytes(beyond: byteCount + Int(seconds * Double(Self.rate)) * 2, timeout: seconds + 10) }
        if !stopped {
            process.kill(SIGKILL)
            _ = process.wait()
            stopped = true
        }
        return try samplesSoFar()
    }

    /// Every sample on file so far, the recorder running on.
    func samplesSoFar() throws -> [Int16] {
        let data = try Data(contentsOf: file)
        return stride(from: 0, to: data.count - 1, by: 2).map {
            Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8)
        }
    }

    deinit {
        if !stopped {
            process.kill(SIGKILL)
            _ = process.wait()
        }
        try? FileManager.default.removeItem(at: file)
    }
}

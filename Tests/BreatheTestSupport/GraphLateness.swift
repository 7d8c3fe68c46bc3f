import Foundation

/// What PipeWire's graph found late while a test recorded, from its log (`scripts/with-pipewire.sh` keeps pipewire's
/// at info level): "client too slow! rate:256/48000 …" for each node the graph started a cycle without. A node late for
/// a cycle misses that cycle's mix, which puts what it plays after a quantum later (docs/contributing.md, "Where a
/// PipeWire timing test loses its time"). A timing test on PipeWire grants that time (`unexplained`) and names it in its
/// failure, so that a server starved on a loaded machine is told apart from a cue sent late. Nothing on PulseAudio.
package struct GraphLateness {
    /// The cycles our stream's node (a session's, named after the binary) and the recorder's were late, and the time
    /// those cycles lasted.
    package typealias Late = (ours: Int, recorder: Int, oursSeconds: Double, recorderSeconds: Double)

    private let log: URL?
    private let start: Int

    /// Counts from now on.
    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard environment["BREATHE_VOICE_TEST_SERVER"] == "pipewire",
            let pulse = environment["BREATHE_VOICE_TEST_PULSE_DIR"]
        else {
            self.init(log: nil)
            return
        }
        self.init(log: URL(fileURLWithPath: pulse).deletingLastPathComponent().appendingPathComponent("pipewire.log"))
    }

    /// Counts what `log` says from now on (after its size now); nothing without a log.
    package init(log: URL?) {
        self.log = log
        start = log.flatMap { (try? FileManager.default.attributesOfItem(atPath: $0.path)[.size]) as? Int } ?? 0
    }

    /// The late cycles since `init`; nil on PulseAudio, or when the log cannot be read.
    package func lateCycles() -> Late? {
        guard let log, let data = try? Data(contentsOf: log), data.count >= start else { return nil }
        return Self.late(in: String(decoding: data[start...], as: UTF8.self))
    }

    /// The late cycles pipewire's log lines tell of.
    package static func late(in text: String) -> Late {
        var late: Late = (0, 0, 0, 0)
        for line in text.split(separator: "\n") where line.contains("client too slow!") {
            let seconds = quantum(of: line)
            if line.contains("(breathe-voice-") {
                late.ours += 1
                late.oursSeconds += seconds
            } else if line.contains("(parec-") {
                late.recorder += 1
                late.recorderSeconds += seconds
            }
        }
        return late
    }

    /// The cycle's length in a "client too slow!" line ("rate:256/48000": 256 frames at 48 kHz); 1024 frames at
    /// 48 kHz, PipeWire's default and largest usual quantum, when the line does not say.
    private static func quantum(of line: Substring) -> Double {
        let fallback = 1024.0 / 48_000
        guard let field = line.split(separator: " ").first(where: { $0.hasPrefix("rate:") }) else { return fallback }
        let parts = field.dropFirst("rate:".count).split(separator: "/")
        guard parts.count == 2, let frames = Double(parts[0]), let rate = Double(parts[1]), rate > 0 else {
            return fallback
        }
        return frames / rate
    }

    /// Which of a timing test's `errors` (heard minus planned, in samples at `rate`: an interval's, or an onset's from
    /// a mark before it) the graph does not explain. Each may be off by `tolerance`. Beyond that, each cycle our
    /// stream's node was late put all that followed it a quantum later (one error longer), and each cycle the recorder's
    /// was late may have left a quantum out of the recording (one shorter): the excesses of the longer errors beyond the
    /// tolerance may add up to the quanta our node lost, those of the shorter ones to the recorder's. The indices of the
    /// errors beyond the tolerance on a side whose excesses the graph does not explain; on PulseAudio, those beyond it.
    package func unexplained(_ errors: [Int], tolerance: Int, rate: Int) -> [Int] {
        let late = lateCycles() ?? (0, 0, 0, 0)
        return Self.unexplained(
            errors, tolerance: tolerance, longer: Int((late.oursSeconds * Double(rate)).rounded(.up)),
            shorter: Int((late.recorderSeconds * Double(rate)).rounded(.up)))
    }

    /// `unexplained` with the samples the graph lost given: `longer` by our node's late cycles, `shorter` by the
    /// recorder's.
    package static func unexplained(_ errors: [Int], tolerance: Int, longer: Int, shorter: Int) -> [Int] {
        let over = errors.indices.filter { errors[$0] > tolerance }
        let under = errors.indices.filter { errors[$0] < -tolerance }
        let overBy = over.reduce(0) { $0 + errors[$1] - tolerance }
        let underBy = under.reduce(0) { $0 - errors[$1] - tolerance }
        return ((overBy > longer ? over : []) + (underBy > shorter ? under : [])).sorted()
    }

    /// For a failure's message: "; PipeWire's graph found our stream late for N cycles (T ms), the recorder for M
    /// (U ms)", or "".
    package var summary: String {
        guard let late = lateCycles() else { return "" }
        let ours = Int((late.oursSeconds * 1000).rounded())
        let recorder = Int((late.recorderSeconds * 1000).rounded())
        return "; PipeWire's graph found our stream late for \(late.ours) cycles (\(ours) ms), "
            + "the recorder for \(late.recorder) (\(recorder) ms)"
    }
}

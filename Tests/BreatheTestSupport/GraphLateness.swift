import Foundation

/// What PipeWire's graph found late while a test recorded, from its log (`scripts/with-pipewire.sh` keeps pipewire's
/// at info level): "client too slow!" for each node the graph started a cycle without. A node late for a cycle misses
/// that cycle's mix, which would put what it plays after a quantum later (docs/contributing.md, "Where a PipeWire
/// timing test loses its time"); a timing test on PipeWire names them in its failure, so that a server starved on a
/// loaded machine is told apart from a cue sent late. Nothing on PulseAudio.
package struct GraphLateness {
    private let log: URL?
    private let start: Int

    /// Counts from now on.
    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard environment["BREATHE_VOICE_TEST_SERVER"] == "pipewire",
            let pulse = environment["BREATHE_VOICE_TEST_PULSE_DIR"]
        else {
            log = nil
            start = 0
            return
        }
        let url = URL(fileURLWithPath: pulse).deletingLastPathComponent().appendingPathComponent("pipewire.log")
        log = url
        start = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    }

    /// The cycles our stream's node (a session's, named after the binary) and the recorder's were late since `init`;
    /// nil on PulseAudio, or when the log cannot be read.
    package func lateCycles() -> (ours: Int, recorder: Int)? {
        guard let log, let data = try? Data(contentsOf: log), data.count >= start else { return nil }
        var ours = 0
        var recorder = 0
        for line in String(decoding: data[start...], as: UTF8.self).split(separator: "\n")
        where line.contains("client too slow!") {
            if line.contains("(breathe-voice-") { ours += 1 } else if line.contains("(parec-") { recorder += 1 }
        }
        return (ours, recorder)
    }

    /// For a failure's message: "; PipeWire's graph found our stream late for N cycles, the recorder for M", or "".
    package var summary: String {
        guard let late = lateCycles() else { return "" }
        return "; PipeWire's graph found our stream late for \(late.ours) cycles, the recorder for \(late.recorder)"
    }
}

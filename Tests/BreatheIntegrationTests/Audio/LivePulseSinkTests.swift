import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// The live sink against the private sound server of `make test` (PulseAudio, then PipeWire's pulse server).
@Suite struct LivePulseSinkTests {
    /// The one helper every live test asks for its server by tells a server that does not answer from one that does.
    @Test func theTestsSoundServerAnswersAndANoneDoesNot() throws {
        try LiveServers.requireSoundServer()
        #expect(!LiveServers.soundServerAnswers(server: "unix:/nonexistent/pulse/native"))
    }

    /// A clip played outside a session (the badges) is queued as the server asks for it: when `play` returns with the
    /// clip's last sample queued, no more than about one buffer is still ahead of what was heard. Written all at once,
    /// 3 s would be.
    @Test func playQueuesALongClipAsTheServerAsksForIt() throws {
        let environment = try LiveServers.requireSoundServer()
        let target = 500
        let sink = try LivePulseSink(environment: environment, targetMilliseconds: target, clock: MonotonicClock())
        let clip = [Int16](repeating: 0, count: AudioFormat.sampleRate * 3)
        try sink.play(clip)
        let ahead = sink.latencySamples()
        // The buffer, plus one request's worth of slack for the server's timing report.
        let allowed = Int64(
            AudioFormat.sampleRate * (target + LivePulseSink.requestMilliseconds(target: target)) / 1000)
        #expect(ahead <= allowed, "\(ahead) samples still queued when play returned (at most \(allowed) expected)")
        #expect(ahead > 0, "nothing queued: the clip's end was not written")
        try sink.finish()
    }

    /// The server says who it is before the stream is ready: PulseAudio plays a jump in the stream as silence, the
    /// tests' PipeWire (0.3.65, Debian 12's) plays what its ring held there, so a jump passes only over silence.
    @Test func theServerSaysHowItPlaysAJump() throws {
        let environment = try LiveServers.requireSoundServer()
        let sink = try LivePulseSink(environment: environment, clock: MonotonicClock())
        let pipewire = ProcessInfo.processInfo.environment["BREATHE_VOICE_TEST_SERVER"] == "pipewire"
        #expect(sink.jumps == (pipewire ? .overSilence : .anywhere), "\(String(describing: sink.jumps))")
        try sink.finish()
    }

    /// The session's connection sends its sound over the socket, never through shared memory: libpulse made it no
    /// shared pool (a memfd named "pulseaudio", or /dev/shm/pulse-shm-*), which it otherwise makes for every context,
    /// whatever the server (issue 52: over shared memory the server gives back each block once played, and the session
    /// wakes for each).
    @Test func theSessionsConnectionSharesNoMemoryWithTheServer() throws {
        let environment = try LiveServers.requireSoundServer()
        let sink = try LivePulseSink(environment: environment, clock: MonotonicClock())
        let maps = Self.wholeFile("/proc/self/maps")
        let pools = maps.split(separator: "\n").filter { $0.contains("memfd:pulseaudio") || $0.contains("pulse-shm-") }
        #expect(maps.contains("libpulse"), "libpulse is not mapped: the check would see nothing")
        #expect(pools.isEmpty, "libpulse's shared pool is mapped: \(pools)")
        try sink.finish()
    }

    /// A file of /proc read to its end: it says its size is 0, and a read of that size takes only its first page.
    private static func wholeFile(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Each phase's sound is asked about once, in the wake-up that sends it: the answer keeps the heard position fresh
    /// and shows the server alive, so that the session need not wake to ask (issue 52). Wake-ups that send nothing, or
    /// come soon after an answer, ask nothing; the sleep ends to ask before a silent server would count as gone.
    @Test func eachSoundSentIsAskedAboutOnceAndNothingElseIs() throws {
        let environment = try LiveServers.requireSoundServer()
        let sink = try LivePulseSink(environment: environment, clock: MonotonicClock())
        defer { sink.stop() }
        // 3 s of sound first, so that the queue never runs dry during the test (the server would say so: an answer).
        let tone = (0..<AudioFormat.sampleRate / 2).map { Int16(truncatingIfNeeded: ($0 * 37) % 2000 - 1000) }
        let long = Array([[Int16]](repeating: tone, count: 6).joined())
        var none: [pollfd] = []
        func sleep(_ milliseconds: Int32, times: Int) {
            for _ in 0..<times { _ = sink.wait(&none, timeoutMilliseconds: milliseconds) }
        }
        // The first write is asked about at once (the first report), and answered.
        try sink.write(long)
        #expect(sink.liveness.questions == 1)
        let answered = Waiting.value(within: 5) { () -> Bool? in
            sleep(20, times: 1)
            return sink.liveness.askedAt == nil ? true : nil
        }
        #expect(answered == true, "the server never answered")
        // A second and more of wake-ups that send nothing ask nothing.
        Waiting.sample(for: 1.2, every: 0) {
            sleep(100, times: 1)
            return true
        }
        #expect(sink.liveness.questions == 1)
        // The next sound is asked about in the wake-up that sends it, once.
        try sink.write(tone)
        sleep(50, times: 1)
        #expect(sink.liveness.questions == 2)
        sleep(50, times: 6)
        #expect(sink.liveness.questions == 2)
        #expect(SoundServerPatience.quietMilliseconds < SoundServerPatience.silenceMilliseconds)
        try sink.checkConnection()
    }

    /// Nothing the stream's ring held is heard again: a tone written ahead and flushed before its time, and the tones a
    /// ring's length back (43.7 s at 48 kHz) lie where the silence after them goes as jumps, and PipeWire before 1.2.8
    /// plays what its ring held where a jump passes (`PulseRing`). The sink's recording has sound where sound was
    /// meant, and nowhere else. And the drain of a queue longer than the server's silence may last (8 s at least) ends,
    /// the server asked for a sign of life as it goes.
    @Test func nothingTheRingHeldIsHeardAgainAndALongDrainEnds() throws {
        let environment = try LiveServers.requireSoundServer()
        let recorder = try MonitorRecorder()
        let sink = try LivePulseSink(environment: environment, clock: MonotonicClock())
        defer { sink.stop() }
        let rate = AudioFormat.sampleRate
        let tone = (0..<rate * 3 / 10).map { Int16(8_000 * sin(Double($0) * 2 * Double.pi * 440 / Double(rate))) }
        func silence(_ seconds: Double) -> [Int16] { [Int16](repeating: 0, count: Int(seconds * Double(rate))) }
        var none: [pollfd] = []
        /// Queues `samples` as a session does: what the server has room for, a quarter of a second at a time, sleeping
        /// in the sink's loop in between.
        func queue(_ samples: [Int16]) throws {
            var next = 0
            while next < samples.count {
                let room = min(sink.writableSamples(), rate / 4)
                if room == 0 {
                    _ = sink.wait(&none, timeoutMilliseconds: 100)
                    try sink.checkConnection()
                    continue
                }
                try sink.write(Array(samples[next..<min(samples.count, next + room)]))
                next += room
            }
            _ = sink.wait(&none, timeoutMilliseconds: 0)
        }
        func loud(_ samples: [Int16]) -> Bool { samples.contains { abs(Int($0)) > 2_000 } }
        // The first tone, and 2 s later a second, queued; the second is flushed once the first was heard.
        try queue(tone + silence(2) + tone)
        let heard = Waiting.value(within: 10) { () -> Bool? in
            _ = sink.wait(&none, timeoutMilliseconds: 20)
            return loud((try? recorder.samplesSoFar()) ?? []) ? true : nil
        }
        #expect(heard == true, "the first tone was never heard")
        sink.flush()
        // Past where the flushed tone was, then longer than the server's silence may last, all drained at once; and
        // past where the ring held both tones, a lap on, when the server's ring keeps them.
        let lap = Double(PulseRing.bytes) / Double(2 * sink.streamRate)
        let wait = sink.jumps == .overSilence ? lap + 4 : 8.0
        #expect(wait * 1000 > Double(SoundServerPatience.silenceMilliseconds))
        try queue(silence(wait) + tone)
        try sink.finish()
        let samples = try recorder.stop(after: 0.5)
        // The loud stretches, apart by at least 0.2 s of quiet: the first tone and the last, nothing else.
        var stretches: [Range<Int>] = []
        let quiet = rate / 5
        for (index, sample) in samples.enumerated() where abs(Int(sample)) > 2_000 {
            if let last = stretches.last, index - last.upperBound < quiet {
                stretches[stretches.count - 1] = last.lowerBound..<index + 1
            } else {
                stretches.append(index..<index + 1)
            }
        }
        let seconds = stretches.map {
            String(format: "%.2f-%.2f s", Double($0.lowerBound) / Double(rate), Double($0.upperBound) / Double(rate))
        }
        #expect(
            stretches.count == 2, "sound heard at \(seconds) (the first tone, then \(wait) s of silence and the last)")
        if stretches.count == 2 {
            #expect(Double(stretches[1].lowerBound - stretches[0].lowerBound) / Double(rate) > wait, "\(seconds)")
        }
    }
}

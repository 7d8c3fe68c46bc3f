import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// Which names `--output` writes a WAV under, and how the line after a render names the file.
@Suite struct WavSinkNameTests {
    @Test(arguments: ["x.wav", "X.WAV", "a/b.Wav", "/tmp/take.2.wav", "-", "/dev/null"])
    func aWavNameStandardOutputOrADeviceIsWritten(path: String) {
        #expect(WavSink.nameProblem(path) == nil, "\(path)")
    }

    @Test(arguments: [
        ("x.mp3", "x.wav"), ("session", "session.wav"), ("a/b.ogg", "b.wav"), (".wav", ".wav.wav"),
        ("folder/", "session.wav"), ("x.wav.flac", "x.wav.wav"),
    ])
    func anotherNameIsRefusedWithTheWavName(path: String, suggestion: String) {
        #expect(
            WavSink.nameProblem(path)
                == Message(
                    .errorOutputFormat,
                    ["path": .userValue(path), "option": .text("--output"), "suggestion": .userValue(suggestion)]))
    }

    @Test func aFIFOIsWrittenWhateverItsName() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("breathe-voice-\(UUID().uuidString)")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        defer { unlink(fifo.path) }
        #expect(WavSink.nameProblem(fifo.path) == nil)
    }

    @Test func thePathIsSaidFromTheRoot() throws {
        let folder = try #require(WorkingDirectory.current)
        #expect(WavSink.absolute("/a/./b//c.wav") == "/a/b/c.wav")
        #expect(WavSink.absolute("c.wav") == (folder == "/" ? "" : folder) + "/c.wav")
        #expect(WavSink.absolute("./d/./c.wav") == (folder == "/" ? "" : folder) + "/d/c.wav")
    }
}

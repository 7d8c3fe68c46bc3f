import Foundation
import Testing

@testable import BreatheTestSupport

extension LiveAudioTests {
    /// With the user's cookie whole, the sound server's handshake starts before the parse
    /// (`PulseCookie.isWhole`): a session is heard as ever, and refused command lines, which end the run while
    /// libpulse's thread may still be connecting, leave the cookie as it was.
    @Test func withTheCookieWholeTheHandshakeStartsFirstAndTheCookieIsKept() throws {
        let home = try TemporaryHome()
        let folder = home.root.appendingPathComponent("config/pulse")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let cookie = folder.appendingPathComponent("cookie")
        let bytes = Data((0..<256).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        try bytes.write(to: cookie)
        for arguments in [
            ["--pattern", "nonsense"], ["--cycles", "0"], ["--lang", "xx"], ["--pattern", "box", "x"],
        ] {
            let refused = try home.run(arguments)
            #expect(refused.status == 64, "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.split(separator: "\n").count == 1, "\(arguments): \(refused.stderr)")
        }
        #expect(try Data(contentsOf: cookie) == bytes, "a refused command line changed the cookie")
        let recorder = try MonitorRecorder()
        let run = try home.run(
            ["--pattern", "1-0-1", "--cycles", "1", "--speech", "off", "--lang", "en"],
            environment: ["BREATHE_VOICE_LEAD_IN": "off"])
        let samples = try recorder.stop(after: 0.3)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(samples.contains { abs(Int($0)) > 1000 }, "nothing was heard")
        #expect(try Data(contentsOf: cookie) == bytes, "the session changed the cookie")
    }
}

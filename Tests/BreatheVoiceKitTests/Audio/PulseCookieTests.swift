import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// Whether libpulse will only read the user's cookie: then a session's handshake may start before the parse
/// (`EarlyConnection`).
struct PulseCookieTests {
    /// The file libpulse reads first, whole (256 bytes), counts; a missing, short or non-regular one does not (libpulse
    /// would write it).
    @Test func theCookieIsWholeOnlyWhereLibpulseReadsIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "breathe-voice-cookie-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: root) }
        let config = root.appendingPathComponent("config/pulse")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        var environment = ["HOME": root.path, "XDG_CONFIG_HOME": root.path + "/config"]
        let cookie = config.appendingPathComponent("cookie")
        #expect(!PulseCookie.isWhole(environment: environment), "no cookie yet")
        try Data(count: 100).write(to: cookie)
        #expect(!PulseCookie.isWhole(environment: environment), "a short cookie is written again")
        try Data(count: 256).write(to: cookie)
        #expect(PulseCookie.isWhole(environment: environment))
        // The old place in the home serves as well.
        try FileManager.default.removeItem(at: cookie)
        try FileManager.default.createDirectory(at: cookie, withIntermediateDirectories: true)
        #expect(!PulseCookie.isWhole(environment: environment), "a folder is no cookie")
        try Data(count: 256).write(to: root.appendingPathComponent(".pulse-cookie"))
        #expect(PulseCookie.isWhole(environment: environment))
        // PULSE_COOKIE names the only file read.
        let named = root.appendingPathComponent("named-cookie")
        environment["PULSE_COOKIE"] = named.path
        #expect(!PulseCookie.isWhole(environment: environment), "PULSE_COOKIE's file is missing")
        try Data(count: 256).write(to: named)
        #expect(PulseCookie.isWhole(environment: environment))
    }
}

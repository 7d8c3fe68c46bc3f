import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// Issue 43: one reading of `PULSE_SERVER` and of the default socket, for a session (`LivePulseSink`) and `doctor`
/// (`SoundServerSocket`) alike.
@Suite struct SoundServerAddressTests {
    @Test func theListIsReadAsLibpulseReadsIt() {
        #expect(
            SoundServerAddress.entries("{0123abcd}unix:/a/native  /b/native\ttcp:host:4713 host")
                == [.socket("/a/native"), .socket("/b/native"), .remote("tcp:host:4713"), .remote("host")])
        #expect(SoundServerAddress.entries("   ").isEmpty)
        #expect(SoundServerAddress.given(environment: ["PULSE_SERVER": " "]) == nil)
        #expect(SoundServerAddress.given(environment: [:]) == nil)
        #expect(SoundServerAddress.given(environment: ["PULSE_SERVER": "unix:/x"]) == "unix:/x")
    }

    @Test func withoutPulseServerTheDefaultSocketIsTheRuntimeFoldersElseCrons() {
        #expect(
            SoundServerAddress.defaultSocket(environment: ["XDG_RUNTIME_DIR": "/r"], userID: 7) == "/r/pulse/native")
        #expect(
            SoundServerAddress.defaultSocket(environment: ["XDG_RUNTIME_DIR": "relative"], userID: 7)
                == "/run/user/7/pulse/native")
        #expect(SoundServerAddress.defaultSocket(environment: [:], userID: 7) == "/run/user/7/pulse/native")
    }

    /// A session and `doctor` look in the same place, whatever the variable holds: a session gives libpulse the list
    /// as written (it tries each entry), `doctor` checks its first local socket.
    @Test(arguments: [
        (
            ["PULSE_SERVER": "{0123abcd}unix:/a/native"], "{0123abcd}unix:/a/native",
            SoundServerSocket.Location.socket("/a/native")
        ),
        (["PULSE_SERVER": "tcp:host:4713 unix:/b/native"], "tcp:host:4713 unix:/b/native", .socket("/b/native")),
        (["PULSE_SERVER": "tcp:host:4713"], "tcp:host:4713", .remote("tcp:host:4713")),
        (["PULSE_SERVER": "  ", "XDG_RUNTIME_DIR": "/r"], "unix:/r/pulse/native", .socket("/r/pulse/native")),
        ([:], "unix:/run/user/7/pulse/native", .socket("/run/user/7/pulse/native")),
    ])
    func aSessionAndDoctorLookInTheSamePlace(
        environment: [String: String], session: String, doctor: SoundServerSocket.Location
    ) {
        #expect(LivePulseSink.serverAddress(environment: environment, userID: 7, exists: { _ in true }) == session)
        #expect(SoundServerSocket.current(environment: environment, userID: 7) == doctor)
    }
}

import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// Which servers are left the session's silences unsent: PulseAudio, and PipeWire's pulse server from the releases
/// that clear what a jump passes over.
@Suite struct PulseJumpsTests {
    @Test(arguments: [
        ("pulseaudio", true),
        ("PulseAudio (on PipeWire 0.3.65)", false),
        ("PulseAudio (on PipeWire 1.0.5)", false),
        ("PulseAudio (on PipeWire 1.2.7)", false),
        ("PulseAudio (on PipeWire 1.2.8)", true),
        ("PulseAudio (on PipeWire 1.3.80)", false),
        ("PulseAudio (on PipeWire 1.3.81)", true),
        ("PulseAudio (on PipeWire 1.4.2)", true),
        ("PulseAudio (on PipeWire 2.0)", true),
        ("PulseAudio (on PipeWire 1.2.9-rc1) test build", true),
        ("PulseAudio (on PipeWire 99999999999999999999999999.0)", true),
        ("PulseAudio (on PipeWire 1.99999999999999999999999999)", true),
        ("PulseAudio (on PipeWire 1)", false),
        ("PulseAudio (on PipeWire )", false),
        ("PulseAudio", false),
        ("", false),
    ])
    func aServerPlaysJumpsAsSilence(name: String, silence: Bool) {
        #expect(PulseJumps.playedAsSilence(serverName: name) == silence, "\(name)")
    }
}

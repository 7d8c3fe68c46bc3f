import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// Which servers are left the session's silences unsent: PulseAudio, and PipeWire's pulse server from the releases
/// that clear what a jump passes over; the releases before, back to 0.3.40, where the ring holds silence.
@Suite struct PulseJumpsTests {
    @Test(arguments: [
        ("pulseaudio", PulseJumps.Mode.anywhere),
        ("PulseAudio (on PipeWire 0.3.39)", .never),
        ("PulseAudio (on PipeWire 0.3.40)", .overSilence),
        ("PulseAudio (on PipeWire 0.3.48)", .overSilence),
        ("PulseAudio (on PipeWire 0.3.65)", .overSilence),
        ("PulseAudio (on PipeWire 1.0.5)", .overSilence),
        ("PulseAudio (on PipeWire 1.2.7)", .overSilence),
        ("PulseAudio (on PipeWire 1.2.8)", .anywhere),
        ("PulseAudio (on PipeWire 1.3.80)", .overSilence),
        ("PulseAudio (on PipeWire 1.3.81)", .anywhere),
        ("PulseAudio (on PipeWire 1.4.2)", .anywhere),
        ("PulseAudio (on PipeWire 2.0)", .anywhere),
        ("PulseAudio (on PipeWire 1.2.9-rc1) test build", .anywhere),
        ("PulseAudio (on PipeWire 99999999999999999999999999.0)", .anywhere),
        ("PulseAudio (on PipeWire 1.99999999999999999999999999)", .anywhere),
        ("PulseAudio (on PipeWire 0.2)", .never),
        ("PulseAudio (on PipeWire 1)", .never),
        ("PulseAudio (on PipeWire )", .never),
        ("PulseAudio", .never),
        ("", .never),
    ])
    func aServerPlaysJumpsAsSilence(name: String, mode: PulseJumps.Mode) {
        #expect(PulseJumps.mode(serverName: name) == mode, "\(name)")
    }
}

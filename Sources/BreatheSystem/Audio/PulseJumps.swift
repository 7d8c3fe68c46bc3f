/// How a sound server plays a jump forward in a playback stream (a write after a relative seek), so that the session
/// can leave its silences unsent (`PulseStreamFeed`). Told by the server's name and version
/// (`pa_context_get_server_info`); a server not known to is sent its silence as samples.
///
/// - PulseAudio (`pulseaudio`): its queue (`pa_memblockq`) fills what it was not sent with silence: `.anywhere`.
/// - PipeWire's pulse server (`PulseAudio (on PipeWire 1.2.8)`): from 1.2.8 and 1.3.81 on, which clear what a jump
///   passes over (pulse-server commit "clear old data when jumping forwards", PipeWire issue 4464): `.anywhere`.
///   From 0.3.40 to 1.2.7 and 1.3.80 (Debian 12's 0.3.65, Ubuntu 22.04's 0.3.48, 24.04's 1.0.5), its ring plays back
///   whatever it held where a jump passes: a former cue, or speech, heard again. There a jump may pass only over what
///   the ring is known to hold as silence (`PulseRing`): `.overSilence`. Before 0.3.40, not read: `.never`.
enum PulseJumps {
    enum Mode: Equatable {
        /// Silence goes as samples.
        case never
        /// A jump plays as silence, wherever it goes.
        case anywhere
        /// A jump plays what the stream's ring held there: it may pass only where the ring holds silence.
        case overSilence
    }

    static func mode(serverName: String) -> Mode {
        if serverName == "pulseaudio" { return .anywhere }
        guard let numbers = pipeWireVersion(serverName), numbers.count >= 2 else { return .never }
        let version = (numbers[0], numbers[1], numbers.count > 2 ? numbers[2] : 0)
        let fixed =
            switch (version.0, version.1) {
            case (1, 2): version.2 >= 8
            case (1, 3): version.2 >= 81
            default: version >= (1, 4, 0)
            }
        if fixed { return .anywhere }
        return version >= (0, 3, 40) ? .overSilence : .never
    }

    /// The numbers of the version in a name such as `PulseAudio (on PipeWire 1.2.8)`; nil in a name without
    /// `(on PipeWire `. Read byte by byte: a search in a String (`firstRange(of:)`) maps the string-processing
    /// library's code, 0.4 MiB of a session's peak memory, for a name read once (`make bench` measure 9).
    static func pipeWireVersion(_ serverName: String) -> [Int]? {
        let name = Array(serverName.utf8)
        let marker = Array("(on PipeWire ".utf8)
        guard name.count >= marker.count,
            let at = (0...name.count - marker.count).first(where: {
                name[$0..<$0 + marker.count].elementsEqual(marker)
            })
        else { return nil }
        var numbers: [Int] = []
        var digits = false
        for byte in name[(at + marker.count)...] {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                if !digits { numbers.append(0) }
                digits = true
                // A number longer than any version's stops growing rather than overflowing.
                let digit = Int(byte - UInt8(ascii: "0"))
                numbers[numbers.count - 1] = min(numbers[numbers.count - 1] * 10 + digit, 1 << 40)
            } else if byte == UInt8(ascii: ".") {
                digits = false
            } else {
                break
            }
        }
        return numbers
    }
}

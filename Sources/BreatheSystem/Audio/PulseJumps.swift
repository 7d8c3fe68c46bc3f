/// Whether a sound server plays a jump forward in a playback stream (a write after a relative seek) as silence, so that
/// the session can leave its silences unsent (`PulseStreamFeed.skipsSilence`). Told by the server's name and version
/// (`pa_context_get_server_info`); a server not known to is sent its silence as samples.
///
/// - PulseAudio (`pulseaudio`): its queue (`pa_memblockq`) fills what it was not sent with silence.
/// - PipeWire's pulse server (`PulseAudio (on PipeWire 1.2.8)`): from 1.2.8 and 1.3.81 on, which clear what a jump
///   passes over (pulse-server commit "clear old data when jumping forwards", PipeWire issue 4464). Before, its ring
///   buffer plays back whatever it held there before: a former cue, or speech, heard again.
enum PulseJumps {
    static func playedAsSilence(serverName: String) -> Bool {
        if serverName == "pulseaudio" { return true }
        let marker = "(on PipeWire "
        guard let start = serverName.firstRange(of: marker)?.upperBound else { return false }
        let numbers = serverName[start...].prefix { $0.isNumber || $0 == "." }.split(separator: ".").map {
            Int($0) ?? 0
        }
        guard numbers.count >= 2 else { return false }
        let version = (numbers[0], numbers[1], numbers.count > 2 ? numbers[2] : 0)
        switch (version.0, version.1) {
        case (1, 2): return version.2 >= 8
        case (1, 3): return version.2 >= 81
        default: return version >= (1, 4, 0)
        }
    }
}

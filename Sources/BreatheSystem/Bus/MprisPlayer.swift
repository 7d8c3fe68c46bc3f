import BreatheCore
import CSdBus

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A live session as an MPRIS media player on the user's session bus, so that a headset's button (through BlueZ's
/// `mpris-proxy`), the desktop's media keys and sound menu, `playerctl` and `breathe-voice pause` reach it.
///
/// Named `org.mpris.MediaPlayer2.breathe_voice.instance<pid>`, as the specification names a second instance, with the
/// `org.mpris.MediaPlayer2` and `org.mpris.MediaPlayer2.Player` interfaces at `/org/mpris/MediaPlayer2`. Its methods are
/// the session's keys (`SessionInput`): `PlayPause` is space, `Next` is `s`, `Previous` is `r`, `Stop` is `q`; each is
/// answered at once and taken by the session loop as the key would be, so it is said, shown and recorded the same.
/// What it shows (`MediaPlayerView`) follows the session as it is heard, and a change is announced
/// (`PropertiesChanged`) once per boundary or change of state.
///
/// Everything runs on the session loop's thread: sd-bus calls the handlers from `BusConnection.process()`, which the
/// loop runs when the bus's socket is readable (`source`).
package final class MprisPlayer {
    package static let objectPath = "/org/mpris/MediaPlayer2"
    static let rootInterface = "org.mpris.MediaPlayer2"
    static let playerInterface = "org.mpris.MediaPlayer2.Player"
    /// Every instance's name starts so; `breathe-voice pause` looks for it.
    static let namePrefix = "org.mpris.MediaPlayer2.breathe_voice.instance"

    let connection: BusConnection
    let name: String
    private(set) var view: MediaPlayerView
    private let album: String
    private let localizer: Localizer
    private let sampleRate: Int
    private let clock: any SessionClock
    /// When the position last handed over was heard, on the clock.
    private var heardAt: UInt64
    /// Calls taken and not yet handed to the loop, in order.
    private var waiting: [SessionInput] = []
    /// Other players paused for the session, resumed at its end.
    private(set) var others: OtherPlayers?
    /// A signal asked the session to stop: its end waits for nobody (a signal ends a session within half a second).
    var leaving = false

    /// Registers the player on `connection` and asks for its name; nothing is waited for. Nil when sd-bus refuses the
    /// object (the connection is then of no use to the session).
    package init?(
        connection: BusConnection, plan: SessionPlan, localizer: Localizer, toneVolume: Int, clock: any SessionClock,
        pausesOthers: Bool
    ) {
        self.connection = connection
        name = Self.namePrefix + String(getpid())
        view = MediaPlayerView(plan: plan, toneVolume: toneVolume)
        album =
            plan.pattern.title.map { localizer.string(Message($0)) } ?? plan.pattern.name ?? plan.pattern.timingsText
        self.localizer = localizer
        sampleRate = plan.sampleRate
        self.clock = clock
        heardAt = clock.now()
        guard let bus = connection.bus else { return nil }
        let userdata = Unmanaged.passUnretained(self).toOpaque()
        let library = connection.library
        guard
            library.addObjectVtable(
                bus, nil, Self.objectPath, Self.rootInterface, MprisInterfaces.root.table, userdata) >= 0,
            library.addObjectVtable(
                bus, nil, Self.objectPath, Self.playerInterface, MprisInterfaces.player.table, userdata) >= 0,
            library.requestNameAsync(bus, nil, name, 0, nil, nil) >= 0
        else { return nil }
        if pausesOthers { others = OtherPlayers(connection: connection, ownName: name) }
    }

    /// The player of a live session on the user's session bus (`BusAddress`), or nil when there is no bus to reach:
    /// then nothing is opened, and nothing is said (a session needs no bus). A bus that is there but never answers
    /// costs the session nothing either: every call on it is asynchronous.
    package static func open(
        plan: SessionPlan, localizer: Localizer, preferences: Preferences?, clock: any SessionClock
    ) -> MprisPlayer? {
        guard let address = BusAddress.session(environment: ProcessEnvironment.current),
            let connection = BusConnection(address: address)
        else { return nil }
        let tones = preferences.map { $0.flag(.tones) ? $0.toneVolume : 0 } ?? 0
        return MprisPlayer(
            connection: connection, plan: plan, localizer: localizer, toneVolume: tones, clock: clock,
            pausesOthers: preferences?.flag(.pauseOthers) ?? true)
    }

    /// The bus as an input of the session loop: its socket, what it waits for, and when sd-bus wants to be run anyway.
    package var source: SessionInputs.Source {
        var source = SessionInputs.Source(fileDescriptor: connection.fileDescriptor) { [self] in
            if waiting.isEmpty { connection.process() }
            return waiting.isEmpty ? nil : waiting.removeFirst()
        }
        source.events = { [self] in connection.pollEvents }
        // A call taken but not handed over yet is due now.
        source.deadline = { [self] in waiting.isEmpty ? connection.deadline : 0 }
        return source
    }

    // MARK: What the session hands over

    package func present(_ effect: SessionEffect, position: Int64) {
        view.present(effect, position: position)
        heardAt = clock.now()
    }

    package func endTransition() {
        let changed = view.endTransition()
        guard !changed.isEmpty, let bus = connection.bus else { return }
        let names = changed.map { strdup($0.rawValue) } + [nil]
        defer { for name in names { free(name) } }
        var pointers = names
        _ = connection.library.emitPropertiesChanged(bus, Self.objectPath, Self.playerInterface, &pointers)
    }

    /// How long the end waits for the players it paused to say they are still paused (milliseconds): a player on a
    /// busy desktop may take a while; after a stopping signal, a quarter of a second at most.
    static let patience: (ending: Int64, leaving: Int64) = (2000, 250)

    /// The session is over: other players it paused are resumed (each once it said it is still paused, waiting at most
    /// `patience`), and the name is given back by closing the connection.
    package func finish() {
        others?.resume(until: clock.deadline(inMilliseconds: leaving ? Self.patience.leaving : Self.patience.ending))
        connection.close()
    }

    // MARK: Calls from the bus

    /// Answers a method call: the reply at once, the input queued for the loop.
    fileprivate func call(_ message: OpaquePointer?, error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
        let library = connection.library
        let member = library.getMember(message).map { String(cString: $0) } ?? ""
        switch member {
        case "PlayPause": waiting.append(.togglePause)
        case "Play": waiting.append(.resume)
        case "Pause": waiting.append(.pause)
        case "Stop", "Quit": waiting.append(.quit)
        case "Next": waiting.append(.skip)
        case "Previous": waiting.append(.repeatInstruction)
        case "OpenUri":
            return library.setError(error, "org.freedesktop.DBus.Error.NotSupported", "breathe-voice opens no URI")
        default:
            // Raise, Seek and SetPosition: nothing to do (CanRaise and CanSeek are false).
            break
        }
        var reply: OpaquePointer?
        guard library.newMethodReturn(message, &reply) >= 0, let reply else { return -ENOMEM }
        defer { _ = library.messageUnref(reply) }
        return library.send(library.getBus(message), reply, nil)
    }

    /// A property's value, appended to `reply`.
    fileprivate func get(_ property: String, into reply: OpaquePointer?) -> Int32 {
        guard let value = value(of: property), let reply else { return -ENOENT }
        BusWriter(library: connection.library, message: reply).append(value)
        return 1
    }

    /// `Volume` set from the bus: the tones a step louder or softer, as `]` and `[` (the session says the new level).
    fileprivate func setVolume(from message: OpaquePointer?) -> Int32 {
        var volume = 0.0
        guard let message, connection.library.readBasic(message, CChar(UInt8(ascii: "d")), &volume) > 0 else {
            return -EINVAL
        }
        let level = Int((volume * 100).rounded())
        if level > view.toneVolume {
            waiting.append(.louderTones)
        } else if level < view.toneVolume {
            waiting.append(.softerTones)
        }
        return 1
    }

    /// Every property of both interfaces.
    func value(of property: String) -> BusValue? {
        switch property {
        case "Identity": .string("breathe-voice")
        case "CanQuit", "CanControl", "CanPlay", "CanPause", "CanGoNext", "CanGoPrevious": .boolean(true)
        case "CanRaise", "HasTrackList", "CanSeek": .boolean(false)
        case "SupportedUriSchemes", "SupportedMimeTypes": .strings([])
        case "PlaybackStatus": .string(view.status.rawValue)
        case "Rate", "MinimumRate", "MaximumRate": .double(1)
        case "Volume": .double(Double(view.toneVolume) / 100)
        case "Position": .int64(microseconds(view.offset(elapsed: elapsedSamples)))
        case "Metadata": .dictionary(metadata)
        default: nil
        }
    }

    package var metadata: [BusEntry] {
        var entries = [
            BusEntry("mpris:trackid", .objectPath("/org/breathe_voice/track/" + String(view.track))),
            BusEntry("mpris:length", .int64(microseconds(view.length))),
            BusEntry("xesam:album", .string(album)),
            BusEntry("xesam:artist", .strings(["breathe-voice"])),
        ]
        if let title = view.title { entries.append(BusEntry("xesam:title", .string(localizer.string(title)))) }
        return entries
    }

    /// Samples heard since the last position handed over.
    private var elapsedSamples: Int64 {
        Int64((clock.now() &- heardAt) / 1000) * Int64(sampleRate) / 1_000_000
    }

    private func microseconds(_ samples: Int64) -> Int64 { samples * 1_000_000 / Int64(sampleRate) }
}

/// The two interfaces' tables, built once.
enum MprisInterfaces {
    static let root = BusVtable(
        [
            .method("Raise", arguments: "", result: ""), .method("Quit", arguments: "", result: ""),
            .constant("CanQuit", signature: "b"), .constant("CanRaise", signature: "b"),
            .constant("HasTrackList", signature: "b"), .constant("Identity", signature: "s"),
            .constant("SupportedUriSchemes", signature: "as"), .constant("SupportedMimeTypes", signature: "as"),
        ], method: method, get: get)

    static let player = BusVtable(
        [
            .method("Next", arguments: "", result: ""), .method("Previous", arguments: "", result: ""),
            .method("Pause", arguments: "", result: ""), .method("PlayPause", arguments: "", result: ""),
            .method("Stop", arguments: "", result: ""), .method("Play", arguments: "", result: ""),
            .method("Seek", arguments: "x", result: ""), .method("SetPosition", arguments: "ox", result: ""),
            .method("OpenUri", arguments: "s", result: ""), .signal("Seeked", signature: "x"),
            .changing("PlaybackStatus", signature: "s"), .constant("Rate", signature: "d"),
            .changing("Metadata", signature: "a{sv}"), .writable("Volume", signature: "d"),
            .unannounced("Position", signature: "x"), .constant("MinimumRate", signature: "d"),
            .constant("MaximumRate", signature: "d"), .constant("CanGoNext", signature: "b"),
            .constant("CanGoPrevious", signature: "b"), .constant("CanPlay", signature: "b"),
            .constant("CanPause", signature: "b"), .constant("CanSeek", signature: "b"),
            .constant("CanControl", signature: "b"),
        ], method: method, get: get, set: set)

    private static let method: sd_bus_message_handler_t = { message, userdata, error in
        guard let userdata else { return 0 }
        return Unmanaged<MprisPlayer>.fromOpaque(userdata).takeUnretainedValue().call(message, error: error)
    }

    private static let get: sd_bus_property_get_t = { _, _, _, property, reply, userdata, _ in
        guard let userdata, let property else { return -ENOENT }
        let player = Unmanaged<MprisPlayer>.fromOpaque(userdata).takeUnretainedValue()
        return player.get(String(cString: property), into: reply)
    }

    private static let set: sd_bus_property_set_t = { _, _, _, _, value, userdata, _ in
        guard let userdata else { return -EINVAL }
        return Unmanaged<MprisPlayer>.fromOpaque(userdata).takeUnretainedValue().setVolume(from: value)
    }
}

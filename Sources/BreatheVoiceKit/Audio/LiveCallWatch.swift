import BreatheCore
import CPulseAudio

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Asks the sound server (PulseAudio, or PipeWire's pulse server) whether a call or a recording is in progress, and
/// sleeps until its streams change: the reminder's wait (`remind --defer`).
///
/// A context of its own on a plain `pa_mainloop`, with no stream: it lists the recording streams (source outputs), the
/// playing ones (sink inputs) and the sources (to tell a monitor from a microphone), and subscribes to the server's
/// source-output and sink-input events, so that a wait ends as soon as a call does. Nothing is played or recorded.
final class LiveCallWatch: CallWatching {
    private let library: LivePulseLibrary
    private var mainloop: OpaquePointer?
    private var context: OpaquePointer?
    /// What a listing gathered, and whether the server reported a change since the last `activity()`.
    private var streams: [CallActivity.Stream] = []
    private var monitors: Set<UInt32> = []
    private var recordingSources: [(source: UInt32, stream: CallActivity.Stream)] = []
    private var changed = false
    /// The descriptor a wait also watches, for the duration of one `waitForChange`.
    private var extra: pollfd?
    private var extraReady = false

    /// Times the waits.
    private let clock: any SessionClock

    /// Connects to the server `LivePulseSink.serverAddress` finds; throws `.unavailable` with libpulse's reason.
    init(environment: [String: String], clock: any SessionClock = MonotonicClock()) throws(BreatheError) {
        self.clock = clock
        guard let server = LivePulseSink.serverAddress(environment: environment) else {
            throw .unavailable(Message(.errorAudioUnavailable, ["detail": .systemText("no PulseAudio socket found")]))
        }
        library = try LivePulseSink.library()
        try connect(server)
    }

    deinit { close() }

    private func unavailable(_ error: Int32) -> BreatheError {
        close()
        return .unavailable(
            Message(.errorAudioUnavailable, ["detail": .systemText(LivePulseSink.describe(error, library))]))
    }

    private var opaqueSelf: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private static func watch(_ userdata: UnsafeMutableRawPointer?) -> LiveCallWatch? {
        userdata.map { Unmanaged<LiveCallWatch>.fromOpaque($0).takeUnretainedValue() }
    }

    private func connect(_ server: String) throws(BreatheError) {
        guard let mainloop = library.mainloopNew() else { throw unavailable(Int32(PA_ERR_INTERNAL.rawValue)) }
        self.mainloop = mainloop
        library.mainloopSetPollFunc(
            mainloop,
            { descriptors, count, timeout, userdata in
                guard let watch = LiveCallWatch.watch(userdata) else {
                    return SystemCall.poll(descriptors, nfds_t(count), timeout)
                }
                return watch.merge(descriptors, Int(count), timeout)
            }, opaqueSelf)
        guard let context = library.contextNew(library.mainloopGetAPI(mainloop), "breathe-voice reminder") else {
            throw unavailable(Int32(PA_ERR_INTERNAL.rawValue))
        }
        self.context = context
        if let failure = library.connect(context, to: server, iterating: mainloop) { throw unavailable(failure) }
        library.contextSetSubscribeCallback(
            context,
            { _, _, _, userdata in LiveCallWatch.watch(userdata)?.changed = true },
            opaqueSelf)
        let mask = pa_subscription_mask_t(
            rawValue: PA_SUBSCRIPTION_MASK_SOURCE_OUTPUT.rawValue | PA_SUBSCRIPTION_MASK_SINK_INPUT.rawValue)
        guard complete(library.contextSubscribe(context, mask, nil, nil)) else {
            throw unavailable(library.contextErrno(context))
        }
    }

    private func close() {
        if let context {
            library.contextSetSubscribeCallback(context, nil, nil)
            library.contextDisconnect(context)
            library.contextUnref(context)
        }
        if let mainloop { library.mainloopFree(mainloop) }
        context = nil
        mainloop = nil
    }

    /// Runs the main loop until `operation` is done (see `LivePulseLibrary.complete`).
    private func complete(_ operation: OpaquePointer?) -> Bool {
        library.complete(operation, iterating: mainloop)
    }

    private func role(_ properties: OpaquePointer?) -> String? {
        guard let properties, let value = library.proplistGets(properties, "media.role") else { return nil }
        return String(cString: value)
    }

    // MARK: CallWatching

    func activity() throws(BreatheError) -> CallActivity? {
        guard let context else { throw unavailable(Int32(PA_ERR_CONNECTIONTERMINATED.rawValue)) }
        changed = false
        streams = []
        monitors = []
        recordingSources = []
        let listed =
            complete(
                library.contextGetSourceInfoList(
                    context,
                    { _, info, last, userdata in
                        guard last == 0, let info, let watch = LiveCallWatch.watch(userdata) else { return }
                        if info.pointee.monitor_of_sink != UInt32.max { watch.monitors.insert(info.pointee.index) }
                    }, opaqueSelf))
            && complete(
                library.contextGetSourceOutputInfoList(
                    context,
                    { _, info, last, userdata in
                        guard last == 0, let info, let watch = LiveCallWatch.watch(userdata) else { return }
                        let stream = CallActivity.Stream(
                            isRecording: true, role: watch.role(info.pointee.proplist), corked: info.pointee.corked != 0
                        )
                        watch.recordingSources.append((info.pointee.source, stream))
                    }, opaqueSelf))
            && complete(
                library.contextGetSinkInputInfoList(
                    context,
                    { _, info, last, userdata in
                        guard last == 0, let info, let watch = LiveCallWatch.watch(userdata) else { return }
                        watch.streams.append(
                            CallActivity.Stream(
                                isRecording: false, role: watch.role(info.pointee.proplist),
                                corked: info.pointee.corked != 0))
                    }, opaqueSelf))
        guard listed else { throw unavailable(library.contextErrno(context)) }
        for (source, stream) in recordingSources {
            var stream = stream
            stream.fromMonitor = monitors.contains(source)
            streams.append(stream)
        }
        return CallActivity.find(in: streams)
    }

    func waitForChange(milliseconds: Int32, alsoWatching descriptor: Int32) -> CallWaitWake {
        guard let mainloop else { return .changed }
        let deadline = clock.now() + UInt64(max(0, milliseconds)) * 1_000_000
        extra = descriptor >= 0 ? pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0) : nil
        extraReady = false
        defer { extra = nil }
        while !changed {
            let now = clock.now()
            guard now < deadline else { return .timeout }
            let microseconds = Int32(min((deadline - now) / 1000, UInt64(Int32.max)))
            guard library.mainloopPrepare(mainloop, microseconds) >= 0, library.mainloopPoll(mainloop) >= 0 else {
                return .changed
            }
            _ = library.mainloopDispatch(mainloop)
            if extraReady { return .descriptor }
            // The connection went away: the caller's next question says so.
            if let context, library.contextGetState(context) != PA_CONTEXT_READY { return .changed }
        }
        return .changed
    }

    /// libpulse's poll function: its descriptors and the watched one in one `poll()`, with libpulse's timeout.
    private func merge(_ descriptors: UnsafeMutablePointer<pollfd>?, _ count: Int, _ timeout: Int32) -> Int32 {
        var all = descriptors.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        if let extra { all.append(extra) }
        let result = SystemCall.poll(&all, nfds_t(all.count), timeout)
        if result < 0 { return result }
        for index in 0..<count { descriptors?[index].revents = all[index].revents }
        if extra != nil, all[count].revents != 0 { extraReady = true }
        return Int32(all[0..<count].reduce(0) { $0 + ($1.revents != 0 ? 1 : 0) })
    }
}

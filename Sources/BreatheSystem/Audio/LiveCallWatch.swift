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
/// Every question has a deadline (`SoundServerPatience`): a server that does not answer one is taken as unavailable,
/// and a stopping signal ends the wait for an answer.
package final class LiveCallWatch: CallWatching {
    private let library: LivePulseLibrary
    private var mainloop: PulseMainloop?
    private var context: OpaquePointer?
    /// What a listing gathered, and whether the server reported a change since the last `activity()`.
    private var streams: [CallActivity.Stream] = []
    private var monitors: Set<UInt32> = []
    private var recordingSources: [(source: UInt32, stream: CallActivity.Stream)] = []
    private var changed = false

    /// Times the waits.
    private let clock: any SessionClock

    /// Connects to the server `LivePulseSink.serverAddress` finds; throws `.unavailable` with libpulse's reason.
    package init(environment: [String: String], clock: any SessionClock = MonotonicClock()) throws(BreatheError) {
        self.clock = clock
        guard let server = LivePulseSink.serverAddress(environment: environment) else {
            throw .unavailable(Message(.errorAudioUnavailable, ["detail": .systemText("no PulseAudio socket found")]))
        }
        library = try LivePulseSink.library()
        try connect(server)
    }

    deinit { close() }

    private func unavailable(_ error: Int32, _ wait: SoundServerPatience.Wait = .failed) -> BreatheError {
        close()
        if wait == .timedOut {
            return .unavailable(Message(.errorAudioUnavailable, ["detail": .message(LivePulseSink.noAnswer)]))
        }
        return .unavailable(
            Message(.errorAudioUnavailable, ["detail": .systemText(LivePulseSink.describe(error, library))]))
    }

    private var opaqueSelf: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private static func watch(_ userdata: UnsafeMutableRawPointer?) -> LiveCallWatch? {
        userdata.map { Unmanaged<LiveCallWatch>.fromOpaque($0).takeUnretainedValue() }
    }

    private func connect(_ server: String) throws(BreatheError) {
        guard let mainloop = PulseMainloop(library: library, clock: clock) else {
            throw unavailable(Int32(PA_ERR_INTERNAL.rawValue))
        }
        self.mainloop = mainloop
        guard let context = library.newContext(mainloop.api, name: "breathe-voice reminder") else {
            throw unavailable(Int32(PA_ERR_INTERNAL.rawValue))
        }
        self.context = context
        let deadline = clock.deadline(inMilliseconds: SoundServerPatience.connectMilliseconds)
        if let failure = mainloop.connect(context, to: server, until: deadline, watchingSignals: true) {
            throw unavailable(failure.error, failure.wait)
        }
        library.contextSetSubscribeCallback(
            context,
            { _, _, _, userdata in LiveCallWatch.watch(userdata)?.changed = true },
            opaqueSelf)
        let mask = pa_subscription_mask_t(
            rawValue: PA_SUBSCRIPTION_MASK_SOURCE_OUTPUT.rawValue | PA_SUBSCRIPTION_MASK_SINK_INPUT.rawValue)
        let subscribed = complete(library.contextSubscribe(context, mask, nil, nil))
        guard subscribed == .done else { throw unavailable(library.contextErrno(context), subscribed) }
    }

    private func close() {
        if let context {
            library.contextSetSubscribeCallback(context, nil, nil)
            library.contextDisconnect(context)
            library.contextUnref(context)
        }
        context = nil
        mainloop = nil
    }

    /// Serves the main loop until `operation` is done, at most `SoundServerPatience.silenceMilliseconds` (a listing
    /// takes milliseconds), or until a signal comes.
    private func complete(_ operation: OpaquePointer?) -> SoundServerPatience.Wait {
        guard let mainloop else {
            if let operation { library.operationUnref(operation) }
            return .failed
        }
        let deadline = clock.deadline(inMilliseconds: SoundServerPatience.silenceMilliseconds)
        return mainloop.complete(operation, until: { deadline }, watchingSignals: true)
    }

    private func role(_ properties: OpaquePointer?) -> String? {
        guard let properties, let value = library.proplistGets(properties, "media.role") else { return nil }
        return String(cString: value)
    }

    // MARK: CallWatching

    package func activity() throws(BreatheError) -> CallActivity? {
        guard let context else { throw unavailable(Int32(PA_ERR_CONNECTIONTERMINATED.rawValue)) }
        changed = false
        streams = []
        monitors = []
        recordingSources = []
        var wait = SoundServerPatience.Wait.done
        func listed(_ operation: OpaquePointer?) -> Bool {
            wait = complete(operation)
            return wait == .done
        }
        let answered =
            listed(
                library.contextGetSourceInfoList(
                    context,
                    { _, info, last, userdata in
                        guard last == 0, let info, let watch = LiveCallWatch.watch(userdata) else { return }
                        if info.pointee.monitor_of_sink != UInt32.max { watch.monitors.insert(info.pointee.index) }
                    }, opaqueSelf))
            && listed(
                library.contextGetSourceOutputInfoList(
                    context,
                    { _, info, last, userdata in
                        guard last == 0, let info, let watch = LiveCallWatch.watch(userdata) else { return }
                        let stream = CallActivity.Stream(
                            isRecording: true, role: watch.role(info.pointee.proplist), corked: info.pointee.corked != 0
                        )
                        watch.recordingSources.append((info.pointee.source, stream))
                    }, opaqueSelf))
            && listed(
                library.contextGetSinkInputInfoList(
                    context,
                    { _, info, last, userdata in
                        guard last == 0, let info, let watch = LiveCallWatch.watch(userdata) else { return }
                        watch.streams.append(
                            CallActivity.Stream(
                                isRecording: false, role: watch.role(info.pointee.proplist),
                                corked: info.pointee.corked != 0))
                    }, opaqueSelf))
        guard answered else { throw unavailable(library.contextErrno(context), wait) }
        for (source, stream) in recordingSources {
            var stream = stream
            stream.fromMonitor = monitors.contains(source)
            streams.append(stream)
        }
        return CallActivity.find(in: streams)
    }

    package func waitForChange(milliseconds: Int32, alsoWatching descriptor: Int32) -> CallWaitWake {
        guard let mainloop else { return .changed }
        let deadline = clock.now() + UInt64(max(0, milliseconds)) * 1_000_000
        var descriptors = descriptor >= 0 ? [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)] : []
        while !changed {
            let now = clock.now()
            guard now < deadline else { return .timeout }
            let left = Int32(min((deadline - now + 999_999) / 1_000_000, UInt64(Int32.max)))
            guard mainloop.iterate(merging: &descriptors, timeoutMilliseconds: left) >= 0 else { return .changed }
            if descriptors.first.map({ $0.revents != 0 }) == true { return .descriptor }
            // The connection went away: the caller's next question says so.
            if let context, library.contextGetState(context) != PA_CONTEXT_READY { return .changed }
        }
        return .changed
    }
}

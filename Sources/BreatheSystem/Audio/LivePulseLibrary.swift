import CPulseAudio

/// libpulse's functions, from `dlopen`: opened when a live session first connects (or `--version --verbose` asks), so
/// `--no-audio`, `--output`, `stats` and the other commands never map it.
///
/// The asynchronous API only: a `pa_mainloop` that the session's own poll loop drives (no thread of libpulse's), a
/// context and one playback stream; and, for a reminder that waits for a call to end (`LiveCallWatch`), the server's
/// lists of streams and sources and its events. The signatures are those of `<pulse/mainloop.h>`, `<pulse/context.h>`,
/// `<pulse/stream.h>`, `<pulse/operation.h>`, `<pulse/error.h>`, `<pulse/version.h>`, `<pulse/introspect.h>`,
/// `<pulse/subscribe.h>` and `<pulse/proplist.h>`, whose types come from CPulseAudio; the opaque `pa_mainloop`,
/// `pa_context`, `pa_stream`, `pa_operation` and `pa_proplist` are `OpaquePointer`s.
package struct LivePulseLibrary: Sendable {
    typealias Success = pa_stream_success_cb_t
    let mainloopNew: @convention(c) () -> OpaquePointer?
    let mainloopFree: @convention(c) (OpaquePointer?) -> Void
    let mainloopGetAPI: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<pa_mainloop_api>?
    let mainloopPrepare: @convention(c) (OpaquePointer?, Int32) -> Int32
    let mainloopPoll: @convention(c) (OpaquePointer?) -> Int32
    let mainloopDispatch: @convention(c) (OpaquePointer?) -> Int32
    let mainloopIterate: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<Int32>?) -> Int32
    let mainloopSetPollFunc: @convention(c) (OpaquePointer?, pa_poll_func?, UnsafeMutableRawPointer?) -> Void
    let contextNewWithProplist:
        @convention(c) (UnsafeMutablePointer<pa_mainloop_api>?, UnsafePointer<CChar>?, OpaquePointer?) -> OpaquePointer?
    let contextConnect:
        @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, pa_context_flags_t, UnsafePointer<pa_spawn_api>?) ->
            Int32
    let contextGetState: @convention(c) (OpaquePointer?) -> pa_context_state_t
    let contextErrno: @convention(c) (OpaquePointer?) -> Int32
    let contextDisconnect: @convention(c) (OpaquePointer?) -> Void
    let contextUnref: @convention(c) (OpaquePointer?) -> Void
    let streamNew:
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<pa_sample_spec>?, UnsafePointer<pa_channel_map>?
        ) -> OpaquePointer?
    let streamConnectPlayback:
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<pa_buffer_attr>?, pa_stream_flags_t,
            UnsafePointer<pa_cvolume>?, OpaquePointer?
        ) -> Int32
    let streamGetState: @convention(c) (OpaquePointer?) -> pa_stream_state_t
    let streamSetWriteCallback:
        @convention(c) (OpaquePointer?, pa_stream_request_cb_t?, UnsafeMutableRawPointer?) -> Void
    let streamSetLatencyUpdateCallback:
        @convention(c) (OpaquePointer?, pa_stream_notify_cb_t?, UnsafeMutableRawPointer?) -> Void
    let streamWritableSize: @convention(c) (OpaquePointer?) -> Int
    let streamWrite:
        @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int, pa_free_cb_t?, Int64, pa_seek_mode_t) -> Int32
    let streamGetTimingInfo: @convention(c) (OpaquePointer?) -> UnsafePointer<pa_timing_info>?
    let streamGetSampleSpec: @convention(c) (OpaquePointer?) -> UnsafePointer<pa_sample_spec>?
    let streamSetBufferAttr:
        @convention(c) (OpaquePointer?, UnsafePointer<pa_buffer_attr>?, Success?, UnsafeMutableRawPointer?) ->
            OpaquePointer?
    let streamFlush: @convention(c) (OpaquePointer?, Success?, UnsafeMutableRawPointer?) -> OpaquePointer?
    let streamDrain: @convention(c) (OpaquePointer?, Success?, UnsafeMutableRawPointer?) -> OpaquePointer?
    let streamUpdateTimingInfo: @convention(c) (OpaquePointer?, Success?, UnsafeMutableRawPointer?) -> OpaquePointer?
    let streamDisconnect: @convention(c) (OpaquePointer?) -> Int32
    let streamUnref: @convention(c) (OpaquePointer?) -> Void
    let operationGetState: @convention(c) (OpaquePointer?) -> pa_operation_state_t
    let operationUnref: @convention(c) (OpaquePointer?) -> Void
    let strerror: @convention(c) (Int32) -> UnsafePointer<CChar>?
    let libraryVersion: @convention(c) () -> UnsafePointer<CChar>?
    let contextSetSubscribeCallback:
        @convention(c) (OpaquePointer?, pa_context_subscribe_cb_t?, UnsafeMutableRawPointer?) -> Void
    let contextSubscribe:
        @convention(c) (OpaquePointer?, pa_subscription_mask_t, pa_context_success_cb_t?, UnsafeMutableRawPointer?) ->
            OpaquePointer?
    let contextGetSourceOutputInfoList:
        @convention(c) (OpaquePointer?, pa_source_output_info_cb_t?, UnsafeMutableRawPointer?) -> OpaquePointer?
    let contextGetSinkInputInfoList:
        @convention(c) (OpaquePointer?, pa_sink_input_info_cb_t?, UnsafeMutableRawPointer?) -> OpaquePointer?
    let contextGetSourceInfoList:
        @convention(c) (OpaquePointer?, pa_source_info_cb_t?, UnsafeMutableRawPointer?) -> OpaquePointer?
    let proplistGets: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> UnsafePointer<CChar>?
    let proplistNew: @convention(c) () -> OpaquePointer?
    let proplistSets: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let proplistFree: @convention(c) (OpaquePointer?) -> Void
    let contextGetServerInfo:
        @convention(c) (OpaquePointer?, pa_server_info_cb_t?, UnsafeMutableRawPointer?) -> OpaquePointer?

    /// A context named `name` that sends its audio over the connection itself, never through shared memory
    /// (`context.force.disable.shm`, libpulse 15 and later; an older one ignores it).
    ///
    /// Over shared memory (PulseAudio's default) the server gives back each block once it is played, and the session
    /// wakes for each (issue 52: 1.9 wake-ups and 3.5 runs a second of a plain session, against 1.2 and 1.9 without);
    /// a session sends a few kilobytes a second, whose copy costs less than those wake-ups, and libpulse then maps no
    /// 64 MiB pool.
    func newContext(_ api: UnsafeMutablePointer<pa_mainloop_api>?, name: String) -> OpaquePointer? {
        guard let properties = proplistNew() else { return nil }
        defer { proplistFree(properties) }
        _ = proplistSets(properties, PA_PROP_CONTEXT_FORCE_DISABLE_SHM, "true")
        return contextNewWithProplist(api, name, properties)
    }

    /// Opened on first use (a static is initialized lazily, once, thread-safely), then kept.
    static let shared: Result<LivePulseLibrary, SharedLibrary.LoadError> = load()

    private static func load() -> Result<LivePulseLibrary, SharedLibrary.LoadError> {
        do throws(SharedLibrary.LoadError) {
            let library = try SharedLibrary.open(["libpulse.so.0"]).get()
            return .success(
                LivePulseLibrary(
                    mainloopNew: try library.function("pa_mainloop_new"),
                    mainloopFree: try library.function("pa_mainloop_free"),
                    mainloopGetAPI: try library.function("pa_mainloop_get_api"),
                    mainloopPrepare: try library.function("pa_mainloop_prepare"),
                    mainloopPoll: try library.function("pa_mainloop_poll"),
                    mainloopDispatch: try library.function("pa_mainloop_dispatch"),
                    mainloopIterate: try library.function("pa_mainloop_iterate"),
                    mainloopSetPollFunc: try library.function("pa_mainloop_set_poll_func"),
                    contextNewWithProplist: try library.function("pa_context_new_with_proplist"),
                    contextConnect: try library.function("pa_context_connect"),
                    contextGetState: try library.function("pa_context_get_state"),
                    contextErrno: try library.function("pa_context_errno"),
                    contextDisconnect: try library.function("pa_context_disconnect"),
                    contextUnref: try library.function("pa_context_unref"),
                    streamNew: try library.function("pa_stream_new"),
                    streamConnectPlayback: try library.function("pa_stream_connect_playback"),
                    streamGetState: try library.function("pa_stream_get_state"),
                    streamSetWriteCallback: try library.function("pa_stream_set_write_callback"),
                    streamSetLatencyUpdateCallback: try library.function("pa_stream_set_latency_update_callback"),
                    streamWritableSize: try library.function("pa_stream_writable_size"),
                    streamWrite: try library.function("pa_stream_write"),
                    streamGetTimingInfo: try library.function("pa_stream_get_timing_info"),
                    streamGetSampleSpec: try library.function("pa_stream_get_sample_spec"),
                    streamSetBufferAttr: try library.function("pa_stream_set_buffer_attr"),
                    streamFlush: try library.function("pa_stream_flush"),
                    streamDrain: try library.function("pa_stream_drain"),
                    streamUpdateTimingInfo: try library.function("pa_stream_update_timing_info"),
                    streamDisconnect: try library.function("pa_stream_disconnect"),
                    streamUnref: try library.function("pa_stream_unref"),
                    operationGetState: try library.function("pa_operation_get_state"),
                    operationUnref: try library.function("pa_operation_unref"),
                    strerror: try library.function("pa_strerror"),
                    libraryVersion: try library.function("pa_get_library_version"),
                    contextSetSubscribeCallback: try library.function("pa_context_set_subscribe_callback"),
                    contextSubscribe: try library.function("pa_context_subscribe"),
                    contextGetSourceOutputInfoList: try library.function("pa_context_get_source_output_info_list"),
                    contextGetSinkInputInfoList: try library.function("pa_context_get_sink_input_info_list"),
                    contextGetSourceInfoList: try library.function("pa_context_get_source_info_list"),
                    proplistGets: try library.function("pa_proplist_gets"),
                    proplistNew: try library.function("pa_proplist_new"),
                    proplistSets: try library.function("pa_proplist_sets"),
                    proplistFree: try library.function("pa_proplist_free"),
                    contextGetServerInfo: try library.function("pa_context_get_server_info")
                ))
        } catch {
            return .failure(error)
        }
    }
}

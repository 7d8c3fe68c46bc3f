import CPulseAudio

/// libpulse's functions, from `dlopen`: opened when a live session first connects (or `--version --verbose` asks), so
/// `--no-audio`, `--output`, `stats` and the other commands never map it.
///
/// The signatures are those of `<pulse/simple.h>`, `<pulse/error.h>` and `<pulse/version.h>`, whose types come from
/// CPulseAudio. libpulse-simple needs libpulse, so one handle reaches both.
struct LivePulseLibrary: Sendable {
    let simpleNew: @convention(c) (
        UnsafePointer<CChar>?, UnsafePointer<CChar>?, pa_stream_direction_t, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
        UnsafePointer<pa_sample_spec>?, UnsafePointer<pa_channel_map>?, UnsafePointer<pa_buffer_attr>?, UnsafeMutablePointer<Int32>?
    ) -> OpaquePointer?
    let simpleFree: @convention(c) (OpaquePointer?) -> Void
    let simpleWrite: @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int, UnsafeMutablePointer<Int32>?) -> Int32
    let simpleGetLatency: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> UInt64
    let simpleFlush: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> Int32
    let simpleDrain: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> Int32
    let strerror: @convention(c) (Int32) -> UnsafePointer<CChar>?
    let libraryVersion: @convention(c) () -> UnsafePointer<CChar>?

    /// Opened on first use (a static is initialized lazily, once, thread-safely), then kept.
    static let shared: Result<LivePulseLibrary, SharedLibrary.LoadError> = load()

    private static func load() -> Result<LivePulseLibrary, SharedLibrary.LoadError> {
        do throws(SharedLibrary.LoadError) {
            let library = try SharedLibrary.open(["libpulse-simple.so.0"]).get()
            return .success(LivePulseLibrary(
                simpleNew: try library.function("pa_simple_new"),
                simpleFree: try library.function("pa_simple_free"),
                simpleWrite: try library.function("pa_simple_write"),
                simpleGetLatency: try library.function("pa_simple_get_latency"),
                simpleFlush: try library.function("pa_simple_flush"),
                simpleDrain: try library.function("pa_simple_drain"),
                strerror: try library.function("pa_strerror"),
                libraryVersion: try library.function("pa_get_library_version")
            ))
        } catch {
            return .failure(error)
        }
    }
}

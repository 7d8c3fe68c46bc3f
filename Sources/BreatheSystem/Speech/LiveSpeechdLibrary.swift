import CSpeechd

/// libspeechd's functions, from `dlopen`: opened when a session (or `doctor`) first talks to speech-dispatcher, so
/// every other run maps neither it nor GLib, which it needs.
///
/// The signatures are those of `<speech-dispatcher/libspeechd.h>`, whose types come from CSpeechd.
struct LiveSpeechdLibrary: Sendable {
    let open2:
        @convention(c) (
            UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, SPDConnectionMode,
            UnsafePointer<SPDConnectionAddress>?, Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        ) -> UnsafeMutablePointer<SPDConnection>?
    let close: @convention(c) (UnsafeMutablePointer<SPDConnection>?) -> Void
    package let say: @convention(c) (UnsafeMutablePointer<SPDConnection>?, SPDPriority, UnsafePointer<CChar>?) -> Int32
    package let cancel: @convention(c) (UnsafeMutablePointer<SPDConnection>?) -> Int32
    let setLanguage: @convention(c) (UnsafeMutablePointer<SPDConnection>?, UnsafePointer<CChar>?) -> Int32
    let setSynthesisVoice: @convention(c) (UnsafeMutablePointer<SPDConnection>?, UnsafePointer<CChar>?) -> Int32
    let setVoiceRate: @convention(c) (UnsafeMutablePointer<SPDConnection>?, Int32) -> Int32
    let setVoicePitch: @convention(c) (UnsafeMutablePointer<SPDConnection>?, Int32) -> Int32
    let setVolume: @convention(c) (UnsafeMutablePointer<SPDConnection>?, Int32) -> Int32
    package let defaultAddress:
        @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> UnsafeMutablePointer<
            SPDConnectionAddress
        >?
    let freeAddress: @convention(c) (UnsafeMutablePointer<SPDConnectionAddress>?) -> Void

    /// Opened on first use (a static is initialized lazily, once, thread-safely), then kept.
    static let shared: Result<LiveSpeechdLibrary, SharedLibrary.LoadError> = load()

    private static func load() -> Result<LiveSpeechdLibrary, SharedLibrary.LoadError> {
        do throws(SharedLibrary.LoadError) {
            let library = try SharedLibrary.open(["libspeechd.so.2"]).get()
            return .success(
                LiveSpeechdLibrary(
                    open2: try library.function("spd_open2"),
                    close: try library.function("spd_close"),
                    say: try library.function("spd_say"),
                    cancel: try library.function("spd_cancel"),
                    setLanguage: try library.function("spd_set_language"),
                    setSynthesisVoice: try library.function("spd_set_synthesis_voice"),
                    setVoiceRate: try library.function("spd_set_voice_rate"),
                    setVoicePitch: try library.function("spd_set_voice_pitch"),
                    setVolume: try library.function("spd_set_volume"),
                    defaultAddress: try library.function("spd_get_default_address"),
                    freeAddress: try library.function("SPDConnectionAddress__free")
                ))
        } catch {
            return .failure(error)
        }
    }
}

import CBrlAPI

/// libbrlapi's functions, from `dlopen`: opened only when a session looks for a braille display and a BrlAPI server
/// may be there (`BrailleOpening`), so every other run maps nothing of it.
///
/// The signatures are those of `<brlapi.h>`, whose types come from CBrlAPI: the functions that take a handle
/// (`brlapi__…`), so that each connection is its own and nothing is shared through the library's global one.
struct LiveBrailleLibrary: Sendable {
    let getHandleSize: @convention(c) () -> Int
    let openConnection:
        @convention(c) (
            OpaquePointer?, UnsafePointer<brlapi_connectionSettings_t>?,
            UnsafeMutablePointer<brlapi_connectionSettings_t>?
        ) -> Int32
    let closeConnection: @convention(c) (OpaquePointer?) -> Void
    let getDisplaySize:
        @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<UInt32>?) -> Int32
    let enterTtyModeWithPath:
        @convention(c) (OpaquePointer?, UnsafePointer<Int32>?, Int32, UnsafePointer<CChar>?) -> Int32
    package let write: @convention(c) (OpaquePointer?, UnsafePointer<brlapi_writeArguments_t>?) -> Int32
    let readKey: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<brlapi_keyCode_t>?) -> Int32
    let setExceptionHandler: @convention(c) (OpaquePointer?, brlapi__exceptionHandler_t?) -> brlapi__exceptionHandler_t?
    let ignoreKeys:
        @convention(c) (OpaquePointer?, brlapi_rangeType_t, UnsafePointer<brlapi_keyCode_t>?, UInt32) -> Int32
    let acceptKeys:
        @convention(c) (OpaquePointer?, brlapi_rangeType_t, UnsafePointer<brlapi_keyCode_t>?, UInt32) -> Int32
    let watchParameter:
        @convention(c) (
            OpaquePointer?, brlapi_param_t, brlapi_param_subparam_t, brlapi_param_flags_t, brlapi_paramCallback_t?,
            UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int
        ) -> brlapi_paramCallbackDescriptor_t?

    /// Opened on first use (a static is initialized lazily, once, thread-safely), then kept.
    static let shared: Result<LiveBrailleLibrary, SharedLibrary.LoadError> = load()

    private static func load() -> Result<LiveBrailleLibrary, SharedLibrary.LoadError> {
        do throws(SharedLibrary.LoadError) {
            let library = try SharedLibrary.open(["libbrlapi.so.0.8"]).get()
            return .success(
                LiveBrailleLibrary(
                    getHandleSize: try library.function("brlapi_getHandleSize"),
                    openConnection: try library.function("brlapi__openConnection"),
                    closeConnection: try library.function("brlapi__closeConnection"),
                    getDisplaySize: try library.function("brlapi__getDisplaySize"),
                    enterTtyModeWithPath: try library.function("brlapi__enterTtyModeWithPath"),
                    write: try library.function("brlapi__write"),
                    readKey: try library.function("brlapi__readKey"),
                    setExceptionHandler: try library.function("brlapi__setExceptionHandler"),
                    ignoreKeys: try library.function("brlapi__ignoreKeys"),
                    acceptKeys: try library.function("brlapi__acceptKeys"),
                    watchParameter: try library.function("brlapi__watchParameter")
                ))
        } catch {
            return .failure(error)
        }
    }
}

import CLouis

/// liblouis's functions, from `dlopen`: opened only when a braille display is set to literary (contracted) braille
/// (`LiveBrailleDisplay`), so every other run, braille sessions in computer braille included, maps nothing of it.
///
/// The signatures are those of `<liblouis/liblouis.h>`, whose types (`widechar`, 32 bits in Debian's build, checked by
/// `lou_charSize`) come from CLouis. liblouis is not thread-safe: a display calls it from one thread at a time.
struct LiveLouisLibrary: Sendable {
    let translate:
        @convention(c) (
            UnsafePointer<CChar>?, UnsafePointer<widechar>?, UnsafeMutablePointer<Int32>?,
            UnsafeMutablePointer<widechar>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<formtype>?,
            UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?,
            UnsafeMutablePointer<Int32>?, Int32
        ) -> Int32
    /// Compiles a table list (kept by liblouis for the life of the process); nil when it cannot be found or compiled.
    let getTable: @convention(c) (UnsafePointer<CChar>?) -> UnsafeRawPointer?

    /// Opened on first use (a static is initialized lazily, once, thread-safely), then kept; liblouis's own log (a
    /// table it cannot find, on standard error) is turned off, so a session's output stays its own.
    static let shared: Result<LiveLouisLibrary, SharedLibrary.LoadError> = load()

    private static func load() -> Result<LiveLouisLibrary, SharedLibrary.LoadError> {
        do throws(SharedLibrary.LoadError) {
            let library = try SharedLibrary.open(["liblouis.so.20"]).get()
            let charSize: @convention(c) () -> Int32 = try library.function("lou_charSize")
            guard charSize() == Int32(MemoryLayout<widechar>.size) else {
                throw SharedLibrary.LoadError(detail: library.name + ": another widechar size")
            }
            let setLogLevel: @convention(c) (logLevels) -> Void = try library.function("lou_setLogLevel")
            setLogLevel(LOU_LOG_OFF)
            return .success(
                LiveLouisLibrary(
                    translate: try library.function("lou_translate"), getTable: try library.function("lou_getTable")))
        } catch {
            return .failure(error)
        }
    }
}

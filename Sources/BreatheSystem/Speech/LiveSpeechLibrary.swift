import CEspeakNG

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// libespeak-ng's functions, from `dlopen`: opened the first time a phrase must be synthesized (a phrase-cache miss,
/// the voice list, `--version --verbose`), so a run that finds every phrase cached never maps it.
///
/// The signatures are those of `<espeak-ng/speak_lib.h>` (API revision 12), whose types come from CEspeakNG.
package struct LiveSpeechLibrary: Sendable {
    let initialize: @convention(c) (espeak_AUDIO_OUTPUT, Int32, UnsafePointer<CChar>?, Int32) -> Int32
    let setSynthCallback:
        @convention(c) (
            (@convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutablePointer<espeak_EVENT>?) -> Int32)?
        ) -> Void
    let setVoiceByName: @convention(c) (UnsafePointer<CChar>?) -> espeak_ERROR
    let setParameter: @convention(c) (espeak_PARAMETER, Int32, Int32) -> espeak_ERROR
    let synth:
        @convention(c) (
            UnsafeRawPointer?, Int, UInt32, espeak_POSITION_TYPE, UInt32, UInt32, UnsafeMutablePointer<UInt32>?,
            UnsafeMutableRawPointer?
        ) -> espeak_ERROR
    let listVoices:
        @convention(c) (UnsafeMutablePointer<espeak_VOICE>?) -> UnsafeMutablePointer<UnsafePointer<espeak_VOICE>?>?
    let info: @convention(c) (UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> UnsafePointer<CChar>?
    let textToPhonemes: @convention(c) (UnsafeMutablePointer<UnsafeRawPointer?>?, Int32, Int32) -> UnsafePointer<CChar>?

    /// The soname the package's `-dev` link points at.
    static let soname = "libespeak-ng.so.1"

    /// Opened on first use (a static is initialized lazily, once, thread-safely), then kept.
    static let shared: Result<LiveSpeechLibrary, SharedLibrary.LoadError> = load()

    private static func load() -> Result<LiveSpeechLibrary, SharedLibrary.LoadError> {
        do throws(SharedLibrary.LoadError) {
            let library = try SharedLibrary.open([soname]).get()
            return .success(
                LiveSpeechLibrary(
                    initialize: try library.function("espeak_Initialize"),
                    setSynthCallback: try library.function("espeak_SetSynthCallback"),
                    setVoiceByName: try library.function("espeak_SetVoiceByName"),
                    setParameter: try library.function("espeak_SetParameter"),
                    synth: try library.function("espeak_Synth"),
                    listVoices: try library.function("espeak_ListVoices"),
                    info: try library.function("espeak_Info"),
                    textToPhonemes: try library.function("espeak_TextToPhonemes")
                ))
        } catch {
            return .failure(error)
        }
    }

    /// Which libespeak-ng is installed, without opening it: the file the soname resolves to in the linker's usual
    /// folders (its name carries the version on Debian, `libespeak-ng.so.1.1.51`), with its size and modification time,
    /// so an upgrade changes it. Nil when it is not found there (an unusual layout): the caller then asks the library.
    package static func installedIdentity(environment: [String: String]) -> String? {
        var folders = (environment["LD_LIBRARY_PATH"] ?? "").split(separator: ":").map(String.init)
        #if arch(x86_64)
        folders += ["/usr/lib/x86_64-linux-gnu", "/lib/x86_64-linux-gnu"]
        #elseif arch(arm64)
        folders += ["/usr/lib/aarch64-linux-gnu", "/lib/aarch64-linux-gnu"]
        #endif
        folders += ["/usr/local/lib", "/usr/lib64", "/usr/lib", "/lib64", "/lib"]
        for folder in folders where folder.hasPrefix("/") {
            guard let resolved = realpath(folder + "/" + soname, nil) else { continue }
            defer { free(resolved) }
            var info = stat()
            guard stat(resolved, &info) == 0 else { continue }
            let path = String(cString: resolved)
            let file = path.split(separator: "/").last.map(String.init) ?? path
            return "\(file) \(info.st_size) \(info.st_mtim.tv_sec)"
        }
        return nil
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A system library opened with `dlopen` when a run first needs it, never at start: libespeak-ng and libpulse (and
/// the dozens of libraries they pull in) stay out of runs that neither speak nor play.
///
/// The C modules (CEspeakNG, CPulseAudio) still give the headers and the types; the functions come from here, looked
/// up with `dlsym` into a table of function pointers. A library, once open, stays open for the life of the process.
package struct SharedLibrary: @unchecked Sendable {
    private let handle: UnsafeMutableRawPointer
    /// The file name it was opened by (a soname such as `libpulse.so.0`).
    let name: String

    /// Opens the first of `names` the dynamic linker finds; nil, with `dlerror`'s reason, when none can be opened.
    package static func open(_ names: [String]) -> Result<SharedLibrary, LoadError> {
        var reasons: [String] = []
        for name in names {
            if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) {
                return .success(SharedLibrary(handle: handle, name: name))
            }
            reasons.append(dlerror().map { String(cString: $0) } ?? name)
        }
        return .failure(LoadError(detail: reasons.joined(separator: "; ")))
    }

    /// The function `symbol`, as the C function type `T` (a `@convention(c)` type that matches the header).
    func function<T>(_ symbol: String, as type: T.Type = T.self) throws(LoadError) -> T {
        guard let address = dlsym(handle, symbol) else {
            throw LoadError(detail: name + ": no " + symbol)
        }
        return unsafeBitCast(address, to: T.self)
    }

    /// Why a library or one of its functions could not be loaded (dlerror's words).
    package struct LoadError: Error, Sendable {
        let detail: String
    }
}

import CBrlAPI
import Foundation

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// Another BrlAPI client of a test's BRLTTY that changes its braille settings as a user does mid-session (from
/// BRLTTY's preferences menu, or a settings client such as Orca's): it sets BRLTTY's global parameters, which every
/// client that watches them hears of. Its own connection (libbrlapi opened as the program opens it), closed when done.
final class BrlttySettingsClient {
    private let handle: OpaquePointer
    private let close: @convention(c) (OpaquePointer?) -> Void
    private let setParameter:
        @convention(c) (
            OpaquePointer?, brlapi_param_t, brlapi_param_subparam_t, brlapi_param_flags_t, UnsafeRawPointer?, Int
        ) -> Int32

    /// Connects to the BRLTTY that `environment` names (`BRLAPI_HOST`, `BRLAPI_AUTH`).
    init(environment: [String: String?]) throws {
        let library = try SharedLibrary.open(["libbrlapi.so.0.8"]).get()
        let handleSize: @convention(c) () -> Int = try library.function("brlapi_getHandleSize")
        let open:
            @convention(c) (
                OpaquePointer?, UnsafePointer<brlapi_connectionSettings_t>?,
                UnsafeMutablePointer<brlapi_connectionSettings_t>?
            ) -> Int32 = try library.function("brlapi__openConnection")
        close = try library.function("brlapi__closeConnection")
        setParameter = try library.function("brlapi__setParameter")
        handle = OpaquePointer(calloc(1, handleSize()))
        let host = strdup((environment["BRLAPI_HOST"] ?? nil) ?? "")
        let auth = strdup((environment["BRLAPI_AUTH"] ?? nil) ?? "")
        defer {
            free(host)
            free(auth)
        }
        var settings = brlapi_connectionSettings_t(auth: auth, host: host)
        guard open(handle, &settings, nil) >= 0 else {
            free(UnsafeMutableRawPointer(handle))
            throw Failure(what: "no connection to BRLTTY")
        }
    }

    deinit {
        close(handle)
        free(UnsafeMutableRawPointer(handle))
    }

    /// BRLTTY's literary (contracted) braille on or off: its Braille Variant, contracted or computer braille.
    func setLiteraryBraille(_ on: Bool) throws {
        var value: brlapi_param_bool_t = on ? 1 : 0
        try set(BRLAPI_PARAM_LITERARY_BRAILLE, &value, 1)
    }

    /// BRLTTY's contraction table, named as in its `-c` option (`es`, `en-us-g2`, `louis:fr-bfu-g2.ctb`).
    func setLiteraryBrailleTable(_ name: String) throws {
        var bytes = Array(name.utf8)
        try set(BRLAPI_PARAM_LITERARY_BRAILLE_TABLE, &bytes, bytes.count)
    }

    private func set(_ parameter: brlapi_param_t, _ data: UnsafeRawPointer, _ length: Int) throws {
        guard setParameter(handle, parameter, 0, brlapi_param_flags_t(BRLAPI_PARAMF_GLOBAL), data, length) >= 0
        else { throw Failure(what: "BRLTTY refused parameter \(parameter.rawValue)") }
    }

    struct Failure: Error, CustomStringConvertible {
        var what: String
        var description: String { "brlapi: \(what)" }
    }
}

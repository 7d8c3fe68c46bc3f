import CSdBus

/// sd-bus's functions (libsystemd), from `dlopen`: opened only when a live session or a control command looks for the
/// session bus and its socket is there, so every other run maps nothing of it.
///
/// The signatures are those of `<systemd/sd-bus.h>`, whose types come from CSdBus. Only functions with a fixed list of
/// arguments: a variadic one (`sd_bus_message_append`, `sd_bus_reply_method_return`) cannot be called through a
/// pointer from Swift, so values are appended one by one (`appendBasic`, containers) and replies are built and sent.
package struct LiveBusLibrary: Sendable {
    package typealias Bus = OpaquePointer
    package typealias BusMessage = OpaquePointer
    typealias Handler = sd_bus_message_handler_t

    let new: @convention(c) (UnsafeMutablePointer<Bus?>?) -> Int32
    let setAddress: @convention(c) (Bus?, UnsafePointer<CChar>?) -> Int32
    let setBusClient: @convention(c) (Bus?, Int32) -> Int32
    let setTrusted: @convention(c) (Bus?, Int32) -> Int32
    package let start: @convention(c) (Bus?) -> Int32
    let getFileDescriptor: @convention(c) (Bus?) -> Int32
    let getEvents: @convention(c) (Bus?) -> Int32
    let getTimeout: @convention(c) (Bus?, UnsafeMutablePointer<UInt64>?) -> Int32
    let process: @convention(c) (Bus?, UnsafeMutablePointer<BusMessage?>?) -> Int32
    let closeUnref: @convention(c) (Bus?) -> Bus?
    let addObjectVtable:
        @convention(c) (
            Bus?, UnsafeMutablePointer<OpaquePointer?>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
            UnsafePointer<sd_bus_vtable>?, UnsafeMutableRawPointer?
        ) -> Int32
    let requestNameAsync:
        @convention(c) (
            Bus?, UnsafeMutablePointer<OpaquePointer?>?, UnsafePointer<CChar>?, UInt64, Handler?,
            UnsafeMutableRawPointer?
        ) -> Int32
    let emitPropertiesChanged:
        @convention(c) (
            Bus?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        ) -> Int32
    let appendBasic: @convention(c) (BusMessage?, CChar, UnsafeRawPointer?) -> Int32
    let openContainer: @convention(c) (BusMessage?, CChar, UnsafePointer<CChar>?) -> Int32
    let closeContainer: @convention(c) (BusMessage?) -> Int32
    let newMethodCall:
        @convention(c) (
            Bus?, UnsafeMutablePointer<BusMessage?>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
            UnsafePointer<CChar>?, UnsafePointer<CChar>?
        ) -> Int32
    let newMethodReturn: @convention(c) (BusMessage?, UnsafeMutablePointer<BusMessage?>?) -> Int32
    let setExpectReply: @convention(c) (BusMessage?, Int32) -> Int32
    package let send: @convention(c) (Bus?, BusMessage?, UnsafeMutablePointer<UInt64>?) -> Int32
    let callAsync:
        @convention(c) (
            Bus?, UnsafeMutablePointer<OpaquePointer?>?, BusMessage?, Handler?, UnsafeMutableRawPointer?, UInt64
        ) -> Int32
    let messageUnref: @convention(c) (BusMessage?) -> BusMessage?
    let readBasic: @convention(c) (BusMessage?, CChar, UnsafeMutableRawPointer?) -> Int32
    let enterContainer: @convention(c) (BusMessage?, CChar, UnsafePointer<CChar>?) -> Int32
    let exitContainer: @convention(c) (BusMessage?) -> Int32
    let getMember: @convention(c) (BusMessage?) -> UnsafePointer<CChar>?
    let getError: @convention(c) (BusMessage?) -> UnsafePointer<sd_bus_error>?
    let getBus: @convention(c) (BusMessage?) -> Bus?
    let setError:
        @convention(c) (UnsafeMutablePointer<sd_bus_error>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let slotUnref: @convention(c) (OpaquePointer?) -> OpaquePointer?

    /// Opened on first use (a static is initialized lazily, once, thread-safely), then kept.
    static let shared: Result<LiveBusLibrary, SharedLibrary.LoadError> = load()

    private static func load() -> Result<LiveBusLibrary, SharedLibrary.LoadError> {
        do throws(SharedLibrary.LoadError) {
            let library = try SharedLibrary.open(["libsystemd.so.0"]).get()
            return .success(
                LiveBusLibrary(
                    new: try library.function("sd_bus_new"),
                    setAddress: try library.function("sd_bus_set_address"),
                    setBusClient: try library.function("sd_bus_set_bus_client"),
                    setTrusted: try library.function("sd_bus_set_trusted"),
                    start: try library.function("sd_bus_start"),
                    getFileDescriptor: try library.function("sd_bus_get_fd"),
                    getEvents: try library.function("sd_bus_get_events"),
                    getTimeout: try library.function("sd_bus_get_timeout"),
                    process: try library.function("sd_bus_process"),
                    closeUnref: try library.function("sd_bus_close_unref"),
                    addObjectVtable: try library.function("sd_bus_add_object_vtable"),
                    requestNameAsync: try library.function("sd_bus_request_name_async"),
                    emitPropertiesChanged: try library.function("sd_bus_emit_properties_changed_strv"),
                    appendBasic: try library.function("sd_bus_message_append_basic"),
                    openContainer: try library.function("sd_bus_message_open_container"),
                    closeContainer: try library.function("sd_bus_message_close_container"),
                    newMethodCall: try library.function("sd_bus_message_new_method_call"),
                    newMethodReturn: try library.function("sd_bus_message_new_method_return"),
                    setExpectReply: try library.function("sd_bus_message_set_expect_reply"),
                    send: try library.function("sd_bus_send"),
                    callAsync: try library.function("sd_bus_call_async"),
                    messageUnref: try library.function("sd_bus_message_unref"),
                    readBasic: try library.function("sd_bus_message_read_basic"),
                    enterContainer: try library.function("sd_bus_message_enter_container"),
                    exitContainer: try library.function("sd_bus_message_exit_container"),
                    getMember: try library.function("sd_bus_message_get_member"),
                    getError: try library.function("sd_bus_message_get_error"),
                    getBus: try library.function("sd_bus_message_get_bus"),
                    setError: try library.function("sd_bus_error_set"),
                    slotUnref: try library.function("sd_bus_slot_unref")
                ))
        } catch {
            return .failure(error)
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Keeps the machine from suspending on idle during a live session that nobody types into: systemd-logind's idle and
/// sleep inhibitor ("A breathing session is in progress"), held by a descriptor logind hands over and let go at the
/// session's end by closing it (or by the process ending, however it ends).
///
/// Asked on the system bus without waiting: the call's reply is taken in the session's poll loop (`source`). Where no
/// system bus or no logind answers (a container, a system without systemd), or logind refuses (a session that is not
/// the user's active one), nothing changes and nothing is said.
package final class SleepInhibitor {
    static let why = "A breathing session is in progress"

    private let connection: BusConnection
    /// The inhibitor's descriptor, once logind answered; -1 before and after.
    private(set) var lock: Int32 = -1

    /// Asks logind on the system bus (`DBUS_SYSTEM_BUS_ADDRESS`, else the standard socket); nil when there is no system
    /// bus to ask.
    package init?(environment: [String: String]) {
        let address =
            environment["DBUS_SYSTEM_BUS_ADDRESS"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "unix:path=/run/dbus/system_bus_socket"
        if let path = BusAddress.unixPath(address) {
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else { return nil }
        }
        guard let connection = BusConnection(address: address) else { return nil }
        self.connection = connection
        connection.call(
            "org.freedesktop.login1", path: "/org/freedesktop/login1", interface: "org.freedesktop.login1.Manager",
            member: "Inhibit", timeoutMicroseconds: 5_000_000,
            arguments: {
                for text in ["idle:sleep", "breathe-voice", Self.why, "block"] { $0.append(.string(text)) }
            }
        ) { [weak self] reply in
            guard let self, reply.errorName == nil, let descriptor = reply.readFileDescriptor() else { return }
            if self.lock >= 0 { close(descriptor) } else { self.lock = descriptor }
        }
    }

    /// The system bus as an input of the session loop, for logind's reply; it never turns into an input.
    package var source: SessionInputs.Source {
        var source = SessionInputs.Source(fileDescriptor: connection.fileDescriptor) { [self] in
            connection.process()
            return nil
        }
        source.events = { [self] in connection.pollEvents }
        source.deadline = { [self] in connection.deadline }
        return source
    }

    /// Lets the machine sleep again: the descriptor closed, the connection closed, waiting for nothing.
    package func release() {
        if lock >= 0 { close(lock) }
        lock = -1
        connection.close()
    }
}

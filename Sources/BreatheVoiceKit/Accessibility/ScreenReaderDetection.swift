import BreatheCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Finds a screen reader that is reading this program's terminal, from the signs each one reliably leaves:
///
/// - **Fenrir** (console, or its `fenrir -e` terminal emulation) and **yasr** run the shell whose output they read:
///   one of this process's ancestors is theirs. Fenrir on the Linux console runs as a system service instead, so any
///   running `fenrir` process counts when standard output is a virtual console (`/dev/ttyN`).
/// - **Speakup** is in the kernel: `/sys/accessibility/speakup/synth` names a synthesizer other than `none`, and
///   standard output is a virtual console.
/// - **BRLTTY** reads the Linux console: a `brltty` process runs and standard output is a virtual console.
/// - **Orca** reads the graphical session: an `orca` process of this user while `DISPLAY` or `WAYLAND_DISPLAY` is set.
/// - **Through a terminal multiplexer** (tmux, GNU screen): standard output is a pane, whose server is not a child of
///   the screen reader. The server holds open the terminal of every client attached to it (both tmux and screen do
///   their clients' terminal I/O themselves), so the same signs are looked for there: on each terminal in the
///   server's `/proc/PID/fd`, a screen reader among the ancestors of the processes reading it (the client), or a
///   console sign. A client that is itself a pane of another multiplexer is looked through again (tmux in screen,
///   tmux in tmux). The server is an ancestor, or the one `TMUX` (`socket,PID,session`) or `STY` (`PID.name`) names.
///
/// Not found: a screen reader on another machine (through ssh, also to a multiplexer there), a multiplexer server
/// of another user (its `/proc/PID/fd` cannot be read), NVDA or JAWS reading a terminal window from Windows,
/// emacspeak's own shell. docs/user-guide.md ("Screen readers") says to set the `screenReader` preference there.
struct ScreenReaderDetection: Sendable {
    /// A screen reader that can be found.
    enum Reader: String, Sendable, CaseIterable {
        case fenrir = "Fenrir"
        case yasr
        case speakup = "Speakup"
        case orca = "Orca"
        case brltty = "BRLTTY"
    }

    /// A screen reader found, and its process when one was seen (Fenrir's, whose settings say its rate).
    struct Found: Equatable, Sendable {
        var reader: Reader
        var process: Int32?
    }

    /// The text of a small file (`/proc`, `/sys`), or nil when it cannot be read.
    var readFile: @Sendable (String) -> [UInt8]?
    /// Every process id in `/proc`.
    var processes: @Sendable () -> [Int32]
    /// Where a symbolic link of `/proc` points (`/proc/PID/fd/N`), or nil when it cannot be read.
    var readLink: @Sendable (String) -> String? = { _ in nil }
    /// The names in a folder of `/proc` (`/proc/PID/fd`), empty when it cannot be read.
    var listFolder: @Sendable (String) -> [String] = { _ in [] }
    /// This process's parent.
    var parent: Int32
    var userID: UInt32
    var environment: [String: String]
    /// The device standard output is, such as `/dev/tty3` or `/dev/pts/0`; nil when it is not a terminal.
    var terminal: String?

    /// The running system, seen from this process.
    static var live: ScreenReaderDetection {
        ScreenReaderDetection(
            readFile: ScreenReaderDetection.readSmallFile,
            processes: { ScreenReaderDetection.names(in: "/proc").compactMap { Int32($0) } },
            readLink: ScreenReaderDetection.linkTarget, listFolder: ScreenReaderDetection.names(in:),
            parent: getppid(), userID: getuid(), environment: ProcessEnvironment.current,
            terminal: Terminal.isTerminal(1) ? ttyname(1).map { String(cString: $0) } : nil)
    }

    /// The screen reader reading this terminal, if one is found; nil also when standard output is not a terminal.
    func found() -> Reader? { locate()?.reader }

    /// The screen reader reading this terminal, and its process when it was seen.
    func locate() -> Found? {
        guard let terminal else { return nil }
        var named: [Int32] = []
        // TMUX is "socket,PID,session"; STY is "PID.tty.host" or "PID.name": the server's process id.
        if let tmux = environment["TMUX"], let id = tmux.split(separator: ",").dropFirst().first.flatMap({ Int32($0) })
        {
            named.append(id)
        }
        if let screen = environment["STY"], let id = screen.split(separator: ".").first.flatMap({ Int32($0) }) {
            named.append(id)
        }
        var visited: Set<Int32> = []
        return reader(reading: terminal, from: parent, servers: named, visited: &visited, depth: 0)
    }

    /// The screen reader reading `terminal`, whose process `id` (or one of its ancestors) is: among `id`'s
    /// ancestors, a console sign on `terminal`, or through a multiplexer server among them (or in `servers`), on the
    /// terminals of its clients.
    private func reader(
        reading terminal: String, from id: Int32, servers: [Int32], visited: inout Set<Int32>, depth: Int
    ) -> Found? {
        let ancestors = ancestry(of: id)
        if let found = ancestorReader(ancestors) { return found }
        if let found = consoleReader(terminal) { return found }
        // Orca reads the graphical session this process belongs to, multiplexer or not.
        let graphical = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        if depth == 0, graphical,
            let orca = processes().first(where: { programName($0) == "orca" && owner($0) == userID })
        {
            return Found(reader: .orca, process: orca)
        }
        guard depth < 4 else { return nil }
        let multiplexers = (ancestors + servers).filter { isMultiplexerServer($0) }
        for server in multiplexers where visited.insert(server).inserted {
            for client in clientTerminals(of: server) where client != terminal {
                if let found = consoleReader(client) { return found }
                for process in processes() where process != server && readLink("/proc/\(process)/fd/0") == client {
                    if let found = reader(
                        reading: client, from: process, servers: [], visited: &visited, depth: depth + 1)
                    {
                        return found
                    }
                }
            }
        }
        return nil
    }

    /// Speakup, BRLTTY or Fenrir's service reading `terminal`: only on a virtual console.
    private func consoleReader(_ terminal: String) -> Found? {
        guard Self.isVirtualConsole(terminal) else { return nil }
        if let synth = readFile("/sys/accessibility/speakup/synth").map(Self.text), !synth.isEmpty, synth != "none" {
            return Found(reader: .speakup)
        }
        for id in processes() {
            switch programName(id) {
            case "fenrir", "fenrir-daemon": return Found(reader: .fenrir, process: id)
            case "brltty": return Found(reader: .brltty, process: id)
            default: continue
            }
        }
        return nil
    }

    /// A tmux server (`tmux: server`, as it names itself) or a GNU screen server (`SCREEN`, as it names itself; its
    /// clients are `screen`).
    private func isMultiplexerServer(_ id: Int32) -> Bool {
        if let command = readFile("/proc/\(id)/comm").map(Self.text), command.hasPrefix("tmux: server") { return true }
        guard let bytes = readFile("/proc/\(id)/cmdline"), let first = bytes.split(separator: 0).first else {
            return false
        }
        let program = String(decoding: first, as: UTF8.self)
        return program == "SCREEN" || program.hasSuffix("/SCREEN") || program.hasPrefix("tmux: server")
    }

    /// The terminals a multiplexer server holds open: its clients' (it writes to them itself). Its panes' are
    /// masters (`/dev/ptmx`), never among them.
    private func clientTerminals(of server: Int32) -> [String] {
        var terminals: [String] = []
        for descriptor in listFolder("/proc/\(server)/fd") {
            guard let target = readLink("/proc/\(server)/fd/\(descriptor)"),
                target.hasPrefix("/dev/pts/") || Self.isVirtualConsole(target), !terminals.contains(target)
            else { continue }
            terminals.append(target)
        }
        return terminals
    }

    /// A screen reader in use by this user anywhere, terminal or not (a reminder from cron has none): Speakup's
    /// synthesizer, a Fenrir service, or this user's Orca or yasr. Not BRLTTY: it says nothing the reminder's speech
    /// could talk over, and it may run with no display at all.
    func running() -> Reader? {
        if let found = ancestorReader(ancestry(of: parent)) { return found.reader }
        if let synth = readFile("/sys/accessibility/speakup/synth").map(Self.text), !synth.isEmpty, synth != "none" {
            return .speakup
        }
        for id in processes() {
            switch programName(id) {
            case "fenrir", "fenrir-daemon": return .fenrir
            case "orca" where owner(id) == userID: return .orca
            case "yasr" where owner(id) == userID: return .yasr
            default: continue
            }
        }
        return nil
    }

    /// Fenrir's terminal emulation and yasr run the session's shell: one of them is an ancestor.
    private func ancestorReader(_ ancestors: [Int32]) -> Found? {
        for id in ancestors {
            switch programName(id) {
            case "fenrir", "fenrir-daemon": return Found(reader: .fenrir, process: id)
            case "yasr": return Found(reader: .yasr, process: id)
            default: continue
            }
        }
        return nil
    }

    /// `id` and its ancestors, up to (not including) init; at most 64.
    private func ancestry(of id: Int32) -> [Int32] {
        var chain: [Int32] = []
        var id = id
        while chain.count < 64, id > 1 {
            chain.append(id)
            guard let next = parentID(of: id) else { break }
            id = next
        }
        return chain
    }

    /// The program a process runs: its first argument's last component, or, for an interpreter (Fenrir is a Python
    /// script, Orca too), the script's.
    func programName(_ id: Int32) -> String? {
        guard let bytes = readFile("/proc/\(id)/cmdline"), !bytes.isEmpty else { return nil }
        let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        func base(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
        let program = base(arguments[0])
        if program.hasPrefix("python") || program.hasPrefix("perl"),
            let script = arguments.dropFirst().first(where: { !$0.hasPrefix("-") && !$0.isEmpty })
        {
            return base(script)
        }
        return program
    }

    /// The parent's id, from `/proc/ID/stat` (the field after the command, which may itself hold spaces).
    private func parentID(of id: Int32) -> Int32? {
        guard let stat = readFile("/proc/\(id)/stat").map(Self.text), let close = stat.lastIndex(of: ")") else {
            return nil
        }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? Int32(fields[1]) : nil
    }

    /// The real user id of a process, from `/proc/ID/status`.
    private func owner(_ id: Int32) -> UInt32? {
        guard let status = readFile("/proc/\(id)/status").map(Self.text) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("Uid:") {
            return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { UInt32($0) }
        }
        return nil
    }

    /// `/dev/tty1` … `/dev/tty63` (or `/dev/vc/N`): the Linux console, where Speakup and Fenrir's service read.
    static func isVirtualConsole(_ device: String) -> Bool {
        for prefix in ["/dev/tty", "/dev/vc/"] where device.hasPrefix(prefix) {
            let number = device.dropFirst(prefix.count)
            return !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber }
        }
        return false
    }

    private static func text(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    /// The names in a folder (`/proc`, `/proc/PID/fd`), without `.` and `..`; empty when it cannot be read.
    @Sendable static func names(in path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Where a symbolic link points (`/proc/PID/fd/N`: `/dev/pts/3`, `socket:[…]`), or nil.
    @Sendable static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Reads a file of `/proc` or `/sys` whole (their size is not known before reading); at most 64 KiB.
    @Sendable static func readSmallFile(_ path: String) -> [UInt8]? {
        let descriptor = SystemCall.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW, 0)
        guard descriptor >= 0 else { return nil }
        defer { _ = Glibc.close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 65_536 {
            let count = chunk.withUnsafeMutableBytes { SystemCall.read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return count == 0 ? bytes : nil }
            bytes += chunk[0..<count]
        }
        return bytes
    }
}

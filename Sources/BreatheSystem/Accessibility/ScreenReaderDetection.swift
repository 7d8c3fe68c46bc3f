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
/// - **Through whatever holds the terminal** (tmux, GNU screen, or any program that keeps a session across logins):
///   standard output is a pseudo-terminal whose master side is held by a process that is no child of the screen
///   reader's, found among this process's ancestors or else in `/proc` (a `/dev/ptmx` descriptor whose
///   `/proc/PID/fdinfo` says `tty-index:` our terminal's number). Its clients' terminals are looked at with the same
///   signs (a screen reader among the ancestors of a process reading one, or a console sign): the terminals it holds
///   open itself (tmux and screen do their clients' terminal I/O), and the terminal of each process at the other end
///   of its Unix sockets that is in the foreground of a terminal (a client relaying the session, as dtach's, abduco's
///   or zellij's does). No program is known by its name. A client that is itself in such a terminal is looked through
///   again (tmux in screen, a detached session in tmux), up to four levels.
///
/// Not found: a screen reader on another machine (through ssh, also to a multiplexer there), a multiplexer server
/// of another user (its `/proc/PID/fd` cannot be read), NVDA or JAWS reading a terminal window from Windows,
/// emacspeak's own shell. docs/user-guide.md ("Screen readers") says to set the `screenReader` preference there.
package struct ScreenReaderDetection: Sendable {
    /// A screen reader that can be found.
    package enum Reader: String, Sendable, CaseIterable {
        case fenrir = "Fenrir"
        case yasr
        case speakup = "Speakup"
        case orca = "Orca"
        case brltty = "BRLTTY"
    }

    /// A screen reader found, and its process when one was seen (Fenrir's, whose settings say its rate).
    package struct Found: Equatable, Sendable {
        package var reader: Reader
        var process: Int32?
    }

    /// The text of a small file (`/proc`, `/sys`), or nil when it cannot be read.
    package var readFile: @Sendable (String) -> [UInt8]?
    /// Every process id in `/proc`.
    var processes: @Sendable () -> [Int32]
    /// Where a symbolic link of `/proc` points (`/proc/PID/fd/N`), or nil when it cannot be read.
    var readLink: @Sendable (String) -> String? = { _ in nil }
    /// The names in a folder of `/proc` (`/proc/PID/fd`), empty when it cannot be read.
    var listFolder: @Sendable (String) -> [String] = { _ in [] }
    /// Each connected Unix socket's peer, by inode (`UnixSocketPeers.live`); asked only when a holder of the terminal
    /// has sockets to follow.
    var socketPeers: @Sendable () -> [UInt64: UInt64] = { [:] }
    /// This process's parent.
    var parent: Int32
    var userID: UInt32
    var environment: [String: String]
    /// The device standard output is, such as `/dev/tty3` or `/dev/pts/0`; nil when it is not a terminal.
    var terminal: String?

    /// The running system, seen from this process.
    package static var live: ScreenReaderDetection {
        ScreenReaderDetection(
            readFile: ScreenReaderDetection.readSmallFile,
            processes: { ScreenReaderDetection.names(in: "/proc").compactMap { Int32($0) } },
            readLink: ScreenReaderDetection.linkTarget, listFolder: ScreenReaderDetection.names(in:),
            socketPeers: UnixSocketPeers.live, parent: getppid(), userID: getuid(),
            environment: ProcessEnvironment.current,
            terminal: Terminal.isTerminal(1) ? ttyname(1).map { String(cString: $0) } : nil)
    }

    /// The screen reader reading this terminal, if one is found; nil also when standard output is not a terminal.
    func found() -> Reader? { locate()?.reader }

    /// The screen reader reading this terminal, and its process when it was seen.
    package func locate() -> Found? {
        guard let terminal else { return nil }
        var visited: Set<Int32> = []
        var peers: [UInt64: UInt64]?
        return reader(reading: terminal, from: parent, visited: &visited, peers: &peers, depth: 0)
    }

    /// The screen reader reading `terminal`, whose process `id` (or one of its ancestors) is: among `id`'s
    /// ancestors, a console sign on `terminal`, or, through the process holding `terminal`'s master side, on the
    /// terminals of its clients. `peers` is read once, when first needed.
    private func reader(
        reading terminal: String, from id: Int32, visited: inout Set<Int32>, peers: inout [UInt64: UInt64]?,
        depth: Int
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
        for holder in holders(of: terminal, ancestors: ancestors) where visited.insert(holder).inserted {
            for client in clients(of: holder, besides: terminal, peers: &peers) {
                if let found = consoleReader(client.terminal) { return found }
                for process in client.processes {
                    if let found = reader(
                        reading: client.terminal, from: process, visited: &visited, peers: &peers, depth: depth + 1)
                    {
                        return found
                    }
                }
            }
        }
        return nil
    }

    /// The processes holding the master side of `terminal` (a pseudo-terminal, `/dev/pts/N`): among `ancestors` (a
    /// pane's server started it), or else anywhere in `/proc` (a server this process was moved away from).
    private func holders(of terminal: String, ancestors: [Int32]) -> [Int32] {
        guard terminal.hasPrefix("/dev/pts/"), let index = Int(terminal.dropFirst("/dev/pts/".count)) else {
            return []
        }
        let near = ancestors.filter { holdsMaster(of: index, $0) }
        return near.isEmpty ? processes().filter { holdsMaster(of: index, $0) } : near
    }

    /// True when `id` has `/dev/ptmx` open on the pseudo-terminal numbered `index` (its fdinfo's `tty-index`).
    private func holdsMaster(of index: Int, _ id: Int32) -> Bool {
        for descriptor in listFolder("/proc/\(id)/fd") {
            guard let target = readLink("/proc/\(id)/fd/\(descriptor)"), target.hasSuffix("/ptmx"),
                let info = readFile("/proc/\(id)/fdinfo/\(descriptor)").map(Self.text)
            else { continue }
            for line in info.split(separator: "\n") where line.hasPrefix("tty-index:") {
                let value = line.dropFirst("tty-index:".count).filter { $0 != " " && $0 != "\t" }
                if Int(value) == index { return true }
            }
        }
        return false
    }

    /// A terminal a holder serves, and the processes to look at there.
    private struct Client {
        var terminal: String
        var processes: [Int32]
    }

    /// The terminals `holder` serves, other than `terminal`: those it holds open itself (tmux, GNU screen), with the
    /// processes reading them; then each terminal whose foreground process is at the other end of one of its Unix
    /// sockets (a relaying client), with that process.
    private func clients(of holder: Int32, besides terminal: String, peers: inout [UInt64: UInt64]?) -> [Client] {
        var clients: [Client] = []
        var sockets: Set<UInt64> = []
        for descriptor in listFolder("/proc/\(holder)/fd") {
            guard let target = readLink("/proc/\(holder)/fd/\(descriptor)") else { continue }
            if let inode = Self.socketInode(target) {
                sockets.insert(inode)
            } else if Self.isTerminal(target), target != terminal, !clients.contains(where: { $0.terminal == target }) {
                let readers = processes().filter { $0 != holder && readLink("/proc/\($0)/fd/0") == target }
                clients.append(Client(terminal: target, processes: readers))
            }
        }
        guard !sockets.isEmpty else { return clients }
        let known = peers ?? socketPeers()
        peers = known
        let wanted = Set(sockets.compactMap { known[$0] }).subtracting(sockets)
        guard !wanted.isEmpty else { return clients }
        for process in processes() where process != holder {
            guard let client = foregroundTerminal(of: process), client != terminal else { continue }
            let connected = listFolder("/proc/\(process)/fd").contains { descriptor in
                readLink("/proc/\(process)/fd/\(descriptor)").flatMap(Self.socketInode).map(wanted.contains) ?? false
            }
            guard connected else { continue }
            if let index = clients.firstIndex(where: { $0.terminal == client }) {
                clients[index].processes.append(process)
            } else {
                clients.append(Client(terminal: client, processes: [process]))
            }
        }
        return clients
    }

    /// The terminal `id` runs in the foreground of (its process group is its controlling terminal's foreground
    /// group, from `/proc/ID/stat`), as one of its standard descriptors names it; nil for a process in the background
    /// or without a terminal (a daemon, a display server).
    private func foregroundTerminal(of id: Int32) -> String? {
        guard let fields = statFields(of: id), fields.count > 5, let group = Int32(fields[2]),
            let controlling = Int64(fields[4]), let foreground = Int32(fields[5]), controlling != 0, group == foreground
        else { return nil }
        for descriptor in 0...2 {
            if let target = readLink("/proc/\(id)/fd/\(descriptor)"), Self.isTerminal(target) { return target }
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

    /// A screen reader in use by this user anywhere, terminal or not (a reminder from cron has none): Speakup's
    /// synthesizer, a Fenrir service, or this user's Orca or yasr. Not BRLTTY: it says nothing the reminder's speech
    /// could talk over, and it may run with no display at all.
    package func running() -> Reader? {
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

    /// The parent's id, from `/proc/ID/stat`.
    private func parentID(of id: Int32) -> Int32? {
        statFields(of: id).flatMap { $0.count > 1 ? Int32($0[1]) : nil }
    }

    /// The fields of `/proc/ID/stat` after the command (which may itself hold spaces): state, parent, process group,
    /// session, controlling terminal, its foreground process group…
    private func statFields(of id: Int32) -> [Substring]? {
        guard let stat = readFile("/proc/\(id)/stat").map(Self.text), let close = stat.lastIndex(of: ")") else {
            return nil
        }
        return stat[stat.index(after: close)...].split(separator: " ")
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

    /// A pseudo-terminal's slave side (`/dev/pts/N`) or a virtual console.
    package static func isTerminal(_ device: String) -> Bool {
        let number = device.dropFirst("/dev/pts/".count)
        return (device.hasPrefix("/dev/pts/") && !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber })
            || isVirtualConsole(device)
    }

    /// The inode of `socket:[INODE]`, as `/proc/PID/fd/N` names a socket.
    static func socketInode(_ target: String) -> UInt64? {
        guard target.hasPrefix("socket:["), target.hasSuffix("]") else { return nil }
        return UInt64(target.dropFirst("socket:[".count).dropLast())
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

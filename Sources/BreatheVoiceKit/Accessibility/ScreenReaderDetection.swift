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
/// - **Orca** reads the graphical session: an `orca` process of this user while `DISPLAY` or `WAYLAND_DISPLAY` is set.
///
/// Not found: a screen reader on another machine (through ssh), a braille display alone (brltty), NVDA or JAWS
/// reading a terminal window from Windows, emacspeak's own shell. README ("Screen readers") says to set the
/// `screenReader` preference there.
struct ScreenReaderDetection: Sendable {
    /// A screen reader that can be found.
    enum Reader: String, Sendable, CaseIterable {
        case fenrir = "Fenrir"
        case yasr
        case speakup = "Speakup"
        case orca = "Orca"
    }

    /// The text of a small file (`/proc`, `/sys`), or nil when it cannot be read.
    var readFile: @Sendable (String) -> [UInt8]?
    /// Every process id in `/proc`.
    var processes: @Sendable () -> [Int32]
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
            processes: {
                guard let directory = opendir("/proc") else { return [] }
                defer { closedir(directory) }
                var ids: [Int32] = []
                while let entry = readdir(directory) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) {
                        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                    }
                    if let id = Int32(name) { ids.append(id) }
                }
                return ids
            },
            parent: getppid(), userID: getuid(), environment: ProcessEnvironment.current,
            terminal: Terminal.isTerminal(1) ? ttyname(1).map { String(cString: $0) } : nil)
    }

    /// The screen reader reading this terminal, if one is found; nil also when standard output is not a terminal.
    func found() -> Reader? {
        guard let terminal else { return nil }
        if let reader = ancestorReader() { return reader }
        let console = Self.isVirtualConsole(terminal)
        if console, let synth = readFile("/sys/accessibility/speakup/synth").map(Self.text),
            !synth.isEmpty, synth != "none"
        {
            return .speakup
        }
        let graphical = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        guard console || graphical else { return nil }
        for id in processes() {
            guard let name = programName(id) else { continue }
            if console, name == "fenrir" || name == "fenrir-daemon" { return .fenrir }
            if graphical, name == "orca", owner(id) == userID { return .orca }
        }
        return nil
    }

    /// A screen reader in use by this user anywhere, terminal or not (a reminder from cron has none): Speakup's
    /// synthesizer, a Fenrir service, or this user's Orca or yasr.
    func running() -> Reader? {
        if let reader = ancestorReader() { return reader }
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
    private func ancestorReader() -> Reader? {
        var id = parent
        for _ in 0..<64 where id > 1 {
            switch programName(id) {
            case "fenrir", "fenrir-daemon": return .fenrir
            case "yasr": return .yasr
            default: break
            }
            guard let next = parentID(of: id) else { return nil }
            id = next
        }
        return nil
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

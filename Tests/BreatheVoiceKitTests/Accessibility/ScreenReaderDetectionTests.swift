import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// Each screen reader's sign, and what is not one: a fake /proc and /sys (the live detection runs in the Fenrir test).
@Suite struct ScreenReaderDetectionTests {
    /// A process: its parent, its command line, its owner, its name (`comm`, when it set one), its open files.
    struct Process {
        var parent: Int32
        var arguments: [String]
        var owner: UInt32 = 1000
        var command: String? = nil
        /// Descriptor number to what it links to (`/dev/pts/1`, `socket:[…]`); `/dev/ptmx#N` is a master side whose
        /// fdinfo says `tty-index: N`.
        var files: [Int: String] = [:]
        /// In the foreground of its controlling terminal (its process group is the terminal's foreground group).
        var foreground = false
    }

    static func detection(
        _ processes: [Int32: Process], parent: Int32, terminal: String? = "/dev/pts/3", speakup: String? = nil,
        environment: [String: String] = [:], extraFiles: [String: String] = [:], peers: [UInt64: UInt64] = [:]
    ) -> ScreenReaderDetection {
        var files: [String: [UInt8]] = [:]
        var links: [String: String] = [:]
        var folders: [String: [String]] = [:]
        for (id, process) in processes {
            files["/proc/\(id)/cmdline"] = Array(process.arguments.joined(separator: "\0").utf8) + [0]
            let name = process.command ?? String(process.arguments[0].split(separator: "/").last ?? "")
            files["/proc/\(id)/comm"] = Array((name + "\n").utf8)
            // After the command: state, parent, process group, session, controlling terminal, its foreground group.
            let terminal = process.foreground ? "\(id) \(id) 34817 \(id)" : "1 1 0 -1"
            files["/proc/\(id)/stat"] = Array("\(id) (\(name)) S \(process.parent) \(terminal) 4194560".utf8)
            files["/proc/\(id)/status"] = Array("Name:\tx\nUid:\t\(process.owner)\t\(process.owner)\t0\t0\n".utf8)
            for (descriptor, target) in process.files {
                let master = target.split(separator: "#")
                links["/proc/\(id)/fd/\(descriptor)"] = String(master[0])
                if master.count == 2 {
                    files["/proc/\(id)/fdinfo/\(descriptor)"] = Array(
                        "pos:\t0\nflags:\t02\ntty-index:\t\(master[1])\n".utf8)
                }
            }
            folders["/proc/\(id)/fd"] = process.files.keys.sorted().map(String.init)
        }
        if let speakup { files["/sys/accessibility/speakup/synth"] = Array((speakup + "\n").utf8) }
        for (path, text) in extraFiles { files[path] = Array(text.utf8) }
        let frozen = files
        let frozenLinks = links
        let frozenFolders = folders
        let ids = Array(processes.keys)
        return ScreenReaderDetection(
            readFile: { frozen[$0] }, processes: { ids }, readLink: { frozenLinks[$0] },
            listFolder: { frozenFolders[$0] ?? [] }, socketPeers: { peers }, parent: parent, userID: 1000,
            environment: environment,
            terminal: terminal)
    }

    /// A terminal's processes read it on their standard input, output and error.
    static func on(_ terminal: String) -> [Int: String] { [0: terminal, 1: terminal, 2: terminal] }

    /// `fenrir -e` (two processes) and the shell in its terminal, /dev/pts/1, where the user starts or attaches a
    /// multiplexer.
    static var insideFenrir: [Int32: Process] {
        var processes = shell
        processes[70] = Process(parent: 60, arguments: ["/usr/bin/python3", "/usr/bin/fenrir", "-e"])
        processes[71] = Process(parent: 70, arguments: ["/usr/bin/python3", "/usr/bin/fenrir", "-e"])
        processes[72] = Process(parent: 71, arguments: ["/bin/bash"], files: on("/dev/pts/1"))
        return processes
    }

    /// A tmux server, daemonized (its parent is init): its pane /dev/pts/3 runs the shell 201, whose child is this
    /// program; it holds its clients' terminals open.
    static func tmuxServer(_ id: Int32 = 200, clients: [String]) -> [Int32: Process] {
        var files: [Int: String] = [0: "/dev/null", 1: "/dev/null", 2: "/dev/null", 5: "/dev/ptmx#3", 6: "socket:[9]"]
        for (index, client) in clients.enumerated() { files[7 + index] = client }
        return [
            id: Process(parent: 1, arguments: ["tmux", "new-session"], command: "tmux: server", files: files),
            id + 1: Process(parent: id, arguments: ["-bash"], files: on("/dev/pts/3")),
        ]
    }

    static let shell: [Int32: Process] = [
        1: Process(parent: 0, arguments: ["/sbin/init"]),
        50: Process(parent: 1, arguments: ["sshd: user"]),
        60: Process(parent: 50, arguments: ["-bash"]),
    ]

    @Test func fenrirsTerminalEmulationIsAnAncestor() {
        var processes = Self.shell
        // `fenrir -e` is a Python script; its terminal runs in a child process, whose child is the shell.
        processes[70] = Process(parent: 60, arguments: ["/usr/bin/python3", "/usr/bin/fenrir", "-e"])
        processes[71] = Process(parent: 70, arguments: ["/usr/bin/python3", "/usr/bin/fenrir", "-e"])
        processes[72] = Process(parent: 71, arguments: ["/bin/bash"])
        #expect(Self.detection(processes, parent: 72).found() == .fenrir)
        #expect(Self.detection(processes, parent: 72, terminal: nil).found() == nil)
        #expect(Self.detection(processes, parent: 72, terminal: nil).running() == .fenrir)
    }

    @Test func yasrIsAnAncestor() {
        var processes = Self.shell
        processes[80] = Process(parent: 60, arguments: ["yasr"])
        processes[81] = Process(parent: 80, arguments: ["/bin/sh"])
        #expect(Self.detection(processes, parent: 81).found() == .yasr)
    }

    @Test func fenrirsServiceCountsOnlyOnTheConsole() {
        var processes = Self.shell
        processes[90] = Process(parent: 1, arguments: ["/usr/bin/python3", "/usr/bin/fenrir"], owner: 0)
        #expect(Self.detection(processes, parent: 60, terminal: "/dev/tty2").found() == .fenrir)
        #expect(Self.detection(processes, parent: 60, terminal: "/dev/pts/0").found() == nil)
    }

    @Test(arguments: [("soft", ScreenReaderDetection.Reader.speakup), ("none", nil), ("", nil)])
    func speakupNeedsASynthesizerAndTheConsole(synth: String, expected: ScreenReaderDetection.Reader?) {
        #expect(Self.detection(Self.shell, parent: 60, terminal: "/dev/tty1", speakup: synth).found() == expected)
        #expect(Self.detection(Self.shell, parent: 60, terminal: "/dev/pts/1", speakup: synth).found() == nil)
    }

    @Test func orcaCountsInTheGraphicalSessionOfItsOwnUser() {
        var processes = Self.shell
        processes[100] = Process(parent: 1, arguments: ["/usr/bin/python3", "/usr/bin/orca"])
        #expect(Self.detection(processes, parent: 60, environment: ["DISPLAY": ":0"]).found() == .orca)
        #expect(Self.detection(processes, parent: 60, environment: ["WAYLAND_DISPLAY": "wayland-0"]).found() == .orca)
        #expect(Self.detection(processes, parent: 60).found() == nil, "no graphical session")
        processes[100]?.owner = 1001
        #expect(Self.detection(processes, parent: 60, environment: ["DISPLAY": ":0"]).found() == nil, "another user's")
    }

    @Test func nothingFoundWithoutASign() {
        var processes = Self.shell
        // A program merely named like one, as an argument, is not one.
        processes[110] = Process(parent: 60, arguments: ["/usr/bin/vim", "fenrir.txt"])
        #expect(Self.detection(processes, parent: 110).found() == nil)
        #expect(Self.detection(processes, parent: 110).running() == nil)
    }

    @Test func tmuxStartedInsideFenrirIsLookedThrough() {
        // The user typed `tmux` in Fenrir's terminal: the client (300) is on /dev/pts/1, the server daemonized.
        var processes = Self.insideFenrir.merging(Self.tmuxServer(clients: ["/dev/pts/1"])) { $1 }
        processes[300] = Process(parent: 72, arguments: ["tmux"], command: "tmux: client", files: Self.on("/dev/pts/1"))
        let found = Self.detection(processes, parent: 201).locate()
        #expect(found == ScreenReaderDetection.Found(reader: .fenrir, process: 71))
        // Detached (no client holds a terminal of the server's), nothing reads the pane.
        processes[200]?.files = [0: "/dev/null", 5: "/dev/ptmx#3"]
        #expect(Self.detection(processes, parent: 201).found() == nil)
    }

    @Test func aServerThisProgramDoesNotDescendFromIsFoundByTheMasterItHolds() {
        // The server runs from before Fenrir started; this program's parent chain does not reach it (its shell was
        // moved away), but the server holds the master side of its terminal, /dev/pts/3.
        var processes = Self.insideFenrir.merging(Self.tmuxServer(clients: ["/dev/pts/1"])) { $1 }
        processes[300] = Process(parent: 72, arguments: ["tmux", "attach"], files: Self.on("/dev/pts/1"))
        processes[400] = Process(parent: 50, arguments: ["/bin/sh"], files: Self.on("/dev/pts/3"))
        #expect(Self.detection(processes, parent: 400).found() == .fenrir)
        // The master side of another terminal is not this one's.
        processes[200]?.files[5] = "/dev/ptmx#4"
        #expect(Self.detection(processes, parent: 400).found() == nil, "the server holds another terminal")
        // GNU screen: the server holds the attached client's terminal.
        processes[200] = Process(
            parent: 1, arguments: ["SCREEN", "-S", "work"], command: "screen",
            files: [3: "/dev/pts/1", 5: "/dev/ptmx#3"])
        processes[300] = Process(parent: 72, arguments: ["screen", "-r", "work"], files: Self.on("/dev/pts/1"))
        #expect(Self.detection(processes, parent: 400).found() == .fenrir)
        #expect(Self.detection(processes, parent: 201).found() == .fenrir, "the pane's ancestor")
    }

    /// A program that keeps a session across logins without holding its clients' terminals (as dtach, abduco and
    /// zellij do): its client relays the session over a Unix socket, from the foreground of its own terminal.
    static func keeper(clientOn terminal: String, clientParent: Int32 = 72) -> [Int32: Process] {
        [
            // Any name: nothing is known by it.
            500: Process(
                parent: 1, arguments: ["/usr/bin/python3", "/tmp/keeper", "new"],
                files: [0: "/dev/null", 1: "/dev/null", 3: "/dev/ptmx#3", 4: "socket:[20]", 5: "socket:[21]"]),
            501: Process(parent: 500, arguments: ["/bin/sh"], files: Self.on("/dev/pts/3")),
            300: Process(
                parent: clientParent, arguments: ["/usr/bin/python3", "/tmp/keeper", "attach"],
                files: Self.on(terminal).merging([3: "socket:[22]"]) { $1 }, foreground: true),
        ]
    }

    @Test func aSessionKeptAcrossLoginsIsFollowedToItsClientsTerminal() {
        var processes = Self.insideFenrir.merging(Self.keeper(clientOn: "/dev/pts/1")) { $1 }
        let peers: [UInt64: UInt64] = [21: 22, 22: 21]
        let found = Self.detection(processes, parent: 501, peers: peers).locate()
        #expect(found == ScreenReaderDetection.Found(reader: .fenrir, process: 71))
        #expect(Self.detection(processes, parent: 501).found() == nil, "no client connected: detached")
        // A process on another terminal connected to it but in the background there is no client reading it.
        processes[300]?.foreground = false
        #expect(Self.detection(processes, parent: 501, peers: peers).found() == nil, "a background process")
        // Attached from the console: the console's signs.
        processes = Self.shell.merging(Self.keeper(clientOn: "/dev/tty2", clientParent: 60)) { $1 }
        #expect(Self.detection(processes, parent: 501, speakup: "soft", peers: peers).found() == .speakup)
        #expect(Self.detection(processes, parent: 501, peers: peers).found() == nil)
    }

    @Test func aKeptSessionInsideTmuxInsideFenrirIsLookedThroughInTurn() {
        // Fenrir's terminal runs tmux; tmux's pane /dev/pts/5 runs the kept session's client; this program is in the
        // kept session's terminal, /dev/pts/3.
        var processes = Self.insideFenrir.merging(Self.keeper(clientOn: "/dev/pts/5", clientParent: 601)) { $1 }
        processes[600] = Process(
            parent: 1, arguments: ["tmux"], command: "tmux: server", files: [5: "/dev/ptmx#5", 7: "/dev/pts/1"])
        processes[601] = Process(parent: 600, arguments: ["-bash"], files: Self.on("/dev/pts/5"))
        processes[602] = Process(parent: 72, arguments: ["tmux"], files: Self.on("/dev/pts/1"))
        let peers: [UInt64: UInt64] = [21: 22, 22: 21]
        #expect(Self.detection(processes, parent: 501, peers: peers).found() == .fenrir)
    }

    @Test func aTerminalWindowsDisplayServerIsNoClient() {
        // A terminal window holds the master side and talks to the display server over a socket; a server started by
        // startx keeps the console it was started on, but left its foreground (it has no controlling terminal).
        var processes = Self.shell
        processes[700] = Process(
            parent: 1, arguments: ["/usr/libexec/terminal-window"], files: [3: "/dev/ptmx#3", 4: "socket:[30]"])
        processes[701] = Process(parent: 700, arguments: ["/bin/bash"], files: Self.on("/dev/pts/3"))
        processes[702] = Process(
            parent: 60, arguments: ["/usr/lib/xorg/Xorg"], files: [0: "/dev/tty1", 5: "socket:[31]"])
        processes[90] = Process(parent: 1, arguments: ["/sbin/brltty"], owner: 0)
        #expect(Self.detection(processes, parent: 701, peers: [30: 31, 31: 30]).found() == nil)
    }

    @Test func nestedMultiplexersAreLookedThroughInTurn() {
        // Fenrir's terminal /dev/pts/1 runs a screen client; screen's window /dev/pts/5 runs a tmux client; this
        // program is in a tmux pane. tmux in tmux is the same: a client that is itself a pane.
        var processes = Self.insideFenrir.merging(Self.tmuxServer(clients: ["/dev/pts/5"])) { $1 }
        processes[300] = Process(parent: 72, arguments: ["screen"], files: Self.on("/dev/pts/1"))
        processes[301] = Process(
            parent: 1, arguments: ["SCREEN"], command: "screen", files: [3: "/dev/pts/1", 4: "/dev/ptmx#5"])
        processes[302] = Process(parent: 301, arguments: ["/bin/bash"], files: Self.on("/dev/pts/5"))
        processes[303] = Process(parent: 302, arguments: ["tmux", "attach"], files: Self.on("/dev/pts/5"))
        #expect(Self.detection(processes, parent: 201).found() == .fenrir)
        // The outer one attached from another terminal, which nothing reads: nothing.
        processes[300] = Process(parent: 60, arguments: ["screen", "-x"], files: Self.on("/dev/pts/9"))
        processes[301]?.files = [3: "/dev/pts/9", 4: "/dev/ptmx#5"]
        #expect(Self.detection(processes, parent: 201).found() == nil)
        // tmux in tmux: the outer server's client is in Fenrir's terminal.
        processes[301] = Process(
            parent: 1, arguments: ["tmux"], command: "tmux: server", files: [7: "/dev/pts/1", 5: "/dev/ptmx#5"])
        processes[300] = Process(parent: 72, arguments: ["tmux"], files: Self.on("/dev/pts/1"))
        #expect(Self.detection(processes, parent: 201).found() == .fenrir)
    }

    @Test func aMultiplexerClientOnTheConsoleTakesTheConsolesSigns() {
        // tmux attached from tty2: Speakup, BRLTTY or Fenrir's service reads that console.
        var processes = Self.shell.merging(Self.tmuxServer(clients: ["/dev/tty2"])) { $1 }
        processes[300] = Process(parent: 60, arguments: ["tmux"], files: Self.on("/dev/tty2"))
        #expect(Self.detection(processes, parent: 201, speakup: "soft").found() == .speakup)
        #expect(Self.detection(processes, parent: 201).found() == nil)
        processes[90] = Process(parent: 1, arguments: ["/sbin/brltty", "-b", "fs"], owner: 0)
        #expect(Self.detection(processes, parent: 201).found() == .brltty)
        // From a graphical terminal's pty, BRLTTY on the console is not reading it.
        processes[200]?.files = [7: "/dev/pts/1"]
        processes[300]?.files = Self.on("/dev/pts/1")
        #expect(Self.detection(processes, parent: 201).found() == nil)
    }

    @Test func brlttyReadsOnlyTheConsole() {
        var processes = Self.shell
        processes[90] = Process(parent: 1, arguments: ["/sbin/brltty"], owner: 0)
        #expect(Self.detection(processes, parent: 60, terminal: "/dev/tty3").found() == .brltty)
        #expect(Self.detection(processes, parent: 60, terminal: "/dev/pts/0").found() == nil)
        // A reminder without a terminal is not spoken for a braille display alone.
        #expect(Self.detection(processes, parent: 60, terminal: nil).running() == nil)
    }

    @Test func fenrirsRateComesFromItsSettingsAndSpeechDispatchersModule() {
        var processes = Self.shell
        processes[70] = Process(
            parent: 60,
            arguments: [
                "/usr/bin/python3", "/usr/bin/fenrir", "-e", "-o", "speech#module=espeak-ng;sound#enabled=False",
            ])
        let settings = "[sound]\nrate=0.1\n[speech]\ndriver=speechdDriver\nrate=0.65\n[screen]\n"
        let files = ["/etc/fenrirscreenreader/settings/settings.conf": settings]
        let detection = Self.detection(processes, parent: 60, extraFiles: files)
        let found = ScreenReaderDetection.Found(reader: .fenrir, process: 70)
        // 0.65 is speech-dispatcher's 30; espeak-ng's module: 170 + (449 - 170) × 30 / 100.
        #expect(detection.wordsPerMinute(of: found) == 253)
        // The module's own limits, when its configuration sets them.
        let tuned = files.merging(["/etc/speech-dispatcher/modules/espeak-ng.conf": "EspeakMaxRate 370\n"]) { $1 }
        #expect(Self.detection(processes, parent: 60, extraFiles: tuned).wordsPerMinute(of: found) == 230)
        // -o wins over the file; slower than normal goes toward EspeakMinRate.
        processes[70]?.arguments += ["--options", "speech#rate=0.25"]
        #expect(Self.detection(processes, parent: 60, extraFiles: files).wordsPerMinute(of: found) == 125)
        // Another speech driver or module: unknown.
        processes[70]?.arguments += ["-o", "speech#module=festival"]
        #expect(Self.detection(processes, parent: 60, extraFiles: files).wordsPerMinute(of: found) == nil)
        #expect(detection.wordsPerMinute(of: ScreenReaderDetection.Found(reader: .orca, process: 70)) == nil)
    }

    @Test(arguments: [
        ("/dev/tty1", true), ("/dev/tty63", true), ("/dev/vc/2", true), ("/dev/pts/0", false), ("/dev/ttyS0", false),
        ("/dev/tty", false),
    ])
    func virtualConsoles(device: String, console: Bool) {
        #expect(ScreenReaderDetection.isVirtualConsole(device) == console)
    }
}

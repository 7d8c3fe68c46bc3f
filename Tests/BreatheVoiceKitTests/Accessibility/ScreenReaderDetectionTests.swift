import Testing

@testable import BreatheVoiceKit

/// Each screen reader's sign, and what is not one: a fake /proc and /sys (the live detection runs in the Fenrir test).
@Suite struct ScreenReaderDetectionTests {
    /// A process: its parent, its command line, its owner.
    struct Process {
        var parent: Int32
        var arguments: [String]
        var owner: UInt32 = 1000
    }

    static func detection(
        _ processes: [Int32: Process], parent: Int32, terminal: String? = "/dev/pts/3", speakup: String? = nil,
        environment: [String: String] = [:]
    ) -> ScreenReaderDetection {
        var files: [String: [UInt8]] = [:]
        for (id, process) in processes {
            files["/proc/\(id)/cmdline"] = Array(process.arguments.joined(separator: "\0").utf8) + [0]
            files["/proc/\(id)/stat"] = Array("\(id) (\(process.arguments[0])) S \(process.parent) 1 1 0".utf8)
            files["/proc/\(id)/status"] = Array("Name:\tx\nUid:\t\(process.owner)\t\(process.owner)\t0\t0\n".utf8)
        }
        if let speakup { files["/sys/accessibility/speakup/synth"] = Array((speakup + "\n").utf8) }
        let frozen = files
        let ids = Array(processes.keys)
        return ScreenReaderDetection(
            readFile: { frozen[$0] }, processes: { ids }, parent: parent, userID: 1000, environment: environment,
            terminal: terminal)
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

    @Test(arguments: [
        ("/dev/tty1", true), ("/dev/tty63", true), ("/dev/vc/2", true), ("/dev/pts/0", false), ("/dev/ttyS0", false),
        ("/dev/tty", false),
    ])
    func virtualConsoles(device: String, console: Bool) {
        #expect(ScreenReaderDetection.isVirtualConsole(device) == console)
    }
}

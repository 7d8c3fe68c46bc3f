import Foundation
import Synchronization

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// A braille display that exists only in the test: the far end of BRLTTY's Virtual driver (`-b vr -d client:SOCKET`),
/// listening on a Unix socket. It says how many cells it has (`cells N`), records every line BRLTTY sends (a `Visual
/// "…"` line with the text and a `Braille "…"` line with the dots at each change), each with the monotonic time it
/// came, and presses keys by writing a command name back (`FWINRT`, `LNDN`, `ROUTE 3`).
final class FakeBrailleDisplay: @unchecked Sendable {
    /// One line from BRLTTY: the time it came (monotonic seconds) and its text.
    struct Line: Sendable {
        var time: Double
        var text: String
        /// The quoted text of a `Visual "…"` line; nil for any other line.
        var visual: String? {
            guard text.hasPrefix("Visual \""), text.hasSuffix("\"") else { return nil }
            return String(text.dropFirst(8).dropLast())
        }
    }

    let socketPath: String
    let cells: Int
    private let listener: Int32
    private let connection = Mutex<Int32>(-1)
    private let received = Mutex<[Line]>([])

    init(cells: Int, directory: URL) throws {
        self.cells = cells
        socketPath = directory.appendingPathComponent("display.sock").path
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in socketPath.utf8.enumerated() where index < buffer.count - 1 { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard listener >= 0, bound == 0, listen(listener, 1) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: socketPath])
        }
        guard let thread = NativeThread.start({ self.serve() }) else { throw CocoaError(.featureUnsupported) }
        pthread_detach(thread)
    }

    deinit {
        close(listener)
        let descriptor = connection.withLock { $0 }
        if descriptor >= 0 { close(descriptor) }
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Every line so far.
    var lines: [Line] { received.withLock { $0 } }

    /// The texts shown so far (`Visual` lines), with their times.
    var shown: [(time: Double, text: String)] { lines.compactMap { line in line.visual.map { (line.time, $0) } } }

    /// Presses a key: BRLTTY takes the command name as the display's key.
    func press(_ command: String) {
        let descriptor = connection.withLock { $0 }
        _ = (command + "\n").utf8CString.dropLast().withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// Waits at most `timeout` seconds for a shown text, after the first `skipping` of them, that `matches`; returns
    /// its index among the shown texts, its time and its text.
    func waitForShown(
        after skipping: Int = 0, timeout: Double, _ matches: (String) -> Bool
    ) -> (index: Int, time: Double, text: String)? {
        Waiting.value(within: timeout, every: 0.005) {
            let shown = self.shown
            guard skipping < shown.count,
                let index = shown.indices.dropFirst(skipping).first(where: { matches(shown[$0].text) })
            else { return nil }
            return (index, shown[index].time, shown[index].text)
        }
    }

    /// Accepts BRLTTY's connection, gives the size, and records lines until BRLTTY goes; then waits for the next
    /// BRLTTY (one started again), until the display is dropped.
    private func serve() {
        while true {
            let descriptor = accept(listener, nil, nil)
            guard descriptor >= 0 else { return }
            let previous = connection.withLock { connection in
                defer { connection = descriptor }
                return connection
            }
            if previous >= 0 { close(previous) }
            record(descriptor)
        }
    }

    /// Gives BRLTTY the size and records its lines until it goes.
    private func record(_ descriptor: Int32) {
        _ = "cells \(cells)\n".utf8CString.dropLast().withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return }
            let time = Self.now()
            pending.append(contentsOf: buffer[0..<count])
            while let newline = pending.firstIndex(of: 10) {
                let text = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                received.withLock { $0.append(Line(time: time, text: text)) }
            }
        }
    }
}

/// A private BRLTTY (Debian's `brltty`) with no hardware and off the machine's consoles: its Virtual driver talks to a
/// `FakeBrailleDisplay`, its BrlAPI server listens as host `:N` (a number of its own, never the system's `:0`) with
/// no authentication, and every file it writes stays in a folder of the test's.
final class PrivateBrltty {
    let display: FakeBrailleDisplay
    /// What a client sets to reach this server: `BRLAPI_HOST` and `BRLAPI_AUTH`.
    let environment: [String: String?]
    private var process: ChildProcess
    private let directory: URL
    private let number: Int
    private let options: [String]

    /// Starts BRLTTY beside a display of `cells` cells, with `options` added to its command line (`-c en-us-g2 -o
    /// braille-variant=contracted6`: contracted braille, as a user sets it), and waits until BrlAPI reports that size.
    init(cells: Int, options: [String] = []) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("brltty-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        display = try FakeBrailleDisplay(cells: cells, directory: directory)
        number = try Self.freeNumber()
        environment = ["BRLAPI_HOST": ":\(number)", "BRLAPI_AUTH": "none"]
        self.options = options
        process = try Self.launch(number: number, directory: directory, display: display, options: options)
        try waitUntilReady(after: 0)
    }

    /// Kills BRLTTY (SIGKILL: it removes nothing) and starts it again on the same server number and display, as a
    /// user who restarts it would; returns once BrlAPI answers with the display's size again.
    func restart() throws {
        process.kill(SIGKILL)
        _ = process.wait()
        for name in ["\(number)", ".\(number)"] { unlink(BrailleOpening.socketDirectory + "/" + name) }
        let shown = display.shown.count
        process = try Self.launch(number: number, directory: directory, display: display, options: options)
        try waitUntilReady(after: shown)
    }

    private static func launch(
        number: Int, directory: URL, display: FakeBrailleDisplay, options: [String]
    ) throws -> ChildProcess {
        let dir = directory.path
        return try ChildProcess(
            URL(fileURLWithPath: "/usr/sbin/brltty"),
            [
                "-n", "-e", "-f", "/dev/null", "-x", "no", "-s", "no", "-o", "alert-tunes=no",
                "-A", "auth=none,host=:\(number)", "-W", dir, "-U", dir, "-F", dir + "/prefs", "-M", "1",
                "-b", "vr", "-d", "client:" + display.socketPath,
            ] + options, standardError: dir + "/brltty.log")
    }

    /// Waits until BRLTTY's display is up (a line after the first `shown`) and BrlAPI reports its size.
    private func waitUntilReady(after shown: Int) throws {
        // Asking BrlAPI for the display while BRLTTY starts can wedge it (6.5): first its first line to the display
        // and its log's word that the driver is up, then BrlAPI's answer with a size above zero.
        let cells = display.cells
        guard display.waitForShown(after: shown, timeout: 20, { _ in true }) != nil else {
            stop()
            throw BrlttyFailure(reason: "no line reached the display", log: log)
        }
        Waiting.until(timeout: 20, every: 0.02) { log.contains("Braille Driver: vr") }
        let width =
            Waiting.value(within: 20, every: 0.05) { () -> Int? in
                guard
                    let connected = try? LiveBrailleDisplay(
                        environment: environment.compactMapValues { $0 }, clock: MonotonicClock())
                else { return nil }
                defer { connected.release() }
                return connected.width == 0 ? nil : connected.width
            } ?? 0
        guard width == cells else {
            stop()
            throw BrlttyFailure(reason: "BrlAPI reported \(width) cells", log: log)
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Stops or continues BRLTTY (SIGSTOP, SIGCONT): a server that stops answering, as one stuck in a bug would.
    func signal(_ signal: Int32) {
        process.kill(signal)
    }

    var log: String { (try? String(contentsOf: directory.appendingPathComponent("brltty.log"), encoding: .utf8)) ?? "" }

    /// Ends BRLTTY with SIGTERM, so that it removes its BrlAPI socket and lock; one that does not end within 5 seconds
    /// (its display gone, it may keep retrying) is killed, and its socket and lock removed here.
    func stop() {
        guard process.ending() == nil else { return }
        process.kill(SIGCONT)
        process.kill(SIGTERM)
        if Waiting.until(timeout: 5, { process.ending() != nil }) { return }
        process.kill(SIGKILL)
        _ = process.wait()
        for name in ["\(number)", ".\(number)"] { unlink(BrailleOpening.socketDirectory + "/" + name) }
    }

    /// A server number whose socket and lock are free; a stale lock (a BRLTTY killed with SIGKILL) is not reused.
    private static func freeNumber() throws -> Int {
        let base = 1000 + Int(getpid() % 500) * 50
        for offset in 0..<50 {
            let number = base + (offset + counter.add(1, ordering: .relaxed).oldValue) % 50
            let socket = BrailleOpening.socketDirectory + "/\(number)"
            let lock = BrailleOpening.socketDirectory + "/.\(number)"
            if !FileManager.default.fileExists(atPath: socket), !FileManager.default.fileExists(atPath: lock) {
                return number
            }
        }
        throw BrlttyFailure(reason: "no free BrlAPI server number", log: "")
    }

    private static let counter = Atomic<Int>(0)

    struct BrlttyFailure: Error, CustomStringConvertible {
        var reason: String
        var log: String
        var description: String { "brltty: \(reason)\n\(log)" }
    }
}

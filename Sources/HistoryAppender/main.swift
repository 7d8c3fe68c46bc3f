import BreatheCore
// Test support, not part of the product: appends history records with the real `HistoryStore`, so that tests can run
// many writers as separate processes at once, and kill them with SIGKILL while they append.
//
// Usage: HistoryAppender FILE WRITER COUNT
// Reads standard input to its end first (a test holds every writer at one start line by closing a shared pipe; give
// /dev/null to start at once), then appends COUNT records whose ids are "WRITER-0" … "WRITER-(COUNT-1)", in order.
// Exit 0 when all are appended, 64 on bad arguments, 74 when an append fails.
import BreatheSystem
import BreatheVoiceKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

func fail(_ text: String, _ code: Int32) -> Never {
    let line = Array(("HistoryAppender: " + text + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(code)
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[3]), count >= 0, !arguments[2].isEmpty else {
    fail("usage: HistoryAppender FILE WRITER COUNT", 64)
}
let store = HistoryStore(path: arguments[1])
let writer = arguments[2]

var scratch = [UInt8](repeating: 0, count: 512)
while true {
    let got = scratch.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
    if got > 0 || (got < 0 && errno == EINTR) { continue }
    break
}

guard let time = LocalTimestamp.parse("2024-03-31T10:00:00+02:00") else { fail("bad fixed timestamp", 70) }
for index in 0..<count {
    let record = SessionRecord(
        id: "\(writer)-\(index)", start: time, end: time, patternName: "box", timings: "4-4-4-4", patternKind: .builtIn,
        plannedCycles: 4, actualCycles: 4, plannedTenths: 640, actualTenths: 640, status: .completed, language: "en"
    )
    do throws(BreatheError) {
        try store.append(record)
    } catch {
        fail("append \(index) failed: \(error)", 74)
    }
}

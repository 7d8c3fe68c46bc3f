import BreatheCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The one-line mood question at the end of an interactive session: a digit 1–5, or Enter to skip.
enum MoodPrompt {
    /// True when a prompt may be shown: standard input and output are terminals.
    static var isPossible: Bool { isatty(0) == 1 && isatty(1) == 1 }

    /// Asks once and reads one line from standard input; nil for Enter, end of input or anything not 1–5.
    static func ask<Sink: TextSink>(localizer: Localizer, output: inout Sink) -> Int? {
        output.write(PlainText.sanitize(localizer.string(Message(.moodPrompt))))
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = SystemCall.retryingOnInterrupt { read(0, &byte, 1) }
            if count <= 0 || byte == 0x0A { break }
            if line.count < 64 { line.append(byte) }
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters
        let answer = Int(text).flatMap { SessionRecord.moodRange.contains($0) ? $0 : nil }
        let reply = answer.map { Message(.moodRecorded, ["n": .integer($0)]) } ?? Message(.moodSkipped)
        output.write(PlainText.line(localizer.string(reply)))
        return answer
    }
}

extension String {
    var trimmingCharacters: String {
        String(
            unicodeScalars.drop { $0.properties.isWhitespace }.reversed().drop { $0.properties.isWhitespace }.reversed()
                .map(Character.init))
    }
}

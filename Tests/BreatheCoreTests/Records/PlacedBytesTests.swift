import Testing

@testable import BreatheCore

struct PlacedBytesTests {
    /// What is written goes after what the output held, whole, whether it fits the room first made or needs it made
    /// again (four times as large, as often as it takes); nothing of a try that overflowed is left.
    @Test(arguments: [1, 16, 100, 1_000])
    func whatIsWrittenIsAppendedWholeWhateverTheRoom(room: Int) {
        let words: [StaticString] = ["breathe", " in", ", ", "hold", "\"", " and out"]
        var expected = Array("before ".utf8)
        var output = expected
        for index in 0..<40 {
            let word = words[index % words.count]
            expected += Array(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
            expected += Array(String(index).utf8)
        }
        var tries = 0
        output.appendPlaced(room: room) { writer in
            tries += 1
            for index in 0..<40 {
                RecordLine.append(words[index % words.count], to: &writer)
                RecordLine.append(integer: index, to: &writer)
            }
        }
        #expect(output == expected)
        #expect(output.count - 7 > room ? tries > 1 : tries == 1, "\(tries) tries for room \(room)")
    }

    /// The same writers write the same bytes into an Array and into room made in one.
    @Test func anArrayAndPlacedRoomHoldTheSameBytes() {
        var direct: [UInt8] = []
        var placed: [UInt8] = []
        let time = LocalTimestamp(year: 2022, month: 1, day: 9, hour: 1, minute: 1, second: 1, offsetSeconds: -16_200)
        RecordLine.append(iso8601: time, to: &direct)
        RecordLine.append(tenths: -55, to: &direct)
        RecordLine.append(digitsOf: 7, width: 6, to: &direct)
        placed.appendPlaced(room: 64) { writer in
            RecordLine.append(iso8601: time, to: &writer)
            RecordLine.append(tenths: -55, to: &writer)
            RecordLine.append(digitsOf: 7, width: 6, to: &writer)
        }
        #expect(placed == direct)
        #expect(String(decoding: direct, as: UTF8.self) == "2022-01-09T01:01:01-04:30-5.5000007")
    }
}

import Foundation

@testable import BreatheTestSupport

/// A PCM WAV file read back for analysis: 16-bit mono samples and the header's claims.
struct WavFile {
    var sampleRate: Int
    var channels: Int
    var bitsPerSample: Int
    var declaredDataBytes: Int
    var samples: [Int16]

    init(_ data: Data) throws {
        let bytes = [UInt8](data)
        struct Malformed: Error {}
        guard bytes.count >= 44, String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF",
            String(decoding: bytes[8..<12], as: UTF8.self) == "WAVE",
            String(decoding: bytes[36..<40], as: UTF8.self) == "data"
        else { throw Malformed() }
        func u32(_ at: Int) -> Int {
            Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        channels = u16(22)
        sampleRate = u32(24)
        bitsPerSample = u16(34)
        declaredDataBytes = u32(40)
        samples = stride(from: 44, to: bytes.count - 1, by: 2).map {
            Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
        }
    }

    /// Root-mean-square level of samples[range], clamped to the file.
    func rms(_ range: Range<Int>) -> Double {
        let clamped = max(0, range.lowerBound)..<min(samples.count, range.upperBound)
        guard !clamped.isEmpty else { return 0 }
        let sum = clamped.reduce(0.0) { $0 + Double(samples[$1]) * Double(samples[$1]) }
        return (sum / Double(clamped.count)).squareRoot()
    }

    /// Zero crossings per second over samples[range].
    func crossingRate(_ range: Range<Int>) -> Double {
        var crossings = 0
        for index in range.dropFirst() where (samples[index - 1] < 0) != (samples[index] < 0) { crossings += 1 }
        return Double(crossings) * Double(sampleRate) / Double(range.count)
    }
}

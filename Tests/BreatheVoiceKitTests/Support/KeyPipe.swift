@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Keys for a session loop, typed ahead into a pipe: the loop's input source reads them one at a time, each only once
/// `ready()` says the session has got where the test wants it (nil otherwise, as a key not yet pressed).
final class KeyPipe {
    private let readEnd: Int32
    private let writeEnd: Int32

    init(_ keys: String) {
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0, "no pipe")
        readEnd = ends[0]
        writeEnd = ends[1]
        let bytes = Array(keys.utf8)
        precondition(write(writeEnd, bytes, bytes.count) == bytes.count, "the keys did not fit in the pipe")
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// The loop's inputs: the next key, mapped by `input` (the keyboard's own mapping unless given), once `ready()`.
    func inputs(
        when ready: @escaping () -> Bool = { true },
        _ input: @escaping (UInt8) -> SessionInput? = KeyReader.input(for:)
    ) -> SessionInputs {
        SessionInputs(sources: [
            SessionInputs.Source(fileDescriptor: readEnd) { [self] in
                guard ready() else { return nil }
                var byte: UInt8 = 0
                guard read(readEnd, &byte, 1) == 1 else { return nil }
                return input(byte)
            }
        ])
    }
}

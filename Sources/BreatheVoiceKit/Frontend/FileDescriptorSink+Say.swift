import BreatheCore
import BreatheSystem

extension FileDescriptorSink {
    /// Writes one localized sentence as a line.
    package mutating func say(_ message: Message, _ localizer: Localizer) {
        write(PlainText.line(localizer.string(message)))
    }
}

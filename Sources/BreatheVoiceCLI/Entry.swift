import ArgumentParser
import BreatheCore
import BreatheVoiceKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Parses the command line, runs the command and turns every failure into one line on stderr and a documented exit code.
public enum Entry {
    public static func main(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        do {
            var command = try BreatheVoice.parseAsRoot(arguments)
            try command.run()
            exit(ExitStatus.success)
        } catch let error as CommandFailure {
            var standardError = FileDescriptorSink.standardError
            if let line = error.line { standardError.write(PlainText.line(line)) }
            exit(error.code)
        } catch {
            let code = BreatheVoice.exitCode(for: error)
            if code == .success {
                // --help and --version.
                var standardOutput = FileDescriptorSink.standardOutput
                let message = BreatheVoice.fullMessage(for: error)
                let verboseVersion = message == BreatheVoice.configuration.version && arguments.contains("--verbose")
                standardOutput.write((verboseVersion ? BreatheVoice.verboseVersion : message) + "\n")
                exit(ExitStatus.success)
            }
            let text = BreatheVoice.message(for: error)
                .split(whereSeparator: \.isNewline)
                .first { $0.contains { !$0.isWhitespace } }
                .map(String.init) ?? "invalid arguments"
            var standardError = FileDescriptorSink.standardError
            standardError.write(PlainText.line("breathe-voice: " + text.replacingPrefix("Error: ", with: "")))
            exit(code == .validationFailure ? ExitStatus.usage : code.rawValue)
        }
    }
}

/// A failure whose message (if any) is already in the user's language: printed as is, then the process exits with `code`.
struct CommandFailure: Error {
    var line: String?
    var code: Int32

    init(_ error: BreatheError, localizer: Localizer) {
        line = localizer.string(Message(.errorPrefix, ["message": .message(error.message)]))
        code = error.exitCode
    }

    init(code: Int32) {
        line = nil
        self.code = code
    }
}

extension String {
    func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }

}


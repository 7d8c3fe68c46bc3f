import Foundation
import Testing

@testable import BreatheTestSupport

/// A runnable example of the docs: a fenced block whose info string is `console`, made of `$ COMMAND` lines, each
/// followed by the output it prints (standard output and standard error together, as a terminal shows them).
///
/// The commands of a block run one after the other in one `sh`, in a private home of their own (`GuideExampleRun`),
/// so a block may set a preference and then read it. A command must exit 0, unless the next one is `echo $?`, which
/// shows its status. In the expected output, `[..]` stands for any text within a line (a date, a path) and a line
/// `...` alone for any number of lines, as in trycmd. Blocks fenced as `sh` or with no info string are not run.
struct GuideExample: Sendable, CustomTestStringConvertible {
    /// One command and the lines it should print.
    struct Step: Sendable {
        var command: String
        var expected: [String]
        /// The line of the file the command is on, counted from 1.
        var line: Int
    }

    var file: String
    /// The line of the opening fence.
    var line: Int
    var steps: [Step]

    var testDescription: String { "\(file):\(line)" }

    /// The info string that marks a runnable block.
    static let marker = "console"

    /// Every runnable block of a Markdown text.
    static func parse(_ markdown: String, file: String) -> [GuideExample] {
        var examples: [GuideExample] = []
        var current: GuideExample?
        for (index, text) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(text)
            if var example = current {
                if line.hasPrefix("```") {
                    examples.append(example)
                    current = nil
                } else if line.hasPrefix("$ ") {
                    example.steps.append(Step(command: String(line.dropFirst(2)), expected: [], line: index + 1))
                    current = example
                } else if !example.steps.isEmpty {
                    example.steps[example.steps.count - 1].expected.append(line)
                    current = example
                }
            } else if line == "```" + marker {
                current = GuideExample(file: file, line: index + 1, steps: [])
            }
        }
        return examples
    }

    /// The runnable blocks of a file of the package (`docs/user-guide.md`).
    static func examples(in path: String) throws -> [GuideExample] {
        let url = BinaryRun.packageRoot.appendingPathComponent(path)
        return parse(try String(contentsOf: url, encoding: .utf8), file: path)
    }
}

/// Expected output against what a command printed: `[..]` matches any text within a line, `...` any lines.
enum GuideOutput {
    static let anyText = "[..]"
    static let anyLines = "..."

    static func matches(_ expected: [String], _ actual: [String]) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        if first == anyLines {
            let rest = Array(expected.dropFirst())
            return (0...actual.count).contains { matches(rest, Array(actual.dropFirst($0))) }
        }
        guard let line = actual.first, lineMatches(first, line) else { return false }
        return matches(Array(expected.dropFirst()), Array(actual.dropFirst()))
    }

    /// One line: the text between the `[..]` found in order, the first at the start, the last at the end.
    static func lineMatches(_ pattern: String, _ line: String) -> Bool {
        let pieces = pattern.components(separatedBy: anyText)
        guard pieces.count > 1 else { return pattern == line }
        guard let head = pieces.first, let tail = pieces.last, line.hasPrefix(head) else { return false }
        var rest = Substring(line.dropFirst(head.count))
        for piece in pieces.dropFirst().dropLast() {
            guard let range = rest.range(of: piece) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.count >= tail.count && rest.hasSuffix(tail)
    }

    /// What to write in the docs for `actual`: a line that still matches its expected line at the same place is kept
    /// as it was written (with its wildcards), every other line is the new output. With a `...` line the old text is
    /// kept when it still matches, else the new output replaces it whole.
    static func updated(expected: [String], actual: [String]) -> [String] {
        if matches(expected, actual) { return expected }
        if expected.contains(anyLines) { return actual }
        return actual.enumerated().map { index, line in
            index < expected.count && lineMatches(expected[index], line) ? expected[index] : line
        }
    }

    /// A short unified-looking difference, for a failure's message.
    static func difference(expected: [String], actual: [String]) -> String {
        (expected.map { "- " + $0 } + actual.map { "+ " + $0 }).joined(separator: "\n")
    }
}

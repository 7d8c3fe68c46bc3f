import Foundation
import Testing

@testable import BreatheTestSupport

/// The docs' examples run: every ```console block of the user's guide and the README (`GuideExample`), in a private
/// home, and any difference from the output they show fails, as trycmd's and argument-parser's documented examples do.
/// (The guide's exit-code table is held to the program's by `ExitCodeTableTests`.)
///
/// `scripts/guide-examples.sh` runs only these and prints what differs; `scripts/guide-examples.sh --overwrite` writes
/// the program's output into the docs instead (`BREATHE_VOICE_GUIDE_EXAMPLES=overwrite`), keeping every line that
/// still matches as written, wildcards included.
@Suite struct UserGuideExamplesTests {
    static let files = ["docs/user-guide.md", "README.md"]

    static var overwrite: Bool { ProcessInfo.processInfo.environment["BREATHE_VOICE_GUIDE_EXAMPLES"] == "overwrite" }

    @Test(arguments: files)
    func examplesPrintWhatTheDocsShow(file: String) throws {
        let examples = try GuideExample.examples(in: file)
        if file == "docs/user-guide.md" { #expect(examples.count >= 5, "the guide's examples are not found") }
        var replacements: [(step: GuideExample.Step, lines: [String])] = []
        for example in examples {
            let run: GuideExampleRun
            do {
                run = try GuideExampleRun.run(example)
            } catch {
                Issue.record("\(example.testDescription): \(error)")
                continue
            }
            for (index, (step, result)) in zip(example.steps, run.results).enumerated() {
                let place = "\(file):\(step.line): $ \(step.command)"
                let shown = example.steps.indices.contains(index + 1) && example.steps[index + 1].command == "echo $?"
                #expect(result.status == 0 || shown, "\(place) exited \(result.status): show it with `$ echo $?`")
                if !GuideOutput.matches(step.expected, result.lines) {
                    replacements.append((step, GuideOutput.updated(expected: step.expected, actual: result.lines)))
                    if !Self.overwrite {
                        let difference = GuideOutput.difference(expected: step.expected, actual: result.lines)
                        Issue.record(Comment(rawValue: "\(place) printed something else:\n" + difference))
                    }
                }
            }
        }
        if Self.overwrite && !replacements.isEmpty { try Self.write(replacements, into: file) }
    }

    /// Replaces each step's shown output with its new lines, from the end of the file so line numbers hold.
    static func write(_ replacements: [(step: GuideExample.Step, lines: [String])], into file: String) throws {
        let url = BinaryRun.packageRoot.appendingPathComponent(file)
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        for (step, new) in replacements.sorted(by: { $0.step.line > $1.step.line }) {
            let start = step.line // the line after the command (0-based index of the output's first line)
            lines.replaceSubrange(start..<(start + step.expected.count), with: new)
        }
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
    }

    // MARK: The comparison itself

    @Test func blocksAreFoundByTheirMarkerOnly() {
        let markdown = """
            text
            ```sh
            $ breathe-voice --not-run
            ```
            ```console
            $ breathe-voice patterns lst
            breathe-voice: Unknown command 'lst'. Did you mean 'list'?
            $ echo $?
            64
            ```
            """
        let examples = GuideExample.parse(markdown, file: "x.md")
        #expect(examples.count == 1)
        #expect(examples.first?.line == 5)
        #expect(examples.first?.steps.map(\.command) == ["breathe-voice patterns lst", "echo $?"])
        #expect(examples.first?.steps.map(\.line) == [6, 8])
        #expect(examples.first?.steps.last?.expected == ["64"])
    }

    @Test func wildcardsMatchWhatTheyStandFor() {
        #expect(GuideOutput.lineMatches("2026-[..]: Box breathing", "2026-05-04 14:00: Box breathing"))
        #expect(GuideOutput.lineMatches("[..]", ""))
        #expect(GuideOutput.lineMatches("a[..]b[..]c", "a-b-b-c"))
        #expect(!GuideOutput.lineMatches("a[..]b", "a-c"))
        #expect(!GuideOutput.lineMatches("ab[..]ba", "aba"), "the two ends do not overlap")
        #expect(GuideOutput.matches(["first", "...", "last"], ["first", "x", "y", "last"]))
        #expect(GuideOutput.matches(["first", "...", "last"], ["first", "last"]))
        #expect(!GuideOutput.matches(["first", "...", "last"], ["first", "x"]))
        #expect(!GuideOutput.matches(["a"], ["a", "b"]), "a line more is a difference")
        #expect(!GuideOutput.matches(["a", "b"], ["a"]), "a line less is a difference")
        #expect(GuideOutput.matches([], []))
    }

    @Test func overwritingKeepsTheLinesThatStillMatch() {
        let expected = ["Session [..]", "old line"]
        #expect(
            GuideOutput.updated(expected: expected, actual: ["Session at 10:00", "new line"]) == [
                "Session [..]", "new line",
            ])
        #expect(GuideOutput.updated(expected: expected, actual: ["Session at 10:00", "old line"]) == expected)
        #expect(GuideOutput.updated(expected: ["...", "x"], actual: ["a", "y"]) == ["a", "y"])
    }

    /// The proof that the guide's examples are held to the program: an example of the guide, its shown output changed
    /// by one word, no longer matches what the binary prints, while the guide's own text does.
    @Test func aChangedExampleFails() throws {
        let examples = try GuideExample.examples(in: "docs/user-guide.md")
        let example = try #require(examples.first { $0.steps.first?.expected.isEmpty == false })
        let result = try #require(try GuideExampleRun.run(example).results.first)
        let step = try #require(example.steps.first)
        #expect(GuideOutput.matches(step.expected, result.lines))
        var changed = step.expected
        changed[0] = changed[0].replacingOccurrences(of: "e", with: "a")
        #expect(changed != step.expected)
        #expect(!GuideOutput.matches(changed, result.lines))
    }

    /// A command that fails must be followed by `echo $?`: the shell passes the status on to it.
    @Test func theStatusReachesEchoAndSeparatorsSplitTheOutput() throws {
        let example = GuideExample(
            file: "x.md", line: 1,
            steps: [
                .init(command: "breathe-voice histroy", expected: [], line: 2),
                .init(command: "echo $?", expected: [], line: 3),
                .init(command: "printf 'no newline'", expected: [], line: 4),
                .init(command: "printf 'blank after\\n\\n'", expected: [], line: 5),
            ])
        let results = try GuideExampleRun.run(example).results
        #expect(results.map(\.status) == [64, 0, 0, 0])
        #expect(results[0].lines == ["breathe-voice: Unknown command 'histroy'. Did you mean 'history'?"])
        #expect(results[1].lines == ["64"])
        #expect(results[2].lines == ["no newline"])
        #expect(results[3].lines == ["blank after", ""])
    }
}

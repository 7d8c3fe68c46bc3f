import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// A display that shows nothing: the lines are asked of the presenter directly.
private final class SilentDisplay: BrailleDisplay {
    let width: Int
    init(width: Int) { self.width = width }
    func show(_ text: String) {}
    var keyDescriptor: Int32 { -1 }
    func takeKey() -> UInt64? { nil }
    func release() {}
}

/// Issue 51: nothing that matters is cut, at every width from 12 cells up, in every language. Every line keeps the
/// phase and its seconds (in a pause too, and told apart from the phase running), the end keeps its cycles, and no
/// word is ever cut in the middle. The longest phases (60 s, two digits) and 99 cycles are the widest numbers.
@Suite struct BrailleWidthTests {
    static let widths = Array(12...80)

    private static func plan() throws -> SessionPlan {
        try SessionPlan.make(
            pattern: BreathingPattern(phases: [
                Phase(.inhale, seconds: 60), Phase(.inhale, seconds: 10), Phase(.hold, seconds: 60),
                Phase(.exhale, seconds: 60), Phase(.rest, seconds: 60),
            ]),
            length: .cycles(99), sampleRate: 100, leadInTenths: 100
        ).get()
    }

    /// The words of a line: its progress cells and padding taken off.
    private static func words(_ line: String) -> String {
        var text = line.filter { $0 != BrailleLine.filledCell && $0 != BrailleLine.trackCell }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// A number as a line writes it: "60", "98/99", "1:00".
    private static func isNumber(_ token: Substring) -> Bool {
        token.first?.isNumber == true && token.allSatisfy { $0.isNumber || $0 == "/" || $0 == ":" }
    }

    private static func tokens(_ text: String) -> [Substring] { text.split(separator: " ") }

    /// True when `name` (one or more words) stands in `text` as whole words, followed by the whole number `seconds`.
    private static func says(_ text: String, name: String, seconds: Int) -> Bool {
        (" " + text + " ").contains(" " + name + " \(seconds) ")
    }

    /// Every word the language's braille lines may hold for `plan`, whole: a line's words must all be among them.
    private static func wholeWords(_ localizer: Localizer, plan: SessionPlan) -> Set<Substring> {
        var texts: [String] = []
        for key in MessageKey.allCases where key.localeKey.hasPrefix("braille.") || key.localeKey.hasPrefix("phase.") {
            texts.append(localizer.string(Message(key)))
        }
        texts.append(localizer.string(Message(.speechLeadIn)))
        texts.append(localizer.string(.cycles(99)))
        return Set(texts.flatMap { tokens($0.replacingPlaceholders()) })
    }

    @Test(arguments: LocaleCatalog.codes)
    func keepsThePhaseAndItsSecondsAtEveryWidth(code: String) throws {
        let plan = try Self.plan()
        let localizer = Localizer(language: code)
        let allowed = Self.wholeWords(localizer, plan: plan)
        let kinds: [(full: MessageKey, short: MessageKey, tiny: MessageKey)] = [
            (.phaseInhale, .brailleInhale, .brailleTinyInhale), (.phaseInhaleAgain, .brailleInhale, .brailleTinyInhale),
            (.phaseHold, .brailleHold, .brailleTinyHold), (.phaseExhale, .brailleExhale, .brailleTinyExhale),
            (.phaseRest, .brailleRest, .brailleTinyRest),
        ]
        for width in Self.widths {
            let presenter = BraillePresenter(plan: plan, localizer: localizer, display: SilentDisplay(width: width))
            var cases: [(state: SessionState, names: [MessageKey], seconds: Int)] = [
                (.preparing, [.speechLeadIn, .brailleLeadIn, .brailleTinyLeadIn], 10)
            ]
            for (index, kind) in kinds.enumerated() {
                cases.append(
                    (.active(cycle: 1, index: index), [kind.full, kind.short, kind.tiny], index == 1 ? 10 : 60))
            }
            for (state, names, seconds) in cases {
                let segment: Segment =
                    if case .active(let cycle, let index) = state { .phase(cycle: cycle, index: index) } else {
                        .leadIn
                    }
                let running = presenter.line(state: state, position: plan.start(of: segment))
                let paused = presenter.line(
                    state: .paused(PausedSession(resume: segment, elapsed: 0, reason: .user)),
                    position: plan.start(of: segment))
                let spelled = names.map { localizer.string(Message($0)) }
                for line in [running, paused] {
                    let words = Self.words(line)
                    #expect(line.count == width, "\(code) at \(width): “\(line)”")
                    #expect(
                        spelled.contains { Self.says(words, name: $0, seconds: seconds) },
                        "\(code) at \(width): “\(line)” lacks the phase (\(spelled)) and its \(seconds) seconds")
                    #expect(
                        Self.tokens(words).allSatisfy { allowed.contains($0) || Self.isNumber($0) },
                        "\(code) at \(width): “\(line)” cuts a word")
                }
                #expect(
                    Self.tokens(Self.words(paused)).contains { !Self.tokens(Self.words(running)).contains($0) },
                    "\(code) at \(width): paused “\(paused)” reads like running “\(running)”")
            }
            let end = plan.breathingEnd
            let completed = presenter.line(
                state: .completed(
                    SessionSummary(status: .completed, cyclesCompleted: 99, cyclesPlanned: 99, position: end)),
                position: end)
            let stopped = presenter.line(
                state: .completed(
                    SessionSummary(status: .stopped, cyclesCompleted: 98, cyclesPlanned: 99, position: 0)),
                position: 0)
            #expect(
                Self.tokens(Self.words(completed)).contains { $0.contains("99") }, "\(code) at \(width): “\(completed)”"
            )
            #expect(
                Self.tokens(Self.words(stopped)).contains { $0.contains("98") } && stopped.contains("99"),
                "\(code) at \(width): “\(stopped)”")
            #expect(Self.words(stopped) != Self.words(completed))
        }
    }

    /// The time left, asked with the display's key, keeps the session's clock at every width.
    @Test(arguments: LocaleCatalog.codes)
    func theTimeLeftKeepsItsClockAtEveryWidth(code: String) throws {
        let plan = try Self.plan()
        for width in Self.widths {
            let display = SilentDisplay(width: width)
            var presenter = BraillePresenter(plan: plan, localizer: Localizer(language: code), display: display)
            let state = SessionState.active(cycle: 99, index: 4)
            let position = plan.start(of: .phase(cycle: 99, index: 4))
            presenter.present(.enterSegment(.phase(cycle: 99, index: 4)), state: state, position: position)
            presenter.endTransition(state: state, position: position)
            let answer = Message(
                .lineTimeLeft,
                ["phase": .message(.phaseName(.rest)), "phaseLeft": .text("60"), "sessionLeft": .text("1:00")])
            presenter.present(.announce(Announcement(line: answer)), state: state, position: position)
            presenter.endTransition(state: state, position: position)
            #expect(
                Self.tokens(presenter.shown ?? "").contains { $0.hasPrefix("1:00") },
                "\(code) at \(width): “\(presenter.shown ?? "")”")
        }
    }
}

extension String {
    /// The text with each `{placeholder}` taken out.
    fileprivate func replacingPlaceholders() -> String {
        var result = ""
        var inside = false
        for character in self {
            if character == "{" {
                inside = true
            } else if character == "}" {
                inside = false
            } else if !inside {
                result.append(character)
            }
        }
        return result
    }
}

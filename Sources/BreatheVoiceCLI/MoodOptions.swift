import ArgumentParser
import BreatheCore
import BreatheVoiceKit

/// `--mood-before` and `--mood-after`, 1 (very stressed) to 5 (very calm).
struct MoodOptions: ParsableArguments {
    @Option(name: .customLong("mood-before"), help: ArgumentHelp("How you feel before: 1 very stressed … 5 very calm.", valueName: "1-5"))
    var beforeText: String?

    @Option(name: .customLong("mood-after"), help: ArgumentHelp(
        "How you feel after: 1 to 5. Without it, an interactive session asks at the end (Enter skips).", valueName: "1-5"
    ))
    var afterText: String?

    static let field = NumberField(name: .fieldCycles, places: 0, range: SessionRecord.moodRange, rangeKey: .rangeCount)

    var before: Int? { beforeText.flatMap { try? Self.field.parse($0).get() } }
    var after: Int? { afterText.flatMap { try? Self.field.parse($0).get() } }

    /// True when the session will end with the mood question: no --mood-after, a terminal on both ends, and a display
    /// that talks to the user (not quiet, not the JSON stream alone).
    func willPrompt(display: DisplayMode) -> Bool { afterText == nil && display != .quiet && MoodPrompt.isPossible }

    func validate(localizer: Localizer) throws {
        for (flag, text) in [("--mood-before", beforeText), ("--mood-after", afterText)] {
            guard let text, case .failure = Self.field.parse(text) else { continue }
            throw ValidationError(localizer.string(Message(.errorPrefValue, [
                "name": .message(Message(.prefNameFlag, ["flag": .text(flag)])), "value": .userValue(text),
                "allowed": .message(Message(.rangeMood)),
            ])))
        }
    }
}

/// The parts of `start` around the session itself: the plan from the request and the preferences, and the history
/// and badges afterwards.
enum SessionSetup {
    /// The plan from the request, the saved patterns and the defaults: the session defaults for `start`, the
    /// `remind` ones for a reminder.
    static func plan(_ request: SessionRequest, _ loaded: LoadedPreferences, reminder: Bool = false) throws -> SessionPlan {
        let preferences = loaded.preferences
        do throws(InputError) {
            let resolved = try request.resolve(
                saved: preferences.customPatterns,
                defaultPattern: reminder ? preferences.remindPattern : preferences.defaultPattern,
                defaultLength: reminder ? preferences.remindLength : preferences.defaultLength
            ).get()
            return try SessionPlan.make(
                pattern: resolved.pattern, ramps: resolved.ramps, length: resolved.length,
                sampleRate: AudioFormat.sampleRate, leadInTenths: preferences.leadIn ? 30 : 0
            ).get()
        } catch {
            throw CommandFailure(.usage(error.message), localizer: loaded.localizer)
        }
    }

    /// Checks before a session that its record can be written. When it cannot, an interactive session goes on with one
    /// warning (and records nothing); any other run (cron, a script, `remind`) stops with one line and exit 73, before
    /// anything plays.
    static func checkHistory(_ recorder: HistoryRecorder, interactive: Bool, localizer: Localizer) throws {
        do throws(BreatheError) {
            try recorder.store.checkWritable()
        } catch {
            guard interactive else {
                throw CommandFailure(.cannotCreate(Message(.errorHistoryUnwritable, ["problem": .message(error.message)])), localizer: localizer)
            }
            var standardError = FileDescriptorSink.standardError
            standardError.say(Message(.warningHistoryUnwritable, ["problem": .message(error.message)]), localizer)
            recorder.records = false
        }
    }

    /// Asks for the mood when due, appends the record, and prints each badge the session earned.
    static func finish(
        _ recorder: HistoryRecorder, outcome: SessionOutcome, display: DisplayMode, localizer: Localizer, textDescriptor: Int32 = 1
    ) throws {
        // Sentences go where the session's lines went: standard error when standard output carries a WAV.
        var output = FileDescriptorSink(fileDescriptor: textDescriptor)
        if recorder.pending != nil {
            // A signal asked to leave now: record without asking. Nor is there a mood to ask about before one whole
            // cycle was breathed.
            let asks = outcome.signal == nil && outcome.summary.cyclesCompleted >= 1
            let answer = asks ? MoodPrompt.ask(localizer: localizer, output: &output) : nil
            recorder.commit(moodAfter: answer)
        }
        var standardError = FileDescriptorSink.standardError
        for line in recorder.skippedLines { standardError.say(recorder.store.skippedLine(line), localizer) }
        if let failure = recorder.failure { throw CommandFailure(failure, localizer: localizer) }
        // Quiet means errors only, and keeps standard output clean for a JSON event stream.
        guard display != .quiet else { return }
        for badge in recorder.newBadges { output.say(badge.announcement, localizer) }
    }
}

import BreatheCore
import BreatheSystem

/// The parts of a session command around the session itself: the plan from the request and the preferences, and the
/// history and badges afterwards.
package enum SessionSetup {
    /// The plan from the request, the saved patterns and the defaults: the session defaults for `start`, the
    /// `remind` ones for a reminder. A request that cannot be planned is a usage error (exit 64).
    package static func plan(
        _ request: SessionRequest, _ preferences: Preferences, reminder: Bool = false
    ) throws(BreatheError) -> SessionPlan {
        do throws(InputError) {
            let resolved = try request.resolve(
                saved: preferences.customPatterns,
                defaultPattern: reminder ? preferences.remindPattern : preferences.defaultPattern,
                defaultLength: reminder ? preferences.remindLength : preferences.defaultLength
            ).get()
            return try SessionPlan.make(
                pattern: resolved.pattern, ramps: resolved.ramps, length: resolved.length,
                sampleRate: AudioFormat.sampleRate, leadInTenths: preferences.flag(.leadIn) ? 30 : 0
            ).get()
        } catch {
            throw .usage(error.message)
        }
    }

    /// Checks before a session that its record can be written. When it cannot, an interactive session goes on with one
    /// warning (and records nothing); any other run (cron, a script, `remind`) stops with one line and exit 73, before
    /// anything plays.
    static func checkHistory(
        _ recorder: HistoryRecorder, interactive: Bool, localizer: Localizer
    ) throws(BreatheError) {
        do throws(BreatheError) {
            try recorder.store.checkWritable()
        } catch {
            guard interactive else {
                throw .cannotCreate(Message(.errorHistoryUnwritable, ["problem": .message(error.message)]))
            }
            var standardError = FileDescriptorSink.standardError
            standardError.say(Message(.warningHistoryUnwritable, ["problem": .message(error.message)]), localizer)
            recorder.records = false
        }
    }

    /// Asks for the mood when due (the session is already recorded: the answer amends its record), and prints each
    /// badge the session earned. Returns how the question ended, or nil when none was asked.
    @discardableResult
    static func finish(
        _ recorder: HistoryRecorder, outcome: SessionOutcome, display: DisplayMode, localizer: Localizer,
        textDescriptor: Int32 = 1
    ) throws(BreatheError) -> MoodPrompt.Answer? {
        // Sentences go where the session's lines went: standard error when standard output carries a WAV.
        var output = FileDescriptorSink(fileDescriptor: textDescriptor)
        var answer: MoodPrompt.Answer?
        if recorder.waitsForMood, recorder.appended != nil, asksMood(after: outcome) {
            answer = MoodPrompt.ask(localizer: localizer, output: &output)
            if case .mood(let level)? = answer { recorder.amend(moodAfter: level) }
        }
        // A signal at the question asks to leave now: the session is recorded, nothing more is read or said.
        if case .signal? = answer {
            if let failure = recorder.failure { throw failure }
            return answer
        }
        recorder.countBadges()
        var standardError = FileDescriptorSink.standardError
        for line in recorder.skippedLines { standardError.say(recorder.store.skippedLine(line), localizer) }
        if let failure = recorder.failure { throw failure }
        // Quiet means errors only, and keeps standard output clean for a JSON event stream.
        guard display != .quiet else { return answer }
        for badge in recorder.newBadges { output.say(badge.announcement, localizer) }
        return answer
    }

    /// True when the mood may be asked for: no signal asked to leave, and at least one whole cycle was breathed.
    static func asksMood(after outcome: SessionOutcome) -> Bool {
        outcome.signal == nil && outcome.summary.cyclesCompleted >= 1
    }
}

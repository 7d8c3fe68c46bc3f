import BreatheCore
import BreatheSystem

/// The only way into a breathing session, for `start` and `remind` (and the demo, which runs `start`): the commands map
/// their options to a `StartRequest` or a `ReminderRequest`, and `start(_:)` or `remind(_:)` does the rest (the plan,
/// the screen reader, the display, the reminder's admission, the early connection) and builds the `Request` that `run`
/// takes from a planned request to an exit status: the history record and its check, the session lock, the session's
/// assembly (`SessionAssembly`, with sound `AudioSession`), the mood question and the badges afterwards, and the signal
/// that ended the session. The commands map what they return (or throw) to the process's exit.
package struct SessionFrontend {
    package let request: Request
    let localizer: Localizer
    /// Where the session is recorded.
    var store: HistoryStore
    /// Where `start` takes the session lock.
    var lockDirectory: String

    package init(
        request: Request, localizer: Localizer, store: HistoryStore = HistoryStore(),
        lockDirectory: String = SessionLock.directory(environment: ProcessEnvironment.current)
    ) {
        self.request = request
        self.localizer = localizer
        self.store = store
        self.lockDirectory = lockDirectory
    }

    /// Runs the session and returns the exit status its ending asks for (`ExitStatus.success` unless a signal ended
    /// it). Throws what the user must be told in one line.
    package func run() throws(BreatheError) -> Int32 {
        let settings = request.settings
        let recorder = HistoryRecorder(
            store: store, plan: settings.plan, language: localizer.language, source: request.source,
            moodBefore: request.moodBefore, moodAfter: request.moodAfter, waitsForMood: request.waitsForMood
        )
        if case .reminder = request.kind { recorder.declinable = true }
        // A rendered file is not a breathing session: it is not recorded and earns no badge.
        let renders = settings.renders
        if renders {
            recorder.records = false
        } else {
            try SessionSetup.checkHistory(recorder, interactive: settings.interactive, localizer: localizer)
        }
        let assembly = SessionAssembly(
            settings: settings, localizer: localizer, extraPresenters: renders ? [] : [recorder])
        let lock = try takeLock()
        defer { withExtendedLifetime(lock) {} }
        let outcome: SessionOutcome
        var audioSession: AudioSession?
        do throws(BreatheError) {
            if var session = AudioSession(assembly: assembly) {
                session.earlyConnection = request.earlyConnection
                audioSession = session
                outcome = try session.run()
            } else {
                outcome = try assembly.runText()
            }
        } catch {
            // The sound server went away mid-session (non-interactive: exit 69), or anything else failed: what was
            // breathed is still recorded, as interrupted (a session that reached its end was recorded then).
            recorder.recordCutShort()
            // A voice that does not work names where it came from and the fix.
            let explained = settings.audio.map {
                VoicePreference.explain(
                    error, origin: $0.voiceOrigin, language: localizer.language, file: PreferencesStore().path)
            }
            let failure = request.kind.failure(explained ?? error)
            // A reminder that could not play, and breathed nothing, leaves a trace (best effort: the failure is what
            // the user is told).
            if case .reminder = request.kind { try? recorder.appendFailed(ReminderFailure.reason(for: failure)) }
            throw failure
        }
        if !renders { sayKeysTip(after: outcome) }
        var ending = outcome
        let answer = try SessionSetup.finish(
            recorder, outcome: outcome, display: settings.output.display, localizer: localizer,
            textDescriptor: settings.textDescriptor
        )
        // A whole render says where its file went, as the session's last line (never with --display quiet, so that
        // standard output stays a JSON event stream): the file is renamed into place only when the session completed.
        if let path = settings.audio?.output, path != "-", outcome.summary.status == .completed,
            settings.output.display != .quiet
        {
            var output = FileDescriptorSink(fileDescriptor: settings.textDescriptor)
            output.say(Message(.renderSaved, ["path": .text(WavSink.absolute(path))]), localizer)
        }
        if case .signal(let signal)? = answer { ending.signal = signal }
        // Printed above, and spoken too when the session was heard through the sound server (not after `q` or a
        // signal at the mood question: the user is leaving).
        if request.speaksBadges, answer != .stopped {
            audioSession?.badges.speak(recorder.newBadges.map(\.announcement), after: ending)
        }
        return Self.exitStatus(after: ending)
    }

    /// The lock held for the whole session, so that a reminder from cron skips rather than talks over it. `start` takes
    /// it here: a second session is refused with exit 75 (a temporary failure: try again when the first ends) unless
    /// `--force` asks for it anyway, and a lock that cannot be taken at all (no folder for it) does not stop a session.
    /// A reminder was given its lock by `admitReminder`.
    private func takeLock() throws(BreatheError) -> AnyObject? {
        switch request.kind {
        case .reminder(let held):
            return held
        case .start(let force):
            // A runtime folder that is not private is refused like the state folder; one that cannot be made does not
            // stop a session.
            if let problem = SecureDirectory.trustProblem(lockDirectory) { throw .cannotCreate(problem) }
            let attempt = try? SessionLock.acquire(in: lockDirectory)
            switch attempt {
            case .acquired(let lock)?: return lock
            case .busy?: if force { return nil } else { throw .busy(Message(.errorSessionBusy)) }
            case nil: return nil
            }
        }
    }

    /// After the first session in screen-reader mode, how to hear the keys (its opening is kept short), unless a signal
    /// asked to leave; marked told once printed.
    private func sayKeysTip(after outcome: SessionOutcome) {
        let output = request.settings.output
        guard let subject = output.keysTipSubject, outcome.signal == nil, output.display != .quiet,
            output.events != .standardOutput
        else { return }
        var sink = FileDescriptorSink(fileDescriptor: request.settings.textDescriptor)
        sink.write(PlainText.line(localizer.string(Message(.lineKeysTip))))
        output.told?.markTold([subject])
    }

    /// The exit status for how a session ended: 130 after SIGINT, 143 after SIGTERM, 128 + N after SIGQUIT, SIGUSR1 or
    /// SIGUSR2, else success (a hang-up ends the session as the user asked).
    static func exitStatus(after outcome: SessionOutcome) -> Int32 {
        switch outcome.signal {
        case .interrupt?: ExitStatus.interrupted
        case .terminate?: ExitStatus.terminated
        case .stop(let number)?: SignalSource.exitCode(for: number)
        case .hangup?, .suspend?, .resumeFromSuspend?, .resize?, nil: ExitStatus.success
        }
    }

    /// Whether a reminder runs now: nil (after saying why on standard error when `verbose`) in quiet hours or while
    /// another session holds the lock; otherwise the lock, held for the session.
    ///
    /// With a `deferral`, a call or a recording in progress makes it wait first, without the lock (so `start` is not
    /// refused meanwhile), then decide again (quiet hours may have begun, or a session started). A call that outlasts
    /// the wait skips the reminder: one line on standard error, and the `skipped` record `recorder` appends. A signal
    /// during the wait gives nil; the signal then decides the exit.
    static func admitReminder(
        quietHours: QuietHours?, verbose: Bool, localizer: Localizer,
        lockDirectory: String = SessionLock.directory(environment: ProcessEnvironment.current),
        deferral: ReminderDeferral? = nil, recorder: HistoryRecorder? = nil, clock: WallClock = .live
    ) throws(BreatheError) -> SessionLock? {
        var standardError = FileDescriptorSink.standardError
        let gate = ReminderGate(quietHours: quietHours, clock: clock, lockDirectory: lockDirectory)
        func decide() throws(BreatheError) -> SessionLock? {
            switch try gate.decide() {
            case .run(let held): return held
            case .skip(let reason):
                if verbose { standardError.write(PlainText.line(localizer.string(reason))) }
                return nil
            }
        }
        guard let lock = try decide() else { return nil }
        guard let deferral else { return lock }
        let started = clock.now()
        var waited = false
        let outcome = deferral.run { activity in
            // Not holding the lock while waiting: a session started meanwhile is not refused.
            lock.release()
            waited = true
            if verbose {
                standardError.write(
                    PlainText.line(
                        localizer.string(
                            Message(
                                .remindWaiting,
                                ["activity": .message(activity.message), "duration": .message(deferral.wait.message)]))
                    ))
            }
        }
        switch outcome {
        case .clear: return waited ? try decide() : lock
        case .stopped: return nil
        case .skipped(let activity):
            standardError.write(
                PlainText.line(
                    localizer.string(
                        Message(
                            .remindSkipped,
                            ["activity": .message(activity.message), "duration": .message(deferral.wait.message)]))))
            try recorder?.appendSkipped(activity, started: started)
            return nil
        }
    }
}

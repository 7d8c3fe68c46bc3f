import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// What `start` and `remind` decide around the session itself: the request each builds, the exit status a signal
/// gives, the reminder's advice for a missing sound server, and the refusals that come before anything plays.
@Suite struct SessionFrontendTests {
    static let plan = try! SessionPlan.make(
        pattern: BreathingPattern(phases: [Phase(.inhale, tenths: 40), Phase(.exhale, tenths: 40)]),
        length: .cycles(2), sampleRate: 22_050
    ).get()

    static func outcome(_ signal: SignalInput?) -> SessionOutcome {
        SessionOutcome(
            summary: SessionSummary(status: .completed, cyclesCompleted: 2, cyclesPlanned: 2, position: 0),
            signal: signal, ignoredEvents: 0
        )
    }

    static func start(force: Bool = false, interactive: Bool = false) -> SessionFrontend.Request {
        .start(
            plan: plan, output: OutputOptions(display: .plain), audio: nil, screenReader: nil, interactive: interactive,
            force: force, moodBefore: 2, moodAfter: nil, waitsForMood: false, counting: true
        )
    }

    @Test func interruptAndTerminateGiveTheShellsCodes() {
        #expect(SessionFrontend.exitStatus(after: Self.outcome(.interrupt)) == 130)
        #expect(SessionFrontend.exitStatus(after: Self.outcome(.terminate)) == 143)
        // SIGQUIT, SIGUSR1 and SIGUSR2 stop a session as SIGTERM does, with the shell's 128 + N.
        #expect(SessionFrontend.exitStatus(after: Self.outcome(.stop(SIGQUIT))) == 131)
        #expect(SessionFrontend.exitStatus(after: Self.outcome(.stop(SIGUSR1))) == 138)
        #expect(SessionFrontend.exitStatus(after: Self.outcome(.stop(SIGUSR2))) == 140)
    }

    @Test(arguments: [nil, .hangup, .suspend, .resumeFromSuspend, .resize] as [SignalInput?])
    func anyOtherEndingIsSuccess(signal: SignalInput?) {
        #expect(SessionFrontend.exitStatus(after: Self.outcome(signal)) == ExitStatus.success)
    }

    @Test func aReminderGivesCronsAdviceForAMissingSoundServer() throws {
        let lock = try Self.freeLock()
        let missing = BreatheError.unavailable(Message(.errorAudioUnavailable, ["reason": .text("no server")]))
        let reminder = SessionFrontend.Request.Kind.reminder(lock)
        guard case .unavailable(let message) = reminder.failure(missing) else {
            Issue.record("not unavailable")
            return
        }
        #expect(message == Message(.errorRemindAudioUnavailable, ["reason": .text("no server")]))
        #expect(SessionFrontend.Request.Kind.start(force: false).failure(missing).message == missing.message)
        let other = BreatheError.unavailable(Message(.errorSessionBusy))
        #expect(reminder.failure(other).message == other.message)
        #expect(reminder.failure(.usage(Message(.errorAudioUnavailable))).exitCode == ExitStatus.usage)
    }

    @Test func aReminderIsCronsNeverVisualAndReadsNoKeys() throws {
        let lock = try Self.freeLock()
        let request = SessionFrontend.Request.reminder(
            plan: Self.plan, output: OutputOptions(display: .visual), audio: AudioChoices(),
            screenReader: ScreenReaderMode(way: .speak, readsTheTerminal: false), allowsSilence: true, lock: lock
        )
        let settings = request.settings
        #expect(settings.output.display == .plain)
        #expect(request.source == .cron)
        #expect(!settings.interactive && !settings.readsKeys && !request.waitsForMood && !request.speaksBadges)
        #expect(request.moodBefore == nil && request.moodAfter == nil)
        #expect(settings.allowsSilence)
        #expect(settings.opening?.line == Message(.remindOpening))
        #expect(settings.textDescriptor == 1)
        // Its screen reader runs elsewhere: the reminder's lines are not shaped for it, its speech queues behind it.
        #expect(settings.screenReader?.way == .speak && settings.readerOfTheTerminal == nil)
        #expect(!settings.machine(announcesKeys: false).terse && !settings.machine(announcesKeys: false).briefOpening)
        let quiet = SessionFrontend.Request.reminder(
            plan: Self.plan, output: OutputOptions(display: .quiet), audio: AudioChoices(), screenReader: nil,
            allowsSilence: false, lock: lock
        )
        #expect(quiet.settings.output.display == .quiet && !quiet.settings.allowsSilence)
    }

    @Test func startKeepsWhatItWasGiven() {
        let request = Self.start(interactive: true)
        let settings = request.settings
        #expect(request.source == .interactive)
        #expect(settings.interactive && settings.readsKeys && request.speaksBadges && settings.counting)
        // Interactive, text only: a missing sound server could not matter, and silence is allowed by default.
        #expect(settings.allowsSilence)
        #expect(settings.opening == nil)
        #expect(request.moodBefore == 2)
        #expect(settings.textDescriptor == 1)
        #expect(settings.audio == nil && !settings.needsSoundServer && !settings.renders)
    }

    /// Where text goes is decided once, by the settings: standard error only when standard output carries a WAV.
    @Test func textGoesToStandardErrorOnlyWhenStandardOutputCarriesTheWav() {
        var settings = Self.start().settings
        settings.audio = AudioChoices(output: "-")
        #expect(settings.textDescriptor == 2 && settings.renders && !settings.needsSoundServer)
        settings.audio = AudioChoices(output: "session.wav")
        #expect(settings.textDescriptor == 1 && settings.renders)
        settings.audio = AudioChoices()
        #expect(settings.textDescriptor == 1 && !settings.renders && settings.needsSoundServer)
    }

    /// An interactive run may fall back to text unless `--require-audio`; one that is not may not, unless a reminder's
    /// `--allow-silent` says so.
    @Test func silenceIsAllowedInAnInteractiveRunUnlessAudioIsRequired() {
        let plan = Self.plan
        #expect(SessionSettings(plan: plan, audio: AudioChoices(), interactive: true).allowsSilence)
        #expect(!SessionSettings(plan: plan, audio: AudioChoices(requireAudio: true), interactive: true).allowsSilence)
        #expect(!SessionSettings(plan: plan, audio: AudioChoices(), interactive: false).allowsSilence)
        #expect(
            SessionSettings(plan: plan, audio: AudioChoices(), interactive: false, allowsSilence: true).allowsSilence)
    }

    @Test func aSecondSessionIsRefusedBeforeAnythingPlays() throws {
        let scratch = try Scratch().path
        guard case .acquired(let held) = try SessionLock.acquire(in: scratch + "/lock") else {
            Issue.record("the first lock was not taken")
            return
        }
        let store = HistoryStore(path: scratch + "/history.jsonl")
        let frontend = SessionFrontend(
            request: Self.start(), localizer: Localizer(language: "en"), store: store, lockDirectory: scratch + "/lock"
        )
        do {
            _ = try frontend.run()
            Issue.record("the session ran")
        } catch {
            #expect(error.exitCode == ExitStatus.busy)
            #expect(error.message == Message(.errorSessionBusy))
        }
        withExtendedLifetime(held) {}
        var count = 0
        try store.forEach { _ in
            count += 1
            return true
        }
        #expect(count == 0)
    }

    /// Issue 41: the notice is marked told once it was printed, not before: a start refused because another session
    /// holds the lock (exit 75) has told nothing, and the next one says it and marks it.
    @Test func aNoticeIsMarkedToldOnlyOnceShown() throws {
        let scratch = try Scratch().path
        let told = ToldOnce(stateDirectory: scratch + "/state")
        var output = OutputOptions(display: .plain)
        let mode = ScreenReaderMode(
            way: .read, notice: Message(.lineScreenReaderFound, ["reader": .text("Fenrir")]))
        output.told = told
        output.noticeSubject = "screen-reader.Fenrir"
        let short = try SessionPlan.make(
            pattern: BreathingPattern(phases: [Phase(.inhale, tenths: 1), Phase(.exhale, tenths: 1)]),
            length: .cycles(1), sampleRate: 22_050, leadInTenths: 0
        ).get()
        let request = SessionFrontend.Request.start(
            plan: short, output: output, audio: nil, screenReader: mode, interactive: false, force: false,
            moodBefore: nil, moodAfter: nil, waitsForMood: false, counting: false)
        let store = HistoryStore(path: scratch + "/history.jsonl")
        let frontend = SessionFrontend(
            request: request, localizer: Localizer(language: "en"), store: store, lockDirectory: scratch + "/lock")
        guard case .acquired(let held) = try SessionLock.acquire(in: scratch + "/lock") else {
            Issue.record("the first lock was not taken")
            return
        }
        #expect(throws: BreatheError.self) { _ = try frontend.run() }
        #expect(told.isNews("screen-reader.Fenrir"), "marked told by a refused start")
        held.release()
        #expect(try frontend.run() == ExitStatus.success)
        #expect(!told.isNews("screen-reader.Fenrir"), "not marked told once shown")
    }

    @Test func anUnwritableHistoryStopsARunThatIsNotInteractive() throws {
        let scratch = try Scratch().path
        // A regular file where the history's folder should be.
        #expect(FileManager.default.createFile(atPath: scratch + "/file", contents: Data()))
        let frontend = SessionFrontend(
            request: Self.start(), localizer: Localizer(language: "en"),
            store: HistoryStore(path: scratch + "/file/history.jsonl"), lockDirectory: scratch + "/lock"
        )
        do {
            _ = try frontend.run()
            Issue.record("the session ran")
        } catch {
            #expect(error.exitCode == ExitStatus.cannotCreate)
            #expect(error.message.key == .errorHistoryUnwritable)
        }
        // Refused before the lock was taken.
        #expect(!FileManager.default.fileExists(atPath: scratch + "/lock"))
    }

    @Test func aReminderIsSkippedWhileAnotherSessionHoldsTheLock() throws {
        let scratch = try Scratch().path
        guard case .acquired(let held) = try SessionLock.acquire(in: scratch) else {
            Issue.record("the first lock was not taken")
            return
        }
        let lock = try SessionFrontend.admitReminder(
            quietHours: nil, verbose: false, localizer: Localizer(language: "en"), lockDirectory: scratch)
        #expect(lock == nil)
        withExtendedLifetime(held) {}
        let free = try SessionFrontend.admitReminder(
            quietHours: nil, verbose: false, localizer: Localizer(language: "en"), lockDirectory: try Scratch().path)
        #expect(free != nil)
    }

    static func freeLock() throws -> SessionLock {
        guard case .acquired(let lock) = try SessionLock.acquire(in: try Scratch().path) else {
            throw BreatheError.busy(Message(.errorSessionBusy))
        }
        return lock
    }
}

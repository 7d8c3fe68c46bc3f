import BreatheCore
import BreatheSystem

extension SessionFrontend {
    /// `remind`, as cron runs it, from what was asked to an exit status: the plan (from the `remind` defaults), the
    /// admission (quiet hours, another session, a call to wait for: `admitReminder`), the display and the screen reader,
    /// then the session. A reminder that cannot be planned or admitted leaves a trace in the history.
    package static func remind(
        _ asked: ReminderRequest, preferences: Preferences, localizer: Localizer
    ) throws(BreatheError) -> Int32 {
        let plan: SessionPlan
        do throws(BreatheError) {
            plan = try SessionSetup.plan(asked.session, preferences, reminder: true)
        } catch {
            // A saved pattern removed since the reminder was scheduled, most often.
            ReminderFailure.recordUnplanned(
                ReminderFailure.reason(for: error), patternName: asked.patternName ?? preferences.remindPattern,
                language: localizer.language)
            throw error
        }
        let quiet = asked.quietHours ?? preferences.quietHours
        // Only a reminder that makes a sound waits for a call to end.
        let wait = asked.deferFor ?? preferences.remindDefer
        let deferral =
            preferences.makesSound ? ReminderDeferral.live(wait: wait, environment: ProcessEnvironment.current) : nil
        let recorder = HistoryRecorder(store: HistoryStore(), plan: plan, language: localizer.language, source: .cron)
        let admitted: SessionLock?
        do throws(BreatheError) {
            admitted = try admitReminder(
                quietHours: quiet, verbose: asked.verbose, localizer: localizer, deferral: deferral, recorder: recorder)
        } catch {
            try? recorder.appendFailed(ReminderFailure.reason(for: error))
            throw error
        }
        guard let lock = admitted else { return ExitStatus.success }
        // Never visual, never keys, never a prompt. A braille display shows it too, as the preferences say: for a
        // deaf-blind user, the only way it reaches them.
        let output = try asked.display.resolve(preferred: asked.preferredDisplay, preferences: preferences)
        // With a screen reader in use (the preference, or one running for this user), the reminder speaks through
        // speech-dispatcher and queues behind what the screen reader is saying instead of talking over it.
        let reader = SessionAssembly.reminderScreenReader(preferences.screenReader)
        let request = Request.reminder(
            plan: plan, output: output, audio: asked.audio.choices(preferences, screenReader: reader?.way),
            screenReader: reader, allowsSilence: asked.allowsSilence, lock: lock)
        return try SessionFrontend(request: request, localizer: localizer).run()
    }

    /// A reminder whose preferences could not be used (exit `code`) leaves a trace too, in the language the error was
    /// told in.
    package static func recordUnloadedReminder(exitCode code: Int32, patternName: String?, flagLanguage: String?) {
        let localizer = PreferencesStore().errorLocalizer(
            flagLanguage: flagLanguage, environment: ProcessEnvironment.current)
        ReminderFailure.recordUnplanned(
            code == ExitStatus.badPreferences ? .preferences : .other, patternName: patternName,
            language: localizer.language)
    }
}

import BreatheCore
import BreatheSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The checks `doctor` runs, each built from what it needs, so that tests can give them other places to look.
package enum DoctorChecks {
    /// Every check, in the order the lines are printed. `voice` is the saved voice a reminder would speak with (nil:
    /// the language's own); `timers`, where the systemd reminders are; `answers`, whether the server that accepted a
    /// connection answers (`ReminderConnection.answers`, shared with the reminder's line).
    package static func standard(
        environment: [String: String], crontab: CrontabProgram, quietHours: QuietHours?, userID: UInt32 = getuid(),
        speechDispatcher: Bool = false, voice: String? = nil, timers: SystemdTimers? = nil,
        answers: @escaping @Sendable ([String: String]) -> Bool = SoundServerSocket.answers(environment:)
    ) -> [DoctorCheck] {
        [speechData(candidates: speechDataFolders(environment: environment)), voicePreference(voice)]
            + (speechDispatcher ? [Self.speechDispatcher()] : [])
            + [
                soundServer(environment: environment, userID: userID, answers: answers),
                scheduledPrograms(crontab: crontab),
                reminderStarter(crontab: crontab, timers: timers),
                quietHoursCheck(quietHours),
            ]
    }

    /// speech-dispatcher answers a connection (checked when it is chosen: `speechVia` is speechd, or screen-reader
    /// mode). `connect` returns nil when it answers, else the address that did not; the live one opens and closes a
    /// connection through libspeechd.
    static func speechDispatcher(
        connect: @escaping @Sendable () -> String? = {
            do {
                _ = try LiveSpeechDispatcher(SpeechDispatcherRequest(language: "en"), clock: MonotonicClock())
                return nil
            } catch {
                return LiveSpeechDispatcher.defaultAddress()
            }
        }
    ) -> DoctorCheck {
        DoctorCheck(name: "speech-dispatcher") {
            guard let address = connect() else { return [.ok(Message(.doctorSpeechdReachable))] }
            return [
                .problem(
                    Message(.doctorSpeechdUnreachable, ["detail": .text(address)]), fix: Message(.doctorSpeechdFix))
            ]
        }
    }

    /// Where eSpeak NG keeps its data: `$ESPEAK_DATA_PATH/espeak-ng-data`, then the Debian and upstream folders.
    static func speechDataFolders(environment: [String: String]) -> [String] {
        var folders: [String] = []
        if let path = environment["ESPEAK_DATA_PATH"], path.hasPrefix("/") { folders.append(path + "/espeak-ng-data") }
        #if arch(x86_64)
        folders.append("/usr/lib/x86_64-linux-gnu/espeak-ng-data")
        #elseif arch(arm64)
        folders.append("/usr/lib/aarch64-linux-gnu/espeak-ng-data")
        #endif
        folders += ["/usr/share/espeak-ng-data", "/usr/local/share/espeak-ng-data"]
        return folders
    }

    /// The data folder exists, and every built-in language's voice has its dictionary and voice file in it.
    static func speechData(candidates: [String]) -> DoctorCheck {
        DoctorCheck(name: "speech-data") {
            let fix = Message(.doctorSpeechDataFix)
            guard let folder = candidates.first(where: FileSystem.isDirectory) else {
                return [
                    .problem(
                        Message(.doctorSpeechDataMissing, ["paths": .text(candidates.joined(separator: ", "))]),
                        fix: fix)
                ]
            }
            var findings: [DoctorFinding] = [.ok(Message(.doctorSpeechDataFound, ["path": .text(folder)]))]
            let voiceFiles = Set(files(under: folder + "/lang", depth: 3).map { $0.lowercased() })
            for code in LocaleCatalog.codes {
                guard let catalog = LocaleCatalog.all[code] else { continue }
                let language = catalog.voice.split(separator: "-").first.map(String.init) ?? catalog.voice
                let arguments: [String: MessageArgument] = [
                    "language": .text(catalog.name), "voice": .text(catalog.voice), "path": .text(folder),
                ]
                if access(folder + "/" + language + "_dict", R_OK) == 0, voiceFiles.contains(catalog.voice.lowercased())
                {
                    findings.append(.ok(Message(.doctorVoiceFound, arguments)))
                } else {
                    findings.append(.problem(Message(.doctorVoiceMissing, arguments), fix: fix))
                }
            }
            return findings
        }
    }

    /// The server answers now, and at the path cron's reminders will use. `answers` says whether the server that
    /// accepted a connection also answers libpulse's handshake in time (a frozen one accepts and never answers).
    static func soundServer(
        environment: [String: String], userID: UInt32,
        answers: @escaping @Sendable ([String: String]) -> Bool = SoundServerSocket.answers(environment:)
    ) -> DoctorCheck {
        DoctorCheck(name: "sound-server") {
            var findings: [DoctorFinding] = []
            switch SoundServerSocket.current(environment: environment, userID: userID) {
            case .remote(let server):
                findings.append(.ok(Message(.doctorAudioNotLocal, ["server": .text(server)])))
            case .socket(let path):
                if let reason = SoundServerSocket.connectionProblem(at: path) {
                    findings.append(
                        .problem(
                            Message(.doctorAudioUnreachable, ["path": .text(path), "reason": .systemText(reason)]),
                            fix: Message(.doctorAudioFix)
                        ))
                } else if !answers(environment) {
                    let seconds = Int(SoundServerPatience.connectMilliseconds / 1000)
                    findings.append(
                        .problem(
                            Message(.doctorAudioSilent, ["path": .text(path), "seconds": .integer(seconds)]),
                            fix: Message(.doctorAudioSilentFix)))
                } else {
                    findings.append(.ok(Message(.doctorAudioReachable, ["path": .text(path)])))
                }
            }
            let cronPath = SoundServerSocket.cronPath(userID: userID)
            if let reason = SoundServerSocket.connectionProblem(at: cronPath) {
                findings.append(
                    .problem(
                        Message(.doctorAudioCronUnreachable, ["path": .text(cronPath), "reason": .systemText(reason)]),
                        fix: Message(
                            .doctorAudioCronFix, ["user": .text(userName(environment: environment, userID: userID))])
                    ))
            } else {
                findings.append(.ok(Message(.doctorAudioCronReachable, ["path": .text(cronPath)])))
            }
            return findings
        }
    }

    /// Every program the breathe-voice crontab lines run exists and can be run.
    static func scheduledPrograms(crontab: CrontabProgram) -> DoctorCheck {
        DoctorCheck(name: "crontab") {
            let document: CrontabDocument
            do throws(BreatheError) {
                switch CrontabDocument.parse(try crontab.read()) {
                case .success(let parsed): document = parsed
                case .failure(let error): throw BreatheError.badData(error.message)
                }
            } catch {
                return [
                    .problem(
                        Message(.doctorCrontabUnreadable, ["reason": .message(error.message)]),
                        fix: Message(.doctorCrontabFix))
                ]
            }
            guard !document.reminders.isEmpty else { return [.ok(Message(.doctorCrontabNone))] }
            var findings: [DoctorFinding] = []
            for reminder in document.reminders {
                for program in Set(reminder.programs).sorted() {
                    let arguments: [String: MessageArgument] = ["id": .integer(reminder.id), "program": .text(program)]
                    if program.hasPrefix("/"), access(program, X_OK) == 0, !FileSystem.isDirectory(program) {
                        findings.append(.ok(Message(.doctorCrontabProgram, arguments)))
                    } else {
                        findings.append(
                            .problem(
                                Message(.doctorCrontabProgramMissing, arguments),
                                fix: Message(.doctorCrontabProgramFix, arguments)))
                    }
                }
            }
            return findings
        }
    }

    /// Quiet hours, when set, cover some of the day and not none of it.
    static func quietHoursCheck(_ quietHours: QuietHours?) -> DoctorCheck {
        DoctorCheck(name: "quiet-hours") {
            guard let quietHours else { return [.ok(Message(.doctorQuietHoursNone))] }
            if let problem = quietHours.problem { return [.problem(problem, fix: Message(.doctorQuietHoursFix))] }
            return [
                .ok(
                    Message(
                        .doctorQuietHoursOk, ["start": .text(quietHours.start.text), "end": .text(quietHours.end.text)])
                )
            ]
        }
    }

    /// What `remind` would do if cron ran it now, step by step as it runs: nothing in quiet hours or while another
    /// session holds the lock; a problem where it would fail (a lock that cannot be taken; with sound, `connect`, the
    /// connection its session opens, `ReminderConnection`); else wait while a call or a recording is in progress (or
    /// play over it when `wait` is 0), or play at once. `activity` asks the sound server
    /// (`ReminderDeferral.activityNow`); `needsServer` is false when speech, tones and the guide are all off;
    /// `allowsSilence`, when every scheduled reminder has `--allow-silent` (no server then only leaves the record).
    package static func reminderNow(
        quietHours: QuietHours?, wait: ReminderDefer, lockDirectory: String, clock: WallClock = .live,
        needsServer: Bool = true, allowsSilence: Bool = false, connect: @escaping @Sendable () -> BreatheError?,
        activity: @escaping @Sendable () throws(BreatheError) -> CallActivity?
    ) -> DoctorCheck {
        DoctorCheck(name: "reminder") {
            if let quietHours, quietHours.contains(clock.timeOfDay()) {
                return [
                    .ok(
                        Message(
                            .doctorReminderQuiet,
                            ["start": .text(quietHours.start.text), "end": .text(quietHours.end.text)]))
                ]
            }
            // Taken and let go at once, as a reminder would take it; one that cannot be taken stops the reminder.
            do throws(BreatheError) {
                switch try SessionLock.acquire(in: lockDirectory) {
                case .busy: return [.ok(Message(.doctorReminderBusy))]
                case .acquired(let lock): lock.release()
                }
            } catch {
                let path: [String: MessageArgument] = ["path": .text(lockDirectory)]
                return [
                    .problem(
                        Message(.doctorReminderLock, path.merging(["reason": .message(error.message)]) { $1 }),
                        fix: Message(.doctorReminderLockFix, path))
                ]
            }
            guard needsServer else { return [.ok(Message(.doctorReminderPlays))] }
            if case .unavailable(let message)? = connect() {
                let detail = message.arguments["detail"]
                if allowsSilence {
                    return [.ok(Message(.doctorReminderSilent, ["reason": detail ?? .message(message)]))]
                }
                return [
                    .problem(
                        Message(.doctorReminderNoServer, ["reason": detail ?? .message(message)]),
                        fix: Message(
                            detail == .message(LivePulseSink.noAnswer) ? .doctorAudioSilentFix : .doctorAudioFix))
                ]
            }
            do throws(BreatheError) {
                guard let found = try activity() else { return [.ok(Message(.doctorReminderPlays))] }
                let arguments: [String: MessageArgument] = [
                    "activity": .message(found.message), "duration": .message(wait.message),
                ]
                return [.ok(Message(wait.waits ? .doctorReminderWaits : .doctorReminderNoWait, arguments))]
            } catch {
                let reason = error.message.arguments["detail"] ?? .message(error.message)
                return [.ok(Message(.doctorReminderUnknown, ["reason": reason]))]
            }
        }
    }

    static func userName(environment: [String: String], userID: UInt32) -> String {
        if let entry = getpwuid(userID), let name = entry.pointee.pw_name { return String(cString: name) }
        return environment["USER"] ?? environment["LOGNAME"] ?? String(userID)
    }

    /// Names of regular files up to `depth` folders below `folder`.
    static func files(under folder: String, depth: Int) -> [String] {
        guard depth > 0, let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let path = folder + "/" + name
            if FileSystem.isDirectory(path) {
                names += files(under: path, depth: depth - 1)
            } else {
                names.append(name)
            }
        }
        return names
    }
}

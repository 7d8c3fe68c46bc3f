import BreatheCore
import BreatheSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One session put together, for `start`, `remind` and `demo` alike (through `SessionFrontend`): its plan, its output,
/// its presenters (the display, the event stream, the timing report, the braille display, the history recorder), its
/// keys and signals, and its one clock, which the loop, the sink, the braille display, speech-dispatcher and the event
/// stream all read. The screen-reader opening (`SessionAssembly+ScreenReader`), the lead-in that lets it be heard
/// (`OpeningLeadIn`), the text-only run (`SessionAssembly+Text`) and the sound (`AudioSession`) are built from it.
package struct SessionAssembly {
    /// The session's one settings value, as the frontend built it; every part reads it from here.
    private(set) var settings: SessionSettings
    let localizer: Localizer
    /// Presenters that run beside the display, such as the history recorder.
    var extraPresenters: [any SessionPresenter]

    /// The session's clock: the loop's, the event stream's times, the sink's latency reports, the braille display's
    /// and speech-dispatcher's patience.
    var clock = SessionAssembly.clock

    /// The one clock of every session (a connection started before the command line was parsed uses it too).
    static let clock = MonotonicClock()

    package init(settings: SessionSettings, localizer: Localizer, extraPresenters: [any SessionPresenter] = []) {
        self.settings = settings
        self.localizer = localizer
        self.extraPresenters = extraPresenters
    }

    package var plan: SessionPlan { settings.plan }
    var output: OutputOptions { settings.output }

    /// True once `replan` gave the plan a lead-in that covers the opening.
    private(set) var leadInCoversOpening = false

    /// Takes a plan whose lead-in was lengthened to cover the opening, for the session and its history record.
    mutating func replan(_ lengthened: SessionPlan) {
        settings.plan = lengthened
        leadInCoversOpening = true
        for case let recorder as HistoryRecorder in extraPresenters { recorder.plan = lengthened }
    }

    /// Everything a live session needs around its runner, in one place for the text and the audio runners: the keys and
    /// signals (`controls.sources`, and `controls.settle(after:)` to call after each input), and the presenters chosen
    /// by `output`. The terminal is put back when `body` returns, whatever happens. A render (`rendering`) shows
    /// nothing on a braille display, and so never connects to BrlAPI.
    func withLiveSession<Result>(
        speaks: Bool,
        spokenBy: SpeechBackend? = nil,
        rendering: Bool = false,
        _ body: (SessionControls, [any SessionPresenter]) -> Result
    ) throws(BreatheError) -> Result {
        var presenters = displayPresenters(skipsSpoken: speaks) + extraPresenters
        // A screen reader reads the terminal: each line reaches it whole, never its newline alone (Fenrir would say
        // "blank"); a pipe or a file gets the same lines as ever.
        if settings.readerOfTheTerminal != nil { Terminal.keepLinesWhole() }
        if let notice = settings.screenReader?.notice, output.display != .quiet, output.events != .standardOutput {
            var sink = text
            sink.write(PlainText.line(localizer.string(notice)))
            if let subject = output.noticeSubject { output.told?.markTold([subject]) }
        }
        var eventsDescriptor: Int32?
        if let events = output.events {
            let descriptor = try Self.open(events)
            eventsDescriptor = descriptor
            // A failed write to the stream ends the run like one to standard output: 74 with one line.
            switch events {
            case .standardOutput: break
            case .descriptor(let number): OutputHealth.watch(descriptor: descriptor, name: "json=fd:" + String(number))
            case .file(let path): OutputHealth.watch(descriptor: descriptor, name: "json=" + path)
            }
            presenters.append(
                EventStreamPresenter(
                    plan: plan, localizer: localizer, sink: FileDescriptorSink(fileDescriptor: descriptor),
                    speaks: speaks, speaksCounts: speaks && spokenBy != .speechd, clock: clock
                ))
        }
        if output.timingReport {
            // Keeps standard output for the JSON when the events are written there.
            let sink = output.events == .standardOutput ? FileDescriptorSink.standardError : text
            presenters.append(
                TimingReport(plan: plan, localizer: localizer, sink: sink, spokenBy: speaks ? spokenBy : nil))
        }
        let controls = SessionControls.start(keyboard: settings.readsKeys ? 0 : nil)
        let clock = self.clock
        let braille = BrailleOpening.open(
            rendering ? .off : output.braille, environment: ProcessEnvironment.current
        ) { environment throws(BreatheError) in
            try LiveBrailleDisplay(environment: environment, clock: clock)
        }
        if let warning = braille.warning {
            var warnings = FileDescriptorSink.standardError
            warnings.write(PlainText.line(localizer.string(warning)))
        }
        if let display = braille.display {
            presenters.append(BraillePresenter(plan: plan, localizer: localizer, display: display))
            controls.add(BrailleKeys.source(display))
        }
        // A media player on the session bus: media keys, a headset and `breathe-voice pause` reach the session.
        let player =
            rendering
            ? nil : MprisPlayer.open(plan: plan, localizer: localizer, preferences: output.preferences, clock: clock)
        if let player {
            presenters.append(MprisPresenter(player: player))
            controls.add(player.source)
        }
        // No suspend on idle mid-session, where logind runs.
        let inhibitor = rendering ? nil : SleepInhibitor(environment: ProcessEnvironment.current)
        if let inhibitor { controls.add(inhibitor.source) }
        defer {
            inhibitor?.release()
            // Other players paused for the session play again.
            player?.finish()
            // The display goes back to the screen reader however the session ended, without waiting for a server
            // that stopped answering.
            braille.display?.release()
            controls.finish()
            if let eventsDescriptor, case .file = output.events {
                OutputHealth.unwatch(descriptor: eventsDescriptor)
                close(eventsDescriptor)
            }
        }
        return body(controls, presenters)
    }

    private var text: FileDescriptorSink { FileDescriptorSink(fileDescriptor: settings.textDescriptor) }

    private func displayPresenters(skipsSpoken: Bool) -> [any SessionPresenter] {
        switch output.display {
        case .plain, .auto:
            var plain = PlainTextPresenter(localizer: localizer, sink: text)
            // In screen-reader mode a sentence our own voice says is not printed too: the screen reader would say it
            // again (speaking it, or with an explicit --speech-via beside the screen reader).
            plain.skipsSpoken = skipsSpoken && settings.readerOfTheTerminal != nil
            return [plain]
        case .visual:
            return [VisualPresenter(plan: plan, localizer: localizer, sink: text, color: output.color)]
        case .quiet:
            return []
        }
    }

    private static func open(_ destination: EventsDestination) throws(BreatheError) -> Int32 {
        switch destination {
        case .standardOutput: return 1
        case .descriptor(let descriptor): return descriptor
        case .file(let path):
            switch SafeFile.openForWriting(path, O_CREAT | O_APPEND) {
            case .success(let descriptor): return descriptor
            case .failure(let problem):
                throw .cannotCreate(
                    Message(.errorEventsOpen, ["value": .text(path), "reason": .message(problem.reason)]))
            }
        }
    }
}

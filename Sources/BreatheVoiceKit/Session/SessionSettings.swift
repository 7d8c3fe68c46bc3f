import BreatheCore
import BreatheSystem

/// A session's settings: one value, built once by `SessionFrontend` from the preferences, the environment, the options
/// and what was detected (the screen reader, the terminal), and read from here by every part of the session: the
/// display and its presenters (`output`), the sound (`audio`), the text-only run, the braille display, the history
/// record and the bus. No part keeps a field of it of its own (the sound takes its `audio` whole, once: it never
/// changes); what follows from two of its fields (where text goes, whether a sound server is needed, the loop's
/// options) is said here only.
package struct SessionSettings {
    /// The session's plan; lengthened once, when its lead-in covers the opening (`SessionAssembly.replan`).
    package var plan: SessionPlan
    /// What the session shows and records.
    var output: OutputOptions
    /// The voice and tones; nil for a text-only session (`--no-audio`).
    var audio: AudioChoices?
    /// Screen-reader mode: the one place it is held, for the text and the sound alike; nil when off.
    var screenReader: ScreenReaderMode?
    /// Standard input is a terminal: a missing sound server may fall back to text, a lost one pauses.
    package var interactive = false
    /// No sound server (or no speech) means text only rather than exit 69: by default in an interactive run without
    /// `--require-audio` (with a warning); a reminder with `--allow-silent`.
    var allowsSilence: Bool
    /// Count the seconds inside each phase (said, or only printed without a voice of ours).
    var counting = false
    /// Keys are read when standard input is a terminal, unless this is false (a reminder never reads keys).
    var readsKeys = true
    /// Said before the introduction, such as the reminder's opening line.
    var opening: Announcement?

    package init(
        plan: SessionPlan, output: OutputOptions = OutputOptions(display: .plain), audio: AudioChoices? = nil,
        screenReader: ScreenReaderMode? = nil, interactive: Bool = false, allowsSilence: Bool? = nil
    ) {
        self.plan = plan
        self.output = output
        self.audio = audio
        self.screenReader = screenReader
        self.interactive = interactive
        self.allowsSilence = allowsSilence ?? (interactive && !(audio?.requireAudio ?? false))
    }

    /// Where the session's lines, the mood question and the badges go: standard output, or standard error when it
    /// carries a WAV (`--output -`).
    var textDescriptor: Int32 { audio?.output == "-" ? 2 : 1 }

    /// The session renders into a file: not a breathing session (not recorded, no badge, no keys, no bus).
    var renders: Bool { audio?.output != nil }

    /// Whether the session needs the sound server (`AudioChoices.needsSoundServer`).
    var needsSoundServer: Bool { audio?.needsSoundServer ?? false }

    /// The screen-reader mode of a screen reader reading this terminal's lines; nil otherwise (off, or a reminder's,
    /// whose screen reader runs elsewhere).
    var readerOfTheTerminal: ScreenReaderMode? { screenReader?.readsTheTerminal == true ? screenReader : nil }

    /// The session's machine, phrasing its lines as the preferences and screen-reader mode say: short lines read by a
    /// screen reader, a brief opening beside one.
    func machine(announcesKeys: Bool) -> SessionMachine {
        SessionMachine(
            plan: plan, announcesKeys: announcesKeys, opening: opening, preferences: output.preferences,
            readByScreenReader: readerOfTheTerminal?.way == .read, briefOpening: readerOfTheTerminal != nil)
    }

    /// What the loop does besides its sound: `speaking` with a voice of ours or not, nil for a text-only run. Reading
    /// it, a phase's line is handed over as its tone ends (where our word would start), never under it.
    func loopOptions<Pacer: SessionPacer, Clock: SessionClock>(speaking: Bool?) -> SessionLoop<Pacer, Clock>.Options {
        SessionLoop.Options(
            counting: counting, interactive: interactive,
            linesFollowTone: screenReader?.way == .read && speaking == false)
    }
}

/// Screen-reader mode, as the session found it: its way, where the screen reader is, and what it is to be told.
package struct ScreenReaderMode: Hashable, Sendable {
    /// Reading it (the screen reader says the lines) or speaking it (our phrases through speech-dispatcher).
    var way: ScreenReaderWay
    /// The screen reader reads this terminal (`start`); false for a reminder, whose screen reader runs for this user
    /// elsewhere (cron has no terminal): the reminder's speech then queues behind the screen reader's.
    var readsTheTerminal = true
    /// How fast the screen reader speaks, in eSpeak NG's words a minute, when its settings say so
    /// (`ScreenReaderDetection.wordsPerMinute(of:)`); nil: eSpeak NG's normal 175.
    package var rate: Int?
    /// Said first, in one line, when screen-reader mode was chosen because a screen reader was found, and that is news
    /// (`ToldOnce`: the first session with that screen reader).
    var notice: Message?
}

import BreatheCore
import BreatheSystem

/// The screen-reader opening, for `start` (and the demo, which runs it) and `remind`: whether a session is for a
/// screen reader, which one, at what rate it reads, and what is said of it first.
extension SessionAssembly {
    /// What a session knows of the screen reader it shares the listener with.
    package struct ScreenReader {
        /// Screen-reader mode and its way; nil: not screen-reader mode.
        var way: ScreenReaderWay?
        /// The screen reader found running (looked for with `auto` only): said once, the first time it is found.
        var found: ScreenReaderDetection.Reader?
        /// Its rate (words a minute), when it can be read: it times the opening's lead-in.
        package var rate: Int?
    }

    /// `start`'s: looked for when it may be used, on this terminal.
    static func screenReader(
        _ setting: ScreenReaderSetting, detection: ScreenReaderDetection = .live
    ) -> ScreenReader {
        let located = setting != .off ? detection.locate() : nil
        let found = setting == .auto ? located?.reader : nil
        return ScreenReader(
            way: setting.way(found: found != nil), found: found, rate: located.flatMap(detection.wordsPerMinute(of:)))
    }

    /// A reminder's: one running for this user anywhere (cron has no terminal), with `auto` only. With one, the
    /// reminder speaks through speech-dispatcher and queues behind what the screen reader is saying.
    static func reminderScreenReader(
        _ setting: ScreenReaderSetting, detection: ScreenReaderDetection = .live
    ) -> ScreenReaderMode? {
        let found = setting == .auto ? detection.running() : nil
        return setting.way(found: found != nil).map { _ in ScreenReaderMode(way: .speak, readsTheTerminal: false) }
    }

    /// Screen-reader mode for `reader` on this terminal, and `output` opened for it: what is news said short, so that
    /// the first breath comes within 5 s of Enter: the first session with this screen reader says it was found (the
    /// mode's `notice`); the first in screen-reader mode at a terminal (`atTerminal`) says how to hear the keys at its
    /// end, rather than in the opening (`?` works from the start, and any other key says so). Marked told once shown,
    /// not before: a start refused (busy) or failing before its opening tells nothing.
    package static func open(
        _ output: inout OutputOptions, for reader: ScreenReader, atTerminal: Bool,
        told: ToldOnce = ToldOnce(stateDirectory: XDGDirectories().stateDirectory)
    ) -> ScreenReaderMode? {
        output.told = told
        output.keysHint = reader.way == nil
        guard let way = reader.way else { return nil }
        var mode = ScreenReaderMode(way: way, rate: reader.rate)
        if atTerminal, told.isNews(keysSubject) {
            output.keysTipSubject = keysSubject
        }
        if let found = reader.found, told.isNews(readerSubject(found)) {
            mode.notice = Message(.lineScreenReaderFound, ["reader": .text(found.rawValue)])
            output.noticeSubject = readerSubject(found)
        }
        return mode
    }

    /// `ToldOnce`'s subjects: the key hint in screen-reader mode, and each screen reader found.
    static let keysSubject = "screen-reader-keys"
    static func readerSubject(_ reader: ScreenReaderDetection.Reader) -> String { "screen-reader." + reader.rawValue }
}

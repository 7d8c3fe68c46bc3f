import BreatheCore
import BreatheSystem

/// Plain mode: one complete sentence per event, appended, nothing else.
struct PlainTextPresenter<Sink: TextSink>: SessionPresenter {
    let localizer: Localizer
    var sink: Sink
    /// Screen-reader mode with a voice of ours: a sentence the program says is not printed as well, or the screen
    /// reader would say it a second time.
    var skipsSpoken = false

    package init(localizer: Localizer, sink: Sink) {
        self.localizer = localizer
        self.sink = sink
    }

    mutating func present(_ effect: SessionEffect, state: SessionState, position: Int64) {
        switch effect {
        case .announce(let announcement):
            if skipsSpoken, announcement.speech != nil { return }
            sink.write(PlainText.line(localizer.string(announcement.line)))
        case .count(let number):
            sink.write(PlainText.line(localizer.string(Message(.lineCount, ["n": .integer(number)]))))
        case .enterSegment, .playTone, .startTimer, .cancelTimer, .seek, .markPause, .markResume, .save, .finish: break
        }
    }
}

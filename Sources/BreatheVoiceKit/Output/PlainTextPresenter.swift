import BreatheCore

/// Plain mode: one complete sentence per event, appended, nothing else.
public struct PlainTextPresenter<Sink: TextSink>: SessionPresenter {
    public let localizer: Localizer
    public var sink: Sink

    public init(localizer: Localizer, sink: Sink) {
        self.localizer = localizer
        self.sink = sink
    }

    public mutating func present(_ effect: SessionEffect, state: SessionState, position: Int64) {
        switch effect {
        case .announce(let announcement): sink.write(PlainText.line(localizer.string(announcement.line)))
        case .count(let number): sink.write(PlainText.line(localizer.string(Message(.lineCount, ["n": .integer(number)]))))
        case .enterSegment, .playTone, .startTimer, .cancelTimer, .seek, .markPause, .markResume, .save, .finish: break
        }
    }
}

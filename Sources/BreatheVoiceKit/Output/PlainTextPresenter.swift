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
        guard case .announce(let announcement) = effect else { return }
        sink.write(PlainText.line(localizer.string(announcement.line)))
    }
}

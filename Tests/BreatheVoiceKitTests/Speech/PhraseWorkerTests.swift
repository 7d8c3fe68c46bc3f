import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// The phrase worker never holds the end of a session: `finish()` waits for the job under way only so long.
@Suite struct PhraseWorkerTests {

    @Test func aJobDoneIsCollected() {
        let worker = PhraseWorker { _, _ in AudioClip([1, 2, 3]) }
        worker.submit(.phrase("one", SpeechSettings(voice: "en", rate: 175, pitch: 50, volume: 100)))
        let results =
            Waiting.value(within: 10, every: 0.001) { () -> [PhraseWorker.Result]? in
                let collected = worker.collect()
                return collected.isEmpty ? nil : collected
            } ?? []
        guard case .phrase(let text, let clip)? = results.first else {
            Issue.record("nothing collected")
            return
        }
        #expect(text == "one")
        #expect(clip?.samples == [1, 2, 3])
        worker.finish()
    }

    @Test func finishNeverWaitsLongForAStuckJob() {
        let gate = Gate()
        let worker = PhraseWorker { _, _ in
            gate.block()
            return nil
        }
        worker.submit(.phrase("stuck", SpeechSettings(voice: "en", rate: 175, pitch: 50, volume: 100)))
        // Under way before finishing.
        Waiting.until(timeout: 10, every: 0.001) { worker.isBusy }
        let started = MonotonicClock.now()
        worker.finish()
        let seconds = Double(MonotonicClock.now() - started) / 1e9
        #expect(seconds < Double(PhraseWorker.finishMilliseconds) / 1000 + 0.5, "finish took \(seconds) s")
        // Released, the thread ends alone.
        gate.release()
    }
}

import BreatheCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Synthesizes phrases on a thread of its own while a session plays, so that the audio loop never waits for the voice:
/// the answers to keys that carry a number (`t`, a new rate or tone level), the resume's seconds left, and the whole
/// phrase book again after the speech rate changed.
///
/// Jobs are done one at a time, in the order they were given, so a phrase asked for after a rate change is said at the
/// new rate. The runner collects what is done between audio blocks, without waiting. The thread starts with the first
/// job; `finish()` waits for the job under way (one phrase, or one book) at most `finishMilliseconds`, then leaves the
/// thread to end alone (detached, never joined): a session stopped by a signal never waits for a synthesis.
package final class PhraseWorker: @unchecked Sendable {
    /// Something to synthesize.
    package enum Job: Sendable {
        /// One phrase, said as soon as it is ready.
        case phrase(String, SpeechSettings)
        /// Every phrase of the book again, with new settings; `generation` tells the latest apart.
        case book(generation: Int, texts: [String], SpeechSettings)
    }

    /// What a job produced.
    package enum Result: Sendable {
        /// A phrase, or nil when it could not be synthesized (then it is only printed).
        case phrase(String, AudioClip?)
        /// The book, whole: nil when any phrase failed, so the old one is kept.
        case book(generation: Int, clips: [String: AudioClip]?, SpeechSettings)
    }

    private let synthesize: @Sendable (String, SpeechSettings) -> AudioClip?
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private let wake: UnsafeMutablePointer<pthread_cond_t>
    // Guarded by `lock`.
    private var jobs: [Job] = []
    private var results: [Result] = []
    private var working = false
    private var stopping = false
    private var ended = false
    private var thread: pthread_t?

    /// How long `finish()` waits for the job under way (ms): a phrase takes tens of milliseconds, a whole book after a
    /// rate change about a second on a busy machine; a signal must end the session within half a second.
    static let finishMilliseconds: Int64 = 200

    /// - Parameter synthesize: says a text with settings, or nil on failure; called on the worker's thread only.
    package init(synthesize: @escaping @Sendable (String, SpeechSettings) -> AudioClip?) {
        self.synthesize = synthesize
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        wake = .allocate(capacity: 1)
        wake.initialize(to: pthread_cond_t())
        pthread_cond_init(wake, nil)
    }

    deinit {
        finish()
        pthread_cond_destroy(wake)
        pthread_mutex_destroy(lock)
        wake.deallocate()
        lock.deallocate()
    }

    /// Queues a job; starts the thread on the first one. Without a thread (none could start), the job is done here.
    package func submit(_ job: Job) {
        pthread_mutex_lock(lock)
        jobs.append(job)
        let needsThread = thread == nil && !stopping
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(lock)
        if needsThread, !startThread() {
            pthread_mutex_lock(lock)
            let queued = jobs
            jobs = []
            pthread_mutex_unlock(lock)
            let done = queued.map(perform)
            pthread_mutex_lock(lock)
            results += done
            pthread_mutex_unlock(lock)
        }
    }

    /// What is done so far, in order; never waits for a job under way.
    package func collect() -> [Result] {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        let done = results
        results = []
        return done
    }

    /// True while a job is queued or under way.
    package var isBusy: Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return working || !jobs.isEmpty
    }

    /// Drops the queued jobs, waits for the one under way (at most `finishMilliseconds`), and ends the thread: joined
    /// when it ended in time, else detached, to end alone (eSpeak NG's lock keeps any later synthesis behind it). Safe
    /// to call more than once.
    package func finish() {
        pthread_mutex_lock(lock)
        stopping = true
        jobs = []
        pthread_cond_broadcast(wake)
        let running = thread
        thread = nil
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        let nanoseconds = Int(deadline.tv_nsec) + Int(Self.finishMilliseconds) * 1_000_000
        deadline.tv_sec += nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        while running != nil, !ended {
            if pthread_cond_timedwait(wake, lock, &deadline) == ETIMEDOUT { break }
        }
        let done = ended
        pthread_mutex_unlock(lock)
        guard let running else { return }
        if done { pthread_join(running, nil) } else { pthread_detach(running) }
    }

    private func startThread() -> Bool {
        guard let created = NativeThread.start({ self.loop() }) else { return false }
        pthread_mutex_lock(lock)
        thread = created
        pthread_mutex_unlock(lock)
        return true
    }

    private func loop() {
        pthread_mutex_lock(lock)
        while true {
            while jobs.isEmpty && !stopping { pthread_cond_wait(wake, lock) }
            if stopping { break }
            let job = jobs.removeFirst()
            working = true
            pthread_mutex_unlock(lock)
            let result = perform(job)
            pthread_mutex_lock(lock)
            working = false
            results.append(result)
        }
        ended = true
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(lock)
    }

    private func perform(_ job: Job) -> Result {
        switch job {
        case .phrase(let text, let settings):
            return .phrase(text, synthesize(text, settings))
        case .book(let generation, let texts, let settings):
            var clips: [String: AudioClip] = [:]
            for text in texts where clips[text] == nil {
                guard let clip = synthesize(text, settings) else {
                    return .book(generation: generation, clips: nil, settings)
                }
                clips[text] = clip
            }
            return .book(generation: generation, clips: clips, settings)
        }
    }
}

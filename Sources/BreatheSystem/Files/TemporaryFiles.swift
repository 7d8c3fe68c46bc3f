import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The temporary files this process is writing right now (a WAV render, a preferences or export write, `prefs edit`'s
/// copy), so that a signal that ends the process removes them first: no signal at any moment leaves one behind. Only
/// SIGKILL can, and `StaleTemporaries` sweeps what it left at the next start.
///
/// The handler (see `SignalSource`) may run on any thread at any moment, so it reads the paths without a lock and
/// calls only unlink(2). A path's C string is therefore never freed once registered: a handler could be reading it.
/// The few bytes per temporary file are the price.
package enum TemporaryFiles {
    /// How many temporary files may be open at once; more are simply not registered (none of ours comes near).
    static let capacity = 16

    /// Which slots are taken, for the registering side only.
    private static let taken = Mutex<[Bool]>(Array(repeating: false, count: capacity))

    /// Registers `path` until `unregister(_:)`, and returns its slot (nil when every slot is taken).
    package static func register(_ path: String) -> Int? {
        let copy = strdup(path)
        let slot = taken.withLock { taken -> Int? in
            guard let free = taken.firstIndex(of: false) else { return nil }
            taken[free] = true
            return free
        }
        guard let slot else {
            free(copy)
            return nil
        }
        registeredPaths[slot] = copy
        return slot
    }

    /// Forgets the file in `slot`: it has been renamed into place or removed.
    package static func unregister(_ slot: Int?) {
        guard let slot else { return }
        // The string stays allocated (see the type's comment); only the slot is freed.
        registeredPaths[slot] = nil
        taken.withLock { $0[slot] = false }
    }

    /// Makes the slots before any handler can look at them (a global's first use allocates, which a handler must not).
    static func prepare() {
        _ = registeredPaths
    }

    /// Removes every registered file. Async-signal-safe: for the handlers of signals that end the process.
    static func removeAllFromSignalHandler() {
        for slot in 0..<capacity {
            if let path = registeredPaths[slot] { unlink(path) }
        }
    }

    /// The signals `removingOnSignal` handles: those that would end the process.
    static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM]

    /// Runs `body` with a handler for each of `endingSignals` that removes the registered files, then ends the process
    /// as the signal would have; the previous actions come back afterwards. For a command that runs no session
    /// (`history export --output`, written record by record for as long as the history takes), so has no session's
    /// signal handler (see `SignalSource`): no temporary file is left beside the target, and the target stays as it was.
    static func removingOnSignal<Result>(during body: () throws(BreatheError) -> Result) throws(BreatheError) -> Result
    {
        var previous: [sigaction] = []
        for number in endingSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = removeTemporariesAndDie
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            var old = sigaction()
            sigaction(number, &action, &old)
            previous.append(old)
        }
        defer {
            for (number, var old) in zip(endingSignals, previous) { sigaction(number, &old, nil) }
        }
        return try body()
    }
}

/// Removes the temporary files, then lets the signal do what it would have done (async-signal-safe calls only).
private let removeTemporariesAndDie: @convention(c) (Int32) -> Void = { number in
    TemporaryFiles.removeAllFromSignalHandler()
    signal(number, SIG_DFL)
    raise(number)
}

/// One C string per slot, nil when free; written by `register`/`unregister`, read by signal handlers (so a plain
/// pointer, not a `Mutex`: a handler must not wait for a lock the interrupted thread may hold).
nonisolated(unsafe) private let registeredPaths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
    let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: TemporaryFiles.capacity)
    slots.initialize(repeating: nil, count: TemporaryFiles.capacity)
    return slots
}()

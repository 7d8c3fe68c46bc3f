#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A thread of our own, started with pthread_create, for the few places that must not wait on Swift concurrency's
/// pool (the early connection, the phrase worker, the speech-dispatcher connection).
enum NativeThread {
    /// Starts a thread that runs `body` once; nil when none could be started (`body` then never runs). The caller
    /// joins the thread or detaches it, and vouches that `body` may run on another thread.
    package static func start(_ body: @escaping () -> Void) -> pthread_t? {
        final class Body {
            let run: () -> Void
            init(_ run: @escaping () -> Void) { self.run = run }
        }
        var thread = pthread_t()
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        let started = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return nil
        }
        return thread
    }
}

import BreatheCore

/// Where a session keeps the phrases it synthesizes between runs.
package enum PhraseCaching: Sendable {
    /// In the user's cache folder (`$XDG_CACHE_HOME/breathe-voice/phrases`, from the session's environment).
    case userCache
    /// In the given cache.
    case cache(PhraseCache)
    /// Nowhere: every phrase is synthesized for every session.
    case off

    /// Why the user's cache cannot be used (`$XDG_CACHE_HOME/breathe-voice` or its `phrases` folder is another user's,
    /// or others may write in it, so the audio in it could be anyone's), or nil. A given cache is the caller's business.
    package func refusal(environment: [String: String]) -> Message? {
        guard case .userCache = self, let cache = resolved(environment: environment) else { return nil }
        return SecureDirectory.trustProblem(FileSystem.parent(of: cache.directory))
            ?? SecureDirectory.trustProblem(cache.directory)
    }

    /// The cache this choice names, if any.
    package func resolved(environment: [String: String]) -> PhraseCache? {
        switch self {
        case .userCache: PhraseCache(directories: XDGDirectories(environment: environment))
        case .cache(let cache): cache
        case .off: nil
        }
    }
}

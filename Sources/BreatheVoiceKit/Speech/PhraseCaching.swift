/// Where a session keeps the phrases it synthesizes between runs.
package enum PhraseCaching: Sendable {
    /// In the user's cache folder (`$XDG_CACHE_HOME/breathe-voice/phrases`, from the session's environment).
    case userCache
    /// In the given cache.
    case cache(PhraseCache)
    /// Nowhere: every phrase is synthesized for every session.
    case off

    /// The cache this choice names, if any.
    func resolved(environment: [String: String]) -> PhraseCache? {
        switch self {
        case .userCache: PhraseCache(directories: XDGDirectories(environment: environment))
        case .cache(let cache): cache
        case .off: nil
        }
    }
}

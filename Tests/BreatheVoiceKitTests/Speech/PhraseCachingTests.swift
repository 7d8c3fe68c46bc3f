import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// The three ways a session keeps its phrases, each resolved to the cache it names.
struct PhraseCachingTests {
    @Test func theUserCacheFollowsTheSessionsEnvironment() {
        let cache = PhraseCaching.userCache.resolved(environment: [
            "XDG_CACHE_HOME": "/tmp/bv-cache", "HOME": "/home/x",
        ])
        #expect(cache?.directory == "/tmp/bv-cache/breathe-voice/phrases")
    }

    @Test func aGivenCacheIsUsedAsGiven() {
        let cache = PhraseCaching.cache(PhraseCache(directory: "/somewhere/else")).resolved(environment: [:])
        #expect(cache?.directory == "/somewhere/else")
    }

    @Test func offMeansNoCache() {
        #expect(PhraseCaching.off.resolved(environment: ["XDG_CACHE_HOME": "/tmp/bv-cache"]) == nil)
    }
}

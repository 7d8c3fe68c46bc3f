import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

@Suite struct ProcessEnvironmentTests {
    @Test func holdsWhatEnvironHolds() {
        let current = ProcessEnvironment.current
        #expect(!current.isEmpty)
        #expect(current == ProcessEnvironment.read())
    }

    @Test func agreesWithGetenv() throws {
        for name in ["PATH", "HOME"] {
            let value = try #require(getenv(name), "\(name) is set wherever the tests run")
            #expect(ProcessEnvironment.current[name] == String(cString: value))
        }
        #expect(ProcessEnvironment.current["BREATHE_VOICE_SURELY_UNSET_VARIABLE"] == nil)
    }

    @Test(arguments: [
        "NAME=value", "A==B", "EMPTY=", "=leading", "no separator", "", "A=\u{301}x=y", "\u{600}=x=y", "É=x", "A=é",
        "LANG=fr_FR.UTF-8", "A=\u{301}", "\u{600}=",
    ])
    func splitsAtTheFirstEqualsCharacter(entry: String) {
        #expect(ProcessEnvironment.separator(in: entry) == entry.firstIndex(of: "="))
    }
}

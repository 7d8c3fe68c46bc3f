import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

@Suite struct BrailleContractionTableTests {
    @Test(arguments: [
        ("louis:fr-bfu-g2.ctb", ["fr-bfu-g2.ctb"]),
        ("en-us-g2", ["en-us-g2.ctb", "en-us-g2.utb"]),
        ("es", ["es-g2.ctb", "es.ctb", "es.utb"]),
        ("pt", ["pt-pt-g2.ctb", "pt.ctb", "pt.utb"]),
        ("/home/me/mine.ctb", ["/home/me/mine.ctb"]),
        ("", []), ("louis:", []), ("a,b", []),
    ])
    func namesLiblouisTables(_ brltty: String, _ tables: [String]) {
        #expect(BrailleContractionTable.louisTables(brlttyTable: brltty) == tables)
    }
}

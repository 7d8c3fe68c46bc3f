import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// The screen-reader opening `start` asks the assembly for: screen-reader mode and its way, the reader's rate, and what
/// is news said once (the reader found, how to hear the keys), never before it is shown.
@Suite struct SessionAssemblyScreenReaderTests {
    static func told() throws -> (ToldOnce, String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("opening-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return (ToldOnce(stateDirectory: path + "/breathe-voice"), path)
    }

    static let found = SessionAssembly.ScreenReader(way: .default, found: .fenrir, rate: 250)

    @Test func aScreenReaderFoundTheFirstTimeIsSaidAndTimesTheOpening() throws {
        let (told, folder) = try Self.told()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var output = OutputOptions(display: .plain)
        let mode = SessionAssembly.open(&output, for: Self.found, atTerminal: true, told: told)
        #expect(mode?.way == .default && mode?.readsTheTerminal == true)
        #expect(!output.keysHint, "the keys are told after the session, not in its opening")
        #expect(output.keysTipSubject == SessionAssembly.keysSubject)
        #expect(mode?.notice == Message(.lineScreenReaderFound, ["reader": .text("Fenrir")]))
        #expect(output.noticeSubject == "screen-reader.Fenrir")
        #expect(mode?.rate == 250)
        // Opening it marks nothing told: a session refused before its opening tells nothing.
        #expect(told.isNews("screen-reader.Fenrir") && told.isNews(SessionAssembly.keysSubject))
    }

    @Test func whatWasToldIsNotSaidAgain() throws {
        let (told, folder) = try Self.told()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        told.markTold(["screen-reader.Fenrir", SessionAssembly.keysSubject])
        var output = OutputOptions(display: .plain)
        let mode = SessionAssembly.open(&output, for: Self.found, atTerminal: true, told: told)
        #expect(mode?.way == .default)
        #expect(mode?.notice == nil && output.noticeSubject == nil)
        #expect(output.keysTipSubject == nil)
    }

    /// Not screen-reader mode: the keys are said in the opening as usual, and nothing is news.
    @Test func withoutAScreenReaderTheOpeningIsTheUsualOne() throws {
        let (told, folder) = try Self.told()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var output = OutputOptions(display: .plain)
        let mode = SessionAssembly.open(
            &output, for: SessionAssembly.ScreenReader(way: nil, found: nil, rate: nil), atTerminal: true, told: told)
        #expect(mode == nil)
        #expect(output.keysHint)
        #expect(output.keysTipSubject == nil && output.noticeSubject == nil)
    }

    /// Away from a terminal there are no keys to tell of.
    @Test func awayFromATerminalNoKeysAreTold() throws {
        let (told, folder) = try Self.told()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var output = OutputOptions(display: .plain)
        let mode = SessionAssembly.open(&output, for: Self.found, atTerminal: false, told: told)
        #expect(output.keysTipSubject == nil)
        #expect(mode?.notice != nil)
    }

    /// The preference decides before anything is looked for: `off` never looks, `read` and `speak` are their ways.
    @Test(
        arguments: [(ScreenReaderSetting.off, nil), (.read, ScreenReaderWay.read), (.speak, .speak)]
            as [(ScreenReaderSetting, ScreenReaderWay?)])
    func thePreferenceChoosesTheWay(setting: ScreenReaderSetting, way: ScreenReaderWay?) {
        #expect(SessionAssembly.screenReader(setting).way == way)
        #expect(SessionAssembly.screenReader(setting).found == nil, "only auto says a screen reader was found")
    }
}

import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// A line said when it is news: a subject is news until it is marked told (once its line was shown), asking marks
/// nothing; a link planted where the mark goes is never followed; where nothing can be remembered, it is news every time.
@Suite struct ToldOnceTests {
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("told-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    @Test func aSubjectIsNewsUntilMarkedToldAndAskingMarksNothing() throws {
        let state = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: state) }
        let told = ToldOnce(stateDirectory: state + "/breathe-voice")
        #expect(told.isNews("screen-reader.Fenrir"))
        #expect(told.isNews("screen-reader.Fenrir"), "asking marked it told")
        told.markTold(["screen-reader.Fenrir"])
        #expect(!told.isNews("screen-reader.Fenrir"))
        #expect(told.isNews("screen-reader.Orca"), "another subject")
        told.markTold(["screen-reader.Fenrir"])
        #expect(!told.isNews("screen-reader.Fenrir"), "marked twice")
        let mode = try FileManager.default.attributesOfItem(atPath: state + "/breathe-voice/told")[.posixPermissions]
        #expect(mode as? Int == 0o700)
    }

    @Test func aPlantedLinkIsNotFollowed() throws {
        let state = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: state) }
        try FileManager.default.createDirectory(
            atPath: state + "/breathe-voice/told", withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        try FileManager.default.createSymbolicLink(
            atPath: state + "/breathe-voice/told/screen-reader-keys", withDestinationPath: state + "/target")
        let told = ToldOnce(stateDirectory: state + "/breathe-voice")
        #expect(!told.isNews("screen-reader-keys"))
        told.markTold(["screen-reader-keys"])
        #expect(!FileManager.default.fileExists(atPath: state + "/target"), "the link was followed")
    }

    @Test func withoutAStateFolderEverythingIsNews() throws {
        let state = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: state) }
        // A file where the folder should be.
        try #require(FileManager.default.createFile(atPath: state + "/breathe-voice", contents: Data()))
        let told = ToldOnce(stateDirectory: state + "/breathe-voice")
        #expect(told.isNews("screen-reader.Fenrir"))
        told.markTold(["screen-reader.Fenrir"])
        #expect(told.isNews("screen-reader.Fenrir"))
    }
}

import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// Reading and installing through a crontab program run as a child process.
@Suite struct CrontabProgramTests {
    @Test func noCrontabYetIsAnEmptyOneAndBytesGoRoundUnchanged() throws {
        let fake = try FakeCrontab()
        defer { fake.remove() }
        let program = CrontabProgram.live(environment: [
            "BREATHE_VOICE_CRONTAB": fake.script.path, "PATH": "/usr/bin:/bin",
        ])
        #expect(try program.read() == [])
        let bytes: [UInt8] =
            Array("MAILTO=\"\"\r\n# ünïcode\n".utf8) + [0xFF, 0x00, 0x41] + Array("\n* * * * * x".utf8)
        try program.install(bytes)
        #expect(fake.contents == Data(bytes))
        #expect(try program.read() == bytes)
    }

    @Test func aBigCrontabIsNotStuckInAPipe() throws {
        let fake = try FakeCrontab()
        defer { fake.remove() }
        let program = CrontabProgram.live(environment: ["BREATHE_VOICE_CRONTAB": fake.script.path])
        let bytes = Array(
            String(repeating: "# a long comment line to fill the pipe buffers several times over\n", count: 20_000).utf8
        )
        try program.install(bytes)
        #expect(try program.read() == bytes)
    }

    @Test func aRefusalIsAnIOErrorWithTheProgramsOwnWords() throws {
        let fake = try FakeCrontab()
        defer { fake.remove() }
        try fake.refuse(with: "\"-\":3: bad minute\nerrors in crontab file, can't install.\n")
        let program = CrontabProgram.live(environment: ["BREATHE_VOICE_CRONTAB": fake.script.path])
        do {
            try program.install(Array("junk\n".utf8))
            Issue.record("a refused install passed")
        } catch {
            #expect(error.exitCode == 74)
            #expect(
                Localizer(language: "en").string(error.message)
                    == "\"\(fake.script.path) -\" failed: \"-\":3: bad minute")
        }
    }

    @Test func aMissingCrontabCommandSaysWhichPackageToInstall() {
        let program = CrontabProgram.live(environment: ["PATH": "/nonexistent"])
        do {
            _ = try program.read()
            Issue.record("no crontab command, yet it read one")
        } catch {
            #expect(error.exitCode == 69)
            #expect(
                Localizer(language: "en").string(error.message)
                    == "The crontab command \"crontab\" was not found: install the cron package (Debian: sudo apt install cron)."
            )
        }
    }
}

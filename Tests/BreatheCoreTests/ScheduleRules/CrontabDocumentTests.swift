import Testing

@testable import BreatheCore
@testable import BreatheTestSupport

/// The marked block: added to and removed from any crontab, everything outside it kept byte for byte.
@Suite struct CrontabDocumentTests {
    /// A crontab someone might have: comments, environment lines, other jobs, blank lines, CRLF or LF line ends,
    /// stray bytes that are not UTF-8, with or without a final newline.
    static func randomCrontab(seed: UInt64) -> [UInt8] {
        var random = SplitMix(state: seed)
        let pieces: [[UInt8]] = [
            Array("# m h  dom mon dow   command".utf8),
            Array("MAILTO=someone@example.org".utf8),
            Array("SHELL=/bin/bash".utf8),
            Array("PATH=/usr/local/bin:/usr/bin:/bin".utf8),
            Array("*/5 * * * * /usr/bin/backup --quiet > /dev/null 2>&1".utf8),
            Array("@reboot /home/me/bin/start-things".utf8),
            Array("0 3 * * 0 echo 'weekly 50%' | mail -s \"report\" me".utf8),
            Array("   # indented comment with trailing spaces   ".utf8),
            Array("# café, niño, 日本".utf8),
            [0x23, 0x20, 0xFF, 0xFE, 0x80],
            Array("# END breathe-voice reminders".utf8), // A stray END with no BEGIN is just a comment.
            [],
        ]
        var bytes: [UInt8] = []
        let lineCount = Int.random(in: 0...12, using: &random)
        for index in 0..<lineCount {
            bytes += pieces.randomElement(using: &random)!
            let last = index == lineCount - 1
            if last, Bool.random(using: &random) { break } // No final newline.
            bytes += Bool.random(using: &random) ? [0x0D, 0x0A] : [0x0A]
        }
        return bytes
    }

    static func parse(_ bytes: [UInt8]) throws -> CrontabDocument {
        try CrontabDocument.parse(bytes).get()
    }

    @Test(arguments: 0..<300)
    func addThenRemoveGivesBackTheOriginalBytes(seed: Int) throws {
        let original = Self.randomCrontab(seed: UInt64(seed))
        var document = try Self.parse(original)
        let reminder = document.add(
            summary: "--every 2h", lines: ["0 */2 * * * XDG_RUNTIME_DIR=/run/user/1000 /bin/bv remind"])
        let installed = document.bytes
        // The original is untouched in front of the block, and the block ends the crontab with a newline.
        #expect(Array(installed.prefix(original.count)) == original)
        #expect(installed.last == 0x0A)

        var reread = try Self.parse(installed)
        #expect(reread.reminders == [reminder])
        _ = reread.remove(id: reminder.id)
        #expect(reread.bytes == original)

        var again = try Self.parse(installed)
        _ = again.removeAll()
        #expect(again.bytes == original)
    }

    @Test(arguments: 0..<100)
    func severalRemindersComeAndGoInAnyOrder(seed: Int) throws {
        let original = Self.randomCrontab(seed: UInt64(seed) &+ 10_000)
        var random = SplitMix(state: UInt64(seed))
        var bytes = original
        var ids: [Int] = []
        for count in 1...Int.random(in: 2...5, using: &random) {
            var document = try Self.parse(bytes)
            ids.append(document.add(summary: "--at 1\(count):00", lines: ["0 1\(count) * * * /bin/bv remind"]).id)
            bytes = document.bytes
        }
        #expect(ids == Array(1...ids.count))
        ids.shuffle(using: &random)
        for id in ids {
            var document = try Self.parse(bytes)
            #expect(document.remove(id: id)?.id == id)
            bytes = document.bytes
        }
        #expect(bytes == original)
    }

    @Test func textAfterTheBlockIsKeptAndNeverJoined() throws {
        var document = try Self.parse(Array("# no newline".utf8))
        _ = document.add(summary: "--at 12:00", lines: ["0 12 * * * /bin/bv remind"])
        // Someone appends a job after the block by hand.
        let edited = document.bytes + Array("5 5 * * * /bin/other\r\n".utf8)
        var reread = try Self.parse(edited)
        #expect(reread.after == Array("5 5 * * * /bin/other\r\n".utf8))
        _ = reread.removeAll()
        #expect(reread.bytes == Array("# no newline\n5 5 * * * /bin/other\r\n".utf8))
    }

    @Test func theBlockLooksLikeThis() throws {
        var document = try Self.parse(Array("MAILTO=me\n".utf8))
        _ = document.add(summary: "--every 1h", lines: ["0 * * * * /bin/bv remind"])
        #expect(
            String(decoding: document.bytes, as: UTF8.self) == """
                MAILTO=me
                # BEGIN breathe-voice reminders, managed by "breathe-voice schedule": change them with it
                # breathe-voice reminder 1: --every 1h
                0 * * * * /bin/bv remind
                # END breathe-voice reminders

                """)
        let reminder = try Self.parse(document.bytes).reminders[0]
        #expect(reminder.timings == ["0 * * * *"])
        #expect(reminder.programs == ["/bin/bv"])
    }

    @Test func programsSkipTheEnvironmentSettings() {
        let reminder = ScheduledReminder(
            id: 3, summary: "",
            lines: [
                "0 9 * * * XDG_RUNTIME_DIR=/run/user/1000 '/opt/my tools/breathe-voice' remind"
            ])
        #expect(reminder.programs == ["/opt/my tools/breathe-voice"])
    }

    @Test func aBeginLineWithoutEndIsRefused() {
        let bytes = Array("# BEGIN breathe-voice reminders, managed by \"breathe-voice schedule\"\n0 * * * * x\n".utf8)
        guard case .failure(let error) = CrontabDocument.parse(bytes) else {
            Issue.record("an open block was accepted")
            return
        }
        #expect(error.message.key == .errorCrontabBlockOpen)
    }

    static let begin = "# BEGIN breathe-voice reminders, managed by \"breathe-voice schedule\": change them with it"
    static let end = "# END breathe-voice reminders"

    @Test func everyBlockIsReadAndWritingGathersThemIntoOne() throws {
        let text = """
            MAILTO=me
            \(Self.begin)
            # breathe-voice reminder 1: --at 09:00
            0 9 * * * XDG_RUNTIME_DIR=/run/user/1000 /bin/bv remind
            \(Self.end)
            5 5 * * * /bin/other
            \(Self.begin)
            # breathe-voice reminder 2: --at 10:00
            0 10 * * * XDG_RUNTIME_DIR=/run/user/1000 /bin/bv remind --lang es
            \(Self.end)
            # tail

            """
        let document = try Self.parse(Array(text.utf8))
        #expect(document.reminders.map(\.id) == [1, 2])
        #expect(document.reminders[1].lines == ["0 10 * * * XDG_RUNTIME_DIR=/run/user/1000 /bin/bv remind --lang es"])

        var all = document
        #expect(all.removeAll().map(\.id) == [1, 2])
        #expect(String(decoding: all.bytes, as: UTF8.self) == "MAILTO=me\n5 5 * * * /bin/other\n# tail\n")

        var one = document
        _ = one.remove(id: 1)
        #expect(
            String(decoding: one.bytes, as: UTF8.self) == """
                MAILTO=me
                \(Self.begin)
                # breathe-voice reminder 2: --at 10:00
                0 10 * * * XDG_RUNTIME_DIR=/run/user/1000 /bin/bv remind --lang es
                \(Self.end)
                5 5 * * * /bin/other
                # tail

                """)
        #expect(try Self.parse(one.bytes).reminders.map(\.id) == [2])
    }

    @Test func aLineSomeoneAddedInsideTheBlockIsNeverTakenNorDeleted() throws {
        let text = """
            \(Self.begin)
            30 7 * * * /home/me/bin/coffee
            # breathe-voice reminder 1: --at 09:00
            0 9 * * * /bin/bv remind
            # my own note
            15 9 * * * /usr/bin/backup --quiet 50\\%
            \(Self.end)

            """
        let document = try Self.parse(Array(text.utf8))
        #expect(
            document.reminders == [ScheduledReminder(id: 1, summary: "--at 09:00", lines: ["0 9 * * * /bin/bv remind"])]
        )

        var removed = document
        #expect(removed.removeAll().map(\.id) == [1])
        #expect(
            String(decoding: removed.bytes, as: UTF8.self) == """
                30 7 * * * /home/me/bin/coffee
                # my own note
                15 9 * * * /usr/bin/backup --quiet 50\\%

                """)

        // Written back, the block holds only ours; the other lines stay, outside it, and are still not ours.
        var added = document
        _ = added.add(summary: "--at 10:00", lines: ["0 10 * * * /bin/bv remind"])
        let reread = try Self.parse(added.bytes)
        #expect(reread.reminders.map(\.id) == [1, 2])
        var emptied = reread
        _ = emptied.removeAll()
        #expect(emptied.bytes == removed.bytes)
    }

    @Test func aLineWithoutAReminderAboveItIsNotOurs() throws {
        let text = "\(Self.begin)\n0 9 * * * /bin/bv remind\n\(Self.end)\n"
        let document = try Self.parse(Array(text.utf8))
        #expect(document.reminders.isEmpty)
        #expect(document.bytes == Array("0 9 * * * /bin/bv remind\n".utf8))
    }
}

import ArgumentParser
import BreatheCore
import BreatheVoiceKit

extension BreatheVoice {
    /// `breathe-voice doctor`: what works and what to fix, one line per check.
    struct Doctor: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check speech, sound, the schedule and quiet hours; say how to fix what is wrong.",
            discussion: """
            Prints one line per check, "ok: …" or "problem: … — fix: …". Exits 0 when every check passes and 1 \
            when any finds a problem.
            """
        )

        @OptionGroup var language: LanguageOption

        func run() throws {
            let localizer = try language.resolve()
            let environment = ProcessEnvironment.current
            let checks = DoctorChecks.standard(
                environment: environment, crontab: .live(environment: environment), quietHours: nil
            )
            var output = FileDescriptorSink.standardOutput
            var problems = 0
            for check in checks {
                for finding in check.run() {
                    output.write(PlainText.line(finding.line(localizer)))
                    if finding.isProblem { problems += 1 }
                }
            }
            if problems > 0 { throw CommandFailure(code: 1) }
        }
    }
}

import ArgumentParser
import BreatheCore
import BreatheSystem
import BreatheVoiceKit

/// Parses the command line, runs the command and turns every failure into one line on stderr and a documented exit code.
package enum Entry {
    /// The command the words name, validated, not run: what `main` runs (and what the benchmark's command-line floor
    /// parses, `Benchmarks/bench_floors.py`).
    package static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        try BreatheVoice.parseAsRoot(arguments)
    }

    /// The names the first word may give: the commands, and `help` (read only after a leading `--lang`: each command's
    /// configuration builds its help).
    static var commandNames: Set<String> {
        Set(BreatheVoice.configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"])
    }

    package static func main(_ words: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        // `--lang es history` is `history --lang es`.
        let arguments = InterfaceLanguage.commandFirst(words) { commandNames }
        // Before anything else: a stopping signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2) from now on is
        // kept for the session (see SignalSource).
        SignalSource.installEarly()
        OutputHealth.start()
        // A session played through the sound server connects early. When the user's cookie is there whole, now: the
        // handshake overlaps the parse (about 22 M instructions of argument-parser's). Otherwise once its options and
        // preferences are settled (`Start.run`), overlapping the rest of the setup: a refused command line ends the
        // run at once, and libpulse's thread might be creating the cookie then, leaving it half written (the next
        // client printed "Failed to truncate cookie file" on our standard error).
        let early = EarlyConnection.isWanted(arguments: arguments)
        var started =
            early && PulseCookie.isWhole(environment: ProcessEnvironment.current)
            ? AudioSession.connectEarly(environment: ProcessEnvironment.current) : nil
        func finish(_ code: Int32) -> Never {
            // A signal that no session took (a session command that ended without one, or one that came as it ended)
            // still gives its documented exit.
            var code = code
            if code == ExitStatus.success, let number = SignalSource.pendingStop() {
                code = SignalSource.exitCode(for: number)
            }
            let status = OutputHealth.exitCode(code, localizer: InterfaceLanguage.localizer(arguments: arguments))
            // Everything is written by then (write(2), unbuffered), so of what exit() does only the terminal's
            // restoring matters; the rest runs every loaded library's destructors (libpulse's, eSpeak NG's, ALSA's),
            // whose code nothing else touched: about 0.5 MiB more resident just to end.
            Terminal.restoreBeforeExit()
            ProcessExit.now(status)
        }
        do {
            if let page = try helpTopicPage(arguments) {
                SignalSource.releaseEarly()
                var standardOutput = FileDescriptorSink.standardOutput
                standardOutput.write(page + "\n")
                finish(ExitStatus.success)
            }
            // `help COMMAND` is argument-parser's own command, which takes no `--lang` (the page is laid out again in the
            // language below).
            var command = try parse(
                arguments.first == "help" ? InterfaceLanguage.withoutLangFlag(arguments) : arguments)
            // For the session, whichever command runs it (`SessionFrontend.start` takes it).
            EarlyConnectionHandOff.give(EarlyConnectionHandOff(wanted: early, started: started))
            started = nil
            if !(command is SessionCommand) { SignalSource.releaseEarly() }
            // Temporary files a killed run left in our folders more than an hour ago.
            StaleTemporaries.sweep()
            try command.run()
            finish(ExitStatus.success)
        } catch let error as CommandFailure {
            var standardError = FileDescriptorSink.standardError
            if let line = error.line { standardError.write(PlainText.line(line)) }
            finish(error.code)
        } catch {
            SignalSource.releaseEarly()
            let code = BreatheVoice.exitCode(for: error)
            if code == .success {
                // --help and --version.
                var standardOutput = FileDescriptorSink.standardOutput
                let message = BreatheVoice.fullMessage(for: error)
                if message == BreatheVoice.configuration.version {
                    // The version is the same in every language: no preferences or locale files to read.
                    standardOutput.write(
                        (arguments.contains("--verbose") ? BreatheVoice.verboseVersion : message) + "\n")
                    finish(ExitStatus.success)
                }
                // A help page is argument-parser's page, laid out again from the locale files (HelpPage: the same page,
                // in the user's language, its placeholders such as {exitCodes} filled in before it is wrapped).
                let localizer = InterfaceLanguage.localizer(arguments: arguments)
                let page = localizedHelp(message, localizer: localizer, arguments: arguments)
                standardOutput.write((page ?? message) + "\n")
                finish(ExitStatus.success)
            }
            let localizer = InterfaceLanguage.localizer(arguments: arguments)
            let text = ArgumentErrorText(localizer: localizer, arguments: arguments, root: HelpTree.program.root)
                .line(for: BreatheVoice.message(for: error))
            var standardError = FileDescriptorSink.standardError
            standardError.write(PlainText.line(localizer.string(Message(.errorPrefix, ["message": .text(text)]))))
            finish(code == .validationFailure ? ExitStatus.usage : code.rawValue)
        }
    }
}

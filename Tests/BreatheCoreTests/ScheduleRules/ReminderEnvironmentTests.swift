import Testing

@testable import BreatheCore

/// The variables a reminder's command sets: the runtime folder, and the shell's XDG folders when they are absolute,
/// written so that cron with the shell, and systemd, read back exactly the same values.
@Suite struct ReminderEnvironmentTests {
    @Test func onlyAbsoluteFoldersThatFitOnALineAreCarried() {
        let environment = ReminderEnvironment(
            userID: 1000,
            shell: [
                "XDG_CONFIG_HOME": "/home/me/conf\nig", "XDG_STATE_HOME": "", "XDG_CACHE_HOME": "cache",
                "XDG_DATA_HOME": "/home/me/data",
            ])
        #expect(environment.assignments.map(\.name) == ["XDG_RUNTIME_DIR"])
        #expect(environment.cronWords == "XDG_RUNTIME_DIR=/run/user/1000")
        #expect(environment.systemdLines == ["Environment=XDG_RUNTIME_DIR=/run/user/1000"])
    }

    @Test(arguments: ["/plain/folder", "/it's 100% \"odd\" $HOME", "/back\\slash \\%", "/añejo ünïcode/%%"])
    func everyFolderComesBackWhole(folder: String) {
        let shell = ["XDG_CONFIG_HOME": folder, "XDG_STATE_HOME": folder + "/state", "XDG_CACHE_HOME": "/c"]
        let environment = ReminderEnvironment(userID: 7, shell: shell)
        let expected = shell.merging(["XDG_RUNTIME_DIR": "/run/user/7"]) { $1 }
        #expect(environment.assignments.map(\.name) == ["XDG_RUNTIME_DIR"] + ReminderEnvironment.carried)
        #expect(ReminderEnvironment.settings(inCommand: environment.cronWords + " /bin/bv remind") == expected)
        let service = (["[Service]"] + environment.systemdLines + ["ExecStart=/bin/bv remind"]).joined(separator: "\n")
        #expect(SystemdReminderUnits.settings(inService: service) == expected)
    }
}

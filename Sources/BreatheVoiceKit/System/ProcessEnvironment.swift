/// The process environment as a dictionary, read from `environ` without Foundation.
package enum ProcessEnvironment {
    /// The environment as it was at first use, read once per process: the program never changes its own environment
    /// (nothing calls setenv, putenv or unsetenv; children are given `environ` or a dictionary of their own), so one
    /// snapshot serves the many calls that take it as a default argument.
    package static var current: [String: String] { snapshot }

    private static let snapshot = read()

    /// Every `NAME=value` entry of `environ`; a later entry of the same name wins, as before.
    static func read() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}

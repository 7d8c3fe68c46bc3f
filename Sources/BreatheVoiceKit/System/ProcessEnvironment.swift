/// The process environment as a dictionary, read from `environ` without Foundation.
package enum ProcessEnvironment {
    package static var current: [String: String] {
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

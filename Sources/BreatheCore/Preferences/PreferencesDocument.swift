/// The contents of the preferences file: the values it sets, where each was found, and any members this version does
/// not know (kept, so that rewriting the file never loses them).
package struct PreferencesDocument: Hashable, Sendable {
    package var values: [PreferenceKey: PreferenceValue]
    var unknownMembers: [String: JSONValue]

    package init(values: [PreferenceKey: PreferenceValue] = [:], unknownMembers: [String: JSONValue] = [:]) {
        self.values = values
        self.unknownMembers = unknownMembers
    }

    /// The saved patterns, in file order.
    package var customPatterns: [BreathingPattern] {
        if case .patterns(let patterns)? = values[.customPatterns] { patterns } else { [] }
    }

    /// A problem with the file, at a line and column.
    package struct Problem: Error, Hashable, Sendable {
        package var message: Message
        package var line: Int
        package var column: Int
        /// True when the file is newer than this program, which changes the advice given.
        package var isNewerVersion: Bool

        init(message: Message, line: Int, column: Int, isNewerVersion: Bool = false) {
            self.message = message
            self.line = line
            self.column = column
            self.isNewerVersion = isNewerVersion
        }
    }

    /// A member this version does not know, reported as a warning.
    package struct UnknownKey: Hashable, Sendable {
        package var key: String
        package var line: Int
        package var column: Int
    }

    /// Reads the file's bytes: syntax, version, then every value.
    package static func decode(_ bytes: [UInt8], rules: PreferenceRules) -> Result<
        (PreferencesDocument, [UnknownKey]), Problem
    > {
        switch JSONParser.parse(bytes) {
        case .failure(let error):
            return .failure(
                Problem(
                    message: Message(.errorPrefsFileSyntax, ["problem": .message(Message(syntaxKey(error.kind)))]),
                    line: error.line, column: error.column
                ))
        case .success(let root):
            return decode(root, rules: rules)
        }
    }

    static func syntaxKey(_ kind: JSONSyntaxError.Kind) -> MessageKey {
        switch kind {
        case .unexpectedEnd: .jsonUnexpectedEnd
        case .unexpectedCharacter, .trailingContent: .jsonUnexpectedCharacter
        case .invalidUTF8: .jsonInvalidUTF8
        case .invalidEscape: .jsonInvalidEscape
        case .invalidNumber: .jsonInvalidNumber
        case .duplicateKey: .jsonDuplicateKey
        case .tooDeep: .jsonTooDeep
        }
    }

    static func decode(_ root: JSONNode, rules: PreferenceRules) -> Result<(PreferencesDocument, [UnknownKey]), Problem>
    {
        guard case .object(let members) = root.value else {
            return .failure(Problem(message: Message(.errorPrefsFileNotObject), line: root.line, column: root.column))
        }
        if let version = root.value["version"] {
            guard let number = version.value.integer, number >= 1 else {
                return .failure(
                    Problem(message: Message(.errorPrefsFileVersion), line: version.line, column: version.column))
            }
            if number > PreferenceRules.version {
                return .failure(
                    Problem(
                        message: Message(
                            .errorPrefsFileNewer,
                            ["version": .integer(number), "known": .integer(PreferenceRules.version)]),
                        line: version.line, column: version.column, isNewerVersion: true
                    ))
            }
        }
        var document = PreferencesDocument()
        var unknown: [UnknownKey] = []
        // Patterns first: the default pattern may name one of them.
        var ordered = members.filter { $0.key == PreferenceKey.customPatterns.rawValue }
        ordered += members.filter { $0.key != PreferenceKey.customPatterns.rawValue }
        for member in ordered {
            var entries: [(PreferenceKey, JSONNode)] = []
            if member.key == "version" { continue }
            if member.key == "remind" {
                guard case .object(let remind) = member.node.value else {
                    return .failure(
                        Problem(
                            message: Message(
                                .errorPrefsFileValue,
                                ["key": .text("remind"), "allowed": .message(Message(.allowedRemind))]),
                            line: member.node.line, column: member.node.column
                        ))
                }
                for entry in remind {
                    if let key = PreferenceKey(rawValue: "remind." + entry.key) {
                        entries.append((key, entry.node))
                    } else {
                        unknown.append(
                            UnknownKey(key: "remind." + entry.key, line: entry.node.line, column: entry.node.column))
                    }
                }
            } else if let key = PreferenceKey(rawValue: member.key), !key.rawValue.contains(".") {
                entries.append((key, member.node))
            } else {
                unknown.append(UnknownKey(key: member.key, line: member.node.line, column: member.node.column))
                document.unknownMembers[member.key] = member.node.value
                continue
            }
            for (key, node) in entries {
                // JSON null is a wrong type like any other: only an absent key is unset.
                switch rules.decode(key, node, customPatterns: document.customPatterns) {
                case .success(let value): document.values[key] = value
                case .failure(let error):
                    return .failure(Problem(message: error.message, line: node.line, column: node.column))
                }
            }
        }
        return .success((document, unknown))
    }

    /// The file's text: version first, then the set keys in a fixed order, then members kept from a newer program.
    package func encoded() -> String {
        var members: [(key: String, node: JSONNode)] = [
            (key: "version", node: JSONNode(.number(String(PreferenceRules.version))))
        ]
        var remind: [(key: String, node: JSONNode)] = []
        // The `remind` object goes where its last set key is, once it holds all of them.
        let lastRemind = PreferenceKey.allCases.last { $0.rawValue.hasPrefix("remind.") && values[$0] != nil }
        for key in PreferenceKey.allCases {
            guard let value = values[key] else { continue }
            if key.rawValue.hasPrefix("remind.") {
                remind.append((key: String(key.rawValue.dropFirst("remind.".count)), node: JSONNode(value.json)))
            } else {
                members.append((key: key.rawValue, node: JSONNode(value.json)))
            }
            if key == lastRemind {
                members.append((key: "remind", node: JSONNode(.object(remind))))
            }
        }
        for key in unknownMembers.keys.sorted() {
            members.append((key: key, node: JSONNode(unknownMembers[key]!)))
        }
        return JSONWriter.pretty(.object(members))
    }
}

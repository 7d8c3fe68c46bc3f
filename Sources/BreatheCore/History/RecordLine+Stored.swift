extension RecordLine {
    /// The record exactly as its line holds it (`history --json`): every member, those this version does not know
    /// included, in their order and spacing; only an amendment's mood replaces the value of `moodAfter` (the line is
    /// then written again, compact, its members in the same order).
    package func appendStoredJSON(to output: inout [UInt8]) {
        guard moodAfter != storedMoodAfter, case .success(let node) = JSONParser.parse(bytes, positions: false),
            case .object(var members) = node.value
        else {
            output.append(contentsOf: bytes)
            return
        }
        let value: JSONValue = moodAfter.map { .number(String($0)) } ?? .null
        if let index = members.firstIndex(where: { $0.key == "moodAfter" }) {
            members[index].node = JSONNode(value)
        } else {
            members.append(JSONValue.Member(key: "moodAfter", node: JSONNode(value)))
        }
        output.append(contentsOf: JSONWriter.compact(.object(members)).utf8)
    }
}

import Testing

@testable import BreatheCore

/// What makes two JSON values equal: the values, member by member in order, never where they were found.
@Suite struct JSONValueTests {
    static func parsed(_ text: String) throws -> JSONValue {
        try JSONParser.parse(text).get().value
    }

    @Test func whereAValueWasFoundDoesNotChangeIt() throws {
        let compact = try Self.parsed(#"{"a":[1,{"b":null}],"c":"x"}"#)
        let spread = try Self.parsed("{\n  \"a\": [ 1, { \"b\": null } ],\n  \"c\": \"x\"\n}")
        let built: JSONValue = .object([
            "a": .array([JSONNode(.number("1")), JSONNode(.object(["b": .null]))]),
            "c": .string("x"),
        ])
        #expect(compact == spread)
        #expect(compact == built)
        #expect(Set([compact, spread, built]).count == 1)
        #expect(compact.hashValue == spread.hashValue)
    }

    @Test func membersAreComparedInOrder() throws {
        let ab = try Self.parsed(#"{"a":1,"b":2}"#)
        let ba = try Self.parsed(#"{"b":2,"a":1}"#)
        #expect(ab != ba)
        #expect(ab != (try Self.parsed(#"{"a":1}"#)))
        #expect(ab != (try Self.parsed(#"{"a":1,"b":2,"c":3}"#)))
        #expect(ab != (try Self.parsed(#"{"a":1,"c":2}"#)))
        #expect(ab != (try Self.parsed(#"{"a":1,"b":3}"#)))
    }

    /// The parser refuses duplicate keys, but objects built in memory may hold them: compared member by member.
    @Test func duplicateKeysAreComparedByPosition() {
        let one = JSONNode(.number("1"))
        let two = JSONNode(.number("2"))
        let first: JSONValue = .object([(key: "a", node: one), (key: "a", node: two)])
        let second: JSONValue = .object([(key: "a", node: two), (key: "a", node: one)])
        #expect(first == first)
        #expect(first != second)
        #expect(first != .object([(key: "a", node: one)]))
        #expect(first["a"] == one)
    }

    @Test func kindsNeverEqualEachOther() {
        let values: [JSONValue] = [
            .null, .bool(false), .bool(true), .number("1"), .string("1"), .array([]), .object([JSONValue.Member]()),
            .array([JSONNode(.null)]), .object(["": .null]),
        ]
        for (i, a) in values.enumerated() {
            for (j, b) in values.enumerated() {
                #expect((a == b) == (i == j), "\(a) and \(b)")
            }
        }
        #expect(Set(values).count == values.count)
    }

    /// Numbers are kept as written: equal numbers written differently are different values.
    @Test func numbersCompareAsWritten() {
        #expect(JSONValue.number("1.0") != .number("1"))
        #expect(JSONValue.number("1.0").tenths == JSONValue.number("1").tenths)
    }
}

import Testing

@testable import BreatheCore

@Suite struct JSONParserTests {
    @Test func parsesNestedValuesWithPositions() throws {
        let node = try JSONParser.parse("{\n  \"a\": [1, 2.5, \"é\\u00e9\"],\n  \"b\": {\"c\": null, \"d\": true}\n}")
            .get()
        #expect(node.value["a"]?.line == 2)
        #expect(node.value["a"]?.column == 8)
        guard case .array(let items)? = node.value["a"]?.value else {
            Issue.record("not an array")
            return
        }
        #expect(items.map(\.value) == [.number("1"), .number("2.5"), .string("éé")])
        #expect(node.value["b"]?.value["d"]?.value == .bool(true))
    }

    @Test(arguments: [
        ("", JSONSyntaxError.Kind.unexpectedEnd, 1, 1),
        ("{\"a\": 1,}", .unexpectedCharacter, 1, 9),
        ("{\"a\": 01}", .invalidNumber, 1, 7),
        ("{\"a\": 1}\n x", .trailingContent, 2, 2),
        ("{\"a\": 1, \"a\": 2}", .duplicateKey, 1, 10),
        ("{\"a\": \"\\q\"}", .invalidEscape, 1, 8),
        ("{\"é\": tru", .unexpectedEnd, 1, 10),
    ])
    func reportsErrorsWithLineAndColumn(text: String, kind: JSONSyntaxError.Kind, line: Int, column: Int) {
        guard case .failure(let error) = JSONParser.parse(text) else {
            Issue.record("parsed \(text)")
            return
        }
        #expect(error.kind == kind)
        #expect(error.line == line)
        #expect(error.column == column)
    }

    @Test func invalidUTF8InsideAStringIsReported() {
        let bytes: [UInt8] = Array("{\"a\": \"x".utf8) + [0xC3, 0x28] + Array("\"}".utf8)
        guard case .failure(let error) = JSONParser.parse(bytes) else {
            Issue.record("parsed")
            return
        }
        #expect(error.kind == .invalidUTF8)
        #expect(error.column == 9)
    }

    @Test func randomBytesNeverTrap() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            _ = JSONParser.parse(bytes)
        }
        _ = JSONParser.parse(String(repeating: "[", count: 10_000))
    }

    @Test func writerRoundTripsThroughTheParser() throws {
        let value = JSONValue.object([
            "q": .string("a \"quoted\", \\ line\nbreak\u{1}"), "n": .number("-2.5"), "e": .array([]),
        ])
        let again = try JSONParser.parse(JSONWriter.compact(value)).get().value
        #expect(again == value)
        #expect(try JSONParser.parse(JSONWriter.pretty(value)).get().value == value)
    }
}

import FamilyModel
import Testing

@Suite struct JSONParserTests {
    func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue { try JSONParser().parse(Array(text.utf8)) }

    @Test func parsesEveryKindOfValue() throws {
        let value = try parse(#"{"a": [1, -2.5e2, true, false, null], "b": "x\"y\u00e9\ud83d\ude00", "c": {}}"#)
        #expect(value["a"] == .array([.number(1), .number(-250), .bool(true), .bool(false), .null]))
        #expect(value["b"] == .string("x\"yé😀"))
        #expect(value["c"] == .object([]))
    }

    @Test func keepsMemberOrder() throws {
        guard case .object(let members) = try parse(#"{"z": 1, "a": 2, "m": 3}"#) else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["z", "a", "m"])
    }

    @Test(arguments: [
        ("", 1, 1, "empty"),
        ("{\"a\": 1,\n \"b\" 2}", 2, 6, "expected ':'"),
        ("[1, 2", 1, 6, "unexpected end"),
        ("[1 2]", 1, 4, "expected ',' or ']'"),
        ("{\"a\": tru}", 1, 7, "invalid literal"),
        ("\"abc", 1, 1, "unterminated string"),
        ("[\"a\u{0}b\"]", 1, 4, "NUL byte"),
        ("[01]", 1, 3, "expected ',' or ']'"),
        ("[1] x", 1, 5, "unexpected text after"),
        ("{\"a\": \"\\q\"}", 1, 8, "invalid escape"),
    ])
    func reportsWhereSyntaxFails(text: String, line: Int, column: Int, fragment: String) {
        #expect {
            _ = try parse(text)
        } throws: { error in
            guard let error = error as? JSONSyntaxError else { return false }
            return error.line == line && error.column == column && error.message.contains(fragment)
        }
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: JSONSyntaxError.self) { try JSONParser().parse([0x22, 0xFF, 0xFE, 0x22]) }
    }

    @Test func deepNestingIsRefusedWithoutOverflowingTheStack() {
        let deep = String(repeating: "[", count: 1_000_000) + String(repeating: "]", count: 1_000_000)
        #expect {
            _ = try parse(deep)
        } throws: { ($0 as? JSONSyntaxError)?.message.contains("nesting deeper than 512") == true }
        let allowed = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { _ = try parse(allowed) }
    }

    @Test func acceptsAByteOrderMark() throws {
        #expect(try JSONParser().parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.number(1)]))
    }

    @Test func valuesAreCountedAgainstALimitWhileParsing() throws {
        let twenty = "[" + Array(repeating: "1", count: 20).joined(separator: ",") + "]"
        #expect(throws: JSONSyntaxError.self) { try JSONParser(maximumValues: 10).parse(Array(twenty.utf8)) }
        #expect(try JSONParser(maximumValues: 21).parse(Array(twenty.utf8)) != .null)
        // --max-persons bounds what a seed file may hold before it is all in memory.
        let persons = (0..<200).map { #"{"id": "p\#($0)", "name": "P"}"# }.joined(separator: ",")
        var options = FamilyImport.Options()
        options.maximumPersons = 1
        #expect(throws: FamilyInputError.self) { try FamilyImport(bytes: Array("[[\(persons)]]".utf8), source: "f.json", options: options) }
    }

    @Test func anEscapedNULIsRefusedLikeARawOne() {
        #expect(throws: JSONSyntaxError.self) { try JSONParser().parse(Array(#"["a\u0000b"]"#.utf8)) }
        #expect(throws: JSONSyntaxError.self) { try JSONParser().parse(Array("[\"a\u{0}b\"]".utf8)) }
    }

    @Test func messagesNeverQuoteAControlCharacter() {
        // Found by FuzzManifest: a DEL where a value should start was quoted raw.
        for bytes: [UInt8] in [[0x7F], Array(#"["\"#.utf8) + [0x7F, 0x22, 0x5D], Array(#"["\"#.utf8) + [0x01, 0x22, 0x5D]] {
            do {
                _ = try JSONParser().parse(bytes)
                Issue.record("\(bytes) parsed")
            } catch {
                #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(error.message)")
            }
        }
    }
}

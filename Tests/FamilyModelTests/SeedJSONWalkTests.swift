import FamilyModel
import Testing
import TestSupport

/// The seed decoder reads a document while scanning it (`SeedDocumentWalk`); these check
/// that it refuses exactly what the whole-document parser refuses, where and with the words
/// the parser uses, and reads what the parser reads as the parser's tree would be read.
@Suite struct SeedJSONWalkTests {
    static let document = #"""
        {"title": {"a": [1, 2.5e1, "x", null, true]}, "generations": [
          [{"id": "a", "name": "A\u00e9", "gender": "male", "age": 60, "coupleID": "b", "childrenIDs": ["c", 7], "extra": [[{}]]},
           {"id": "b", "na\u006de": "B", "coupleID": "a", "childRelations": {"c": "adopted"}, "id": "ignored"}],
          [{"id": "c", "name": "C", "birthYear": 1950, "birthPlace": "X"}, {"id": 7, "name": "Seven", "living": false}],
          []
        ], "generations": 5, "tail": "t"}
        """#

    /// The syntax error `JSONParser` finds in `bytes`, if any.
    static func parserError(_ bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try JSONParser().parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// The syntax error the seed decoder reports for `bytes`, if any.
    static func decoderError(_ bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try SeedJSONDecoder().decode(bytes, source: "in.json")
            return nil
        } catch {
            guard case .syntax(_, let error) = error else { return nil }
            return error
        }
    }

    @Test func everyCutOfADocumentIsRefusedAsTheParserRefusesIt() {
        let bytes = Array(Self.document.utf8)
        #expect(Self.parserError(bytes) == nil && Self.decoderError(bytes) == nil)
        for end in 0..<bytes.count {
            let cut = Array(bytes[..<end])
            #expect(Self.decoderError(cut) == Self.parserError(cut), "cut at \(end)")
        }
    }

    @Test func everyByteReplacedIsRefusedAsTheParserRefusesIt() {
        let bytes = Array(Self.document.utf8)
        // Bytes that break or bend JSON: brackets, separators, quotes, escapes, letters, control and non-ASCII bytes.
        let replacements: [UInt8] = Array("[]{},:\"\\ -0e.tn".utf8) + [0x00, 0x01, 0x0A, 0x80, 0xC3, 0xFF]
        var differing: [String] = []
        for position in bytes.indices {
            for replacement in replacements where replacement != bytes[position] {
                var changed = bytes
                changed[position] = replacement
                if Self.decoderError(changed) != Self.parserError(changed) { differing.append("\(position): \(replacement)") }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
    }

    @Test func nestingAndValueLimitsAreTheParsers() {
        let deep = Array((#"{"x": "# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + #", "generations": []}"#).utf8)
        #expect(Self.decoderError(deep) == Self.parserError(deep))
        #expect(Self.decoderError(deep)?.message == "nesting deeper than 512 levels")
        let bytes = Array(Self.document.utf8)
        do {
            _ = try SeedJSONDecoder(maximumPersons: 0).decode(bytes + Array(String(repeating: " ", count: 10).utf8), source: "in.json")
        } catch {
            Issue.record("a small document within the slack of 4,096 values: \(error)")
        }
    }

    /// Every person of a wrong type is a problem, all of them listed: the list grows in
    /// place (a reader handed the list so far copied it for each one it added: 25,000
    /// such persons took 11 s, 100,000 took 164 s).
    @Test func manyProblemsCostAboutTheirNumber() {
        func document(_ count: Int) -> [UInt8] {
            Array(("[[" + (0..<count).map { #"{"id": "p\#($0)", "age": "x"}"# }.joined(separator: ",") + "]]").utf8)
        }
        let (small, large) = (document(4_000), document(16_000))
        var problems = 0
        let ratio = CostGrowth.ratio({ _ = try? SeedJSONDecoder().decode(small, source: "s.json") }, {
            do throws(FamilyInputError) { _ = try SeedJSONDecoder().decode(large, source: "l.json") } catch {
                if case .invalid(_, let list) = error { problems = list.count }
            }
        })
        #expect(ratio < 9, "4× the problems took \(ratio)× the time")
        #expect(problems == 16_000)
    }

    @Test func theFirstOfRepeatedKeysCountsAndEscapedKeysAreTheirLetters() throws {
        let data = try SeedJSONDecoder().decode(Array(Self.document.utf8), source: "in.json").data
        #expect(data.generations.map(\.count) == [2, 2, 0])
        let b = data.generations[0][1]
        #expect(b.id == "b" && b.name == "B" && b.childRelations == ["c": .adopted])
        #expect(data.generations[0][0].name == "Aé" && data.generations[0][0].childrenIDs == ["c", "7"])
        #expect(data.generations[1][1].id == "7" && data.generations[1][1].isLiving == false)
    }
}

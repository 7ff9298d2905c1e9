import FamilyModel
import Testing

@Suite struct SeedJSONDecoderTests {
    func decode(_ text: String) throws(FamilyInputError) -> SeedJSONDecoder.Output {
        try SeedJSONDecoder().decode(Array(text.utf8), source: "in.json")
    }

    func problems(_ text: String) -> [ValidationProblem] {
        do {
            _ = try decode(text)
            return []
        } catch {
            guard case .invalid(_, let problems) = error else { return [] }
            return problems
        }
    }

    @Test func readsTheSeedShapeWrappedAndBare() throws {
        let person = #"{"id": "a", "name": "小明", "gender": "male", "age": 30, "coupleID": "", "childrenIDs": []}"#
        let wrapped = try decode(#"{"generations": [[\#(person)]]}"#).data
        let bare = try decode("[[\(person)]]").data
        #expect(wrapped == bare)
        #expect(wrapped.generations[0][0] == Person(id: "a", name: "小明", gender: .male, age: 30, generation: 0))
    }

    @Test func toleratesMissingOptionalFieldsAndUnknownOnes() throws {
        let data = try decode(#"[[{"id": "a", "name": "A", "coupleID": null, "photo": "x.png", "extra": {"deep": [1]}}, {"id": 7, "name": "B"}]]"#).data
        #expect(data.generations[0][0].coupleID == nil)
        #expect(data.generations[0][0].gender == .unknown)
        #expect(data.generations[0][0].age == nil)
        #expect(data.generations[0][0].childrenIDs.isEmpty)
        #expect(data.generations[0][1].id == "7")
    }

    @Test func readsGenderSpellings() {
        #expect(Gender(loose: "M") == .male)
        #expect(Gender(loose: "女") == .female)
        #expect(Gender(loose: "Female") == .female)
        #expect(Gender(loose: "other") == .unknown)
        #expect(Gender(loose: nil) == .unknown)
    }

    @Test func reportsEveryWrongTypeWithItsPath() {
        let found = problems(#"[[{"id": "a", "name": "A", "age": "x", "childrenIDs": "b"}, {"name": "no id"}], 5]"#)
        #expect(found == [
            .wrongType(path: "generations[0][0].age", expected: "a whole number", found: "a string"),
            .wrongType(path: "generations[0][0].childrenIDs", expected: "an array of ids", found: "a string"),
            .missingField(path: "generations[0][1]", field: "id"),
            .wrongType(path: "generations[1]", expected: "an array of persons", found: "a number"),
        ])
    }

    @Test func refusesDocumentsOfAnotherShape() {
        #expect(problems(#"{"people": []}"#) == [.notAGenerationsDocument(found: "an object")])
        #expect(problems(#""text""#) == [.notAGenerationsDocument(found: "a string")])
        #expect(problems(#"{"generations": 3}"#) == [.wrongType(path: "generations", expected: "an array of generations", found: "a number")])
    }

    @Test func syntaxErrorsNameFileLineAndColumn() {
        #expect {
            _ = try decode("[[\n{\"id\": }]]")
        } throws: { "\($0)".hasPrefix("in.json:2:8: invalid JSON") }
    }

    @Test func warnsAboutWhatItTolerates() throws {
        let output = try decode(#"[[{"id": "a", "age": -3}], []]"#)
        #expect(output.data.generations[0][0].age == nil)
        #expect(output.warnings == [
            .missingName(id: "a", path: "generations[0][0]"),
            .implausibleAge(id: "a", path: "generations[0][0]", age: -3),
            .emptyGeneration(index: 1),
        ])
    }
}

import FamilyModel
import TestSupport
import Testing

@Suite struct LivingRedactionTests {
    let graph: FamilyGraph = try! TestFamilies.graph(gedcom: "multi-partner")

    @Test func theRuleUsesDeathsBirthsFlagsAndRelatives() throws {
        let living = LivingRedaction(currentYear: 2026).living(in: graph)
        let names = Dictionary(uniqueKeysWithValues: graph.persons.indices.map { (graph.persons[$0].name, living[$0]) })
        #expect(names["Alex Morgan"] == false, "died 1975")
        #expect(names["Carla Ruiz"] == false, "born 1910, no death: over 100 years ago")
        #expect(names["Ed Morgan"] == false && names["Fay Morgan"] == true, "born 1925 (101 years) and 1927 (99 years)")
        #expect(names["Max Morgan"] == true)
        #expect(names["Kim Park"] == true && names["Lou Tran"] == true, "no dates: living because a child is")
        let seed = try TestFamilies.graph(json: """
            [[{"id": "a", "name": "A", "age": 40}, {"id": "b", "name": "B", "age": 40, "living": false},
              {"id": "c", "name": "C", "birthYear": 1900, "living": true}, {"id": "d", "name": "D"}]]
            """)
        #expect(LivingRedaction(currentYear: 2026).living(in: seed) == [true, false, true, false])
    }

    @Test func redactedPersonsLoseNameIdDatesAndPhotoButKeepTheirPlace() {
        let (hidden, count) = LivingRedaction(currentYear: 2026, label: "Private").apply(to: graph)
        #expect(count == 9)
        #expect(hidden.unions == graph.unions && hidden.unionsOf == graph.unionsOf)
        let fay = hidden.persons[graph.index(of: "I6")!]
        #expect(fay.name == "Private" && fay.id.hasPrefix("living-") && fay.birthYear == nil && fay.lifeYears == nil)
        #expect(fay.gender == .female)
        #expect(!hidden.persons.contains { $0.name == "Max Morgan" || $0.id == "I13" })
        #expect(hidden.suggestedTitle == "Family of Alex Morgan & Beth Lund")
    }
}

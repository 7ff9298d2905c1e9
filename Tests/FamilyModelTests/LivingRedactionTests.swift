import FamilyModel
import TestSupport
import Testing

@Suite struct LivingRedactionTests {
    let graph: FamilyGraph = try! TestFamilies.graph(gedcom: "multi-partner")

    @Test func theRuleUsesDeathsBirthsAndFlags() throws {
        let living = LivingRedaction(currentYear: 2026).living(in: graph)
        let names = Dictionary(uniqueKeysWithValues: graph.persons.indices.map { (graph.persons[$0].name, living[$0]) })
        #expect(names["Alex Morgan"] == false, "died 1975")
        #expect(names["Carla Ruiz"] == false, "born 1910, no death: over 110 years ago")
        #expect(names["Ed Morgan"] == true && names["Dana Zoë Kowalski"] == true, "born 1925 and 1920: within 110 years")
        #expect(names["Max Morgan"] == true)
        #expect(names["Kim Park"] == true && names["Lou Tran"] == true, "no dates: living")
        let seed = try TestFamilies.graph(json: """
            [[{"id": "a", "name": "A", "age": 40}, {"id": "b", "name": "B", "age": 40, "living": false},
              {"id": "c", "name": "C", "birthYear": 1900, "living": true}, {"id": "d", "name": "D"},
              {"id": "e", "name": "E", "birthYear": 1900}, {"id": "f", "name": "F", "age": 120}]]
            """)
        #expect(LivingRedaction(currentYear: 2026).living(in: seed) == [true, false, true, true, false, false])
    }

    /// Issue 23: vague or implausible dates never make a person dead.
    @Test func openRangesPhrasesAndFutureDatesCountAsUnknown() throws {
        func person(_ id: String, _ lines: String) -> String { "0 @\(id)@ INDI\n1 NAME \(id) /X/\n" + lines }
        let text = "0 HEAD\n1 CHAR UTF-8\n"
            + person("after", "1 BIRT\n2 DATE AFT 1900\n")
            + person("phrase", "1 BIRT\n2 DATE (long ago)\n")
            + person("futureDeath", "1 BIRT\n2 DATE 1990\n1 DEAT\n2 DATE 2090\n")
            + person("futureBirth", "1 BIRT\n2 DATE 3020\n")
            + person("about", "1 BIRT\n2 DATE ABT 1910\n")
            + person("before", "1 BIRT\n2 DATE BEF 1900\n")
            + person("between", "1 BIRT\n2 DATE BET 1890 AND 1905\n")
            + person("betweenLate", "1 BIRT\n2 DATE BET 1890 AND 1930\n")
            + person("deathNoDate", "1 DEAT Y\n")
            + person("old", "1 BIRT\n2 DATE 1850\n")
            + "0 TRLR\n"
        let graph = try FamilyImport(bytes: Array(text.utf8), source: "x.ged").graph
        let living = LivingRedaction(currentYear: 2026).living(in: graph)
        let byID = Dictionary(uniqueKeysWithValues: graph.persons.indices.map { (graph.persons[$0].id, living[$0]) })
        #expect(byID == ["after": true, "phrase": true, "futureDeath": true, "futureBirth": true, "about": true,
                         "before": false, "between": false, "betweenLate": true, "deathNoDate": false, "old": false])
    }

    /// Issue 49, R12: a death before the birth (year 0, 1990 for a birth in 2015) counts as
    /// unknown, so the living rules apply; it showed the name.
    @Test func aDeathBeforeTheBirthCountsAsUnknown() throws {
        func person(_ id: String, _ lines: String) -> String { "0 @\(id)@ INDI\n1 NAME \(id) /X/\n" + lines }
        let text = "0 HEAD\n1 CHAR UTF-8\n"
            + person("before", "1 BIRT\n2 DATE 2015\n1 DEAT\n2 DATE 1990\n")
            + person("oldAndWrong", "1 BIRT\n2 DATE 1850\n1 DEAT\n2 DATE 1800\n")
            + person("sameYear", "1 BIRT\n2 DATE 2015\n1 DEAT\n2 DATE 2015\n")
            + "0 TRLR\n"
        let graph = try FamilyImport(bytes: Array(text.utf8), source: "x.ged").graph
        let living = LivingRedaction(currentYear: 2026).living(in: graph)
        let byID = Dictionary(uniqueKeysWithValues: graph.persons.indices.map { (graph.persons[$0].id, living[$0]) })
        #expect(byID == ["before": true, "oldAndWrong": false, "sameYear": false])
        let seed = try TestFamilies.graph(json: #"[[{"id": "a", "name": "A", "birthYear": 2015, "deathYear": 1990}, {"id": "b", "name": "B", "birthYear": 2015, "deathYear": 0}]]"#)
        #expect(LivingRedaction(currentYear: 2026).living(in: seed) == [true, true])
    }

    @Test func redactedPersonsLoseNameIdDatesAndPhotoButKeepTheirPlace() {
        let (hidden, count) = LivingRedaction(currentYear: 2026, label: "Private").apply(to: graph)
        #expect(count == 11)
        #expect(hidden.unions == graph.unions && hidden.unionsOf == graph.unionsOf)
        let fay = hidden.persons[graph.index(of: "I6")!]
        #expect(fay.name == "Private" && fay.id.hasPrefix("living-") && fay.birthYear == nil && fay.lifeYears == nil)
        #expect(fay.gender == .female)
        #expect(!hidden.persons.contains { $0.name == "Max Morgan" || $0.id == "I13" })
        #expect(hidden.suggestedTitle == "Family of Alex Morgan & Beth Lund")
    }
}

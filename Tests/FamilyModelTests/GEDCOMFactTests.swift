import FamilyModel
import Testing

/// Events and facts, notes and sources read from GEDCOM for the page's details panel.
struct GEDCOMFactTests {
    static let file = """
        0 HEAD
        1 CHAR UTF-8
        0 @I1@ INDI
        1 NAME John /Doe/
        1 BIRT
        2 DATE 29 MAY 1917
        2 PLAC Brookline, , Norfolk County, MA
        2 SOUR @S1@
        1 OCCU Senator
        1 EVEN
        2 TYPE Military service
        2 DATE FROM 1941 TO 1945
        1 DEAT Y
        2 DATE 22 NOV 1963
        1 NOTE First
        2 CONT second line
        1 NOTE @N1@
        1 SOUR @S1@
        1 FAMS @F1@
        0 @I2@ INDI
        1 NAME Jane /Roe/
        1 BIRT
        2 DATE 1990
        1 FAMS @F1@
        0 @F1@ FAM
        1 HUSB @I1@
        1 WIFE @I2@
        1 DIV N
        1 MARR
        2 DATE 12 SEP 1953
        2 PLAC Newport, RI
        0 @N1@ NOTE From a record
        0 @S1@ SOUR
        0 TRLR
        """

    func graph() throws -> FamilyGraph {
        try FamilyImport(bytes: Array(Self.file.utf8), source: "facts.ged").graph
    }

    @Test func personsKeepTheirEventsWithDatesAndPlaces() throws {
        let john = try graph().persons[0]
        #expect(john.facts.map(\.tag) == ["BIRT", "OCCU", "EVEN", "DEAT"])
        #expect(john.facts[0] == LifeFact(tag: "BIRT", date: "29 MAY 1917", dateKey: DateKey(year: 1917, month: 5, day: 29),
                                          place: "Brookline, Norfolk County, MA"))
        #expect(john.facts[1].value == "Senator" && john.facts[1].date == nil)
        #expect(john.facts[2].type == "Military service" && john.facts[2].date == "FROM 1941 TO 1945")
        #expect(john.facts[3].value == nil, "DEAT Y says only that it happened")
        #expect(john.notes == ["First\nsecond line", "From a record"])
        #expect(john.sourceCount == 2)
    }

    @Test func couplesKeepTheirEventsAndDenialsAreLeftOut() throws {
        let union = try graph().unions[0]
        #expect(union.facts == [LifeFact(tag: "MARR", date: "12 SEP 1953", dateKey: DateKey(year: 1953, month: 9, day: 12), place: "Newport, RI")])
    }

    @Test func hidingTheLivingHidesTheirFactsAndMarriages() throws {
        let (hidden, count) = LivingRedaction(currentYear: 2026).apply(to: try graph())
        #expect(count == 1)
        #expect(hidden.persons[1].facts.isEmpty && hidden.persons[1].notes.isEmpty)
        #expect(hidden.persons[0].facts.count == 4, "the dead keep theirs")
        #expect(hidden.unions[0].facts.isEmpty, "a living partner's marriage date and place are hidden")
    }
}

import FamilyModel
import Testing

/// Two family records of the same couple (as Gramps, webtrees and FamilySearch exports
/// write them) are one union.
@Suite struct GEDCOMFamilyMergeTests {
    private let text = """
        0 HEAD
        1 CHAR UTF-8
        0 @H@ INDI
        1 NAME Hans /Muster/
        1 FAMS @F1@
        1 FAMS @F2@
        0 @W@ INDI
        1 NAME Wilma /Muster/
        1 FAMS @F2@
        1 FAMS @F1@
        0 @C1@ INDI
        1 NAME Carl /Muster/
        1 FAMC @F1@
        0 @C2@ INDI
        1 NAME Clara /Muster/
        1 FAMC @F2@
        0 @F1@ FAM
        1 HUSB @H@
        1 WIFE @W@
        1 CHIL @C1@
        0 @F2@ FAM
        1 WIFE @W@
        1 HUSB @H@
        1 DIV Y
        1 CHIL @C2@
        1 CHIL @C1@
        0 TRLR
        """

    @Test func familiesOfTheSameTwoPartnersMergeWithAWarningNamingBoth() throws {
        let family = try FamilyImport(bytes: Array(text.utf8), source: "dup.ged")
        let graph = family.graph
        #expect(graph.unions.count == 1, "one union for both records")
        #expect(graph.unions[0].children.map { graph.persons[$0].id } == ["C1", "C2"], "children united, each once")
        #expect(graph.unions[0].isDivorced, "the second record's events are kept")
        #expect(graph.unionsOf[0] == [0] && graph.unionsOf[1] == [0], "one partner, not several")
        #expect(graph.partners(of: 0).count == 1)
        let warnings = family.warnings.map(\.description)
        #expect(warnings.contains { $0.contains("line 21: family @F2@ has the same partners as @F1@ (line 17); merged into it") }, "\(warnings)")
    }

    @Test func singleParentFamiliesOfOnePersonStaySeparate() throws {
        let text = """
            0 HEAD
            0 @M@ INDI
            1 NAME Mary /Single/
            0 @A@ INDI
            1 NAME Ann
            1 FAMC @F1@
            0 @B@ INDI
            1 NAME Bob
            1 FAMC @F2@
            0 @F1@ FAM
            1 WIFE @M@
            1 CHIL @A@
            0 @F2@ FAM
            1 WIFE @M@
            1 CHIL @B@
            0 TRLR
            """
        let graph = try FamilyImport(bytes: Array(text.utf8), source: "single.ged").graph
        #expect(graph.unions.count == 2, "the other parents are unknown and may differ")
    }
}

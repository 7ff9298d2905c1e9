import FamilyLayout
import FamilyModel
import Foundation
import TestSupport
import Testing

/// Ancestor (pedigree) and hourglass charts: the rules hold on the demo, on real files
/// and on generated pedigrees with collapse; width follows the known ancestors.
@Suite struct AncestorChartTests {
    private func layout(_ kind: ChartKind, focus: Int?, generations: Int? = nil, siblings: Bool = false) -> ChartLayout {
        ChartLayout(request: kind == .ancestors ? .ancestors(.init(focus: focus, generations: generations, showsSiblings: siblings))
                                                : .hourglass(.init(focus: focus, generations: generations, showsSiblings: siblings)))
    }

    private func check(_ scene: Scene, _ label: String = "") {
        #expect(SceneInvariants(scene: scene).violations().prefix(3) == [], "\(label)")
        #expect(AncestorInvariants(scene: scene).violations().prefix(3) == [], "\(label)")
    }

    @Test func xiaomingsAncestorsStandOverHim() throws {
        let graph = try TestFamilies.demo
        let scene = layout(.ancestors, focus: graph.index(of: DemoFamily.xiaoming)).scene(for: graph)
        check(scene)
        #expect(scene.chart == .ancestors)
        #expect(Set(scene.persons.map(\.id)) == ["b8", "a5", "a6", "g1", "g2"], "小明, his parents, his father's parents")
        #expect(scene.persons.first { $0.id == "b8" }?.sosa == "1" && scene.persons.first { $0.id == "g2" }?.sosa == "5")
        let father = try #require(scene.persons.first { $0.id == "a5" }), mother = try #require(scene.persons.first { $0.id == "a6" })
        #expect(father.maxX < mother.x && father.y == mother.y && father.generation == 1)
        #expect(scene.persons.first { $0.id == "b8" }?.lineage == nil && father.lineage == 0 && mother.lineage == 1)
    }

    @Test func oneKnownLineIsOneCoupleWide() throws {
        let data = SyntheticFamily(persons: 10, seed: 3).generateChain()
        let graph = try FamilyValidator().validate(data, source: "chain").graph
        let scene = layout(.ancestors, focus: graph.count - 1).scene(for: graph)
        check(scene)
        #expect(scene.width == 104 + 2 * 24, "ten generations of one known parent: one box wide")
        #expect(Set(scene.persons.map(\.generation)).count == 10)
    }

    @Test func aFullPedigreeIsAsWideAsItsTopGeneration() throws {
        let data = SyntheticPedigree(persons: 63, collapse: 0, seed: 5).generate()
        let graph = try FamilyValidator().validate(data, source: "pedigree").graph
        let scene = layout(.ancestors, focus: nil).scene(for: graph)
        check(scene)
        let references = scene.persons.filter(\.isReference)
        #expect(scene.persons.count == 63 && references.isEmpty)
        // 16 couples at the top, 28 pt apart: the width of 2^5 slots, no more.
        let topRow: Double = 16 * (2 * 104 + 18) + 15 * 28
        #expect(scene.width == topRow + 2 * 24)
    }

    @Test(arguments: 1...30 as ClosedRange<UInt64>)
    func generatedPedigreesWithCollapseKeepEveryRule(seed: UInt64) throws {
        let share = Double(seed % 4) * 0.15
        let data = SyntheticPedigree(persons: 50 + Int(seed) * 40, collapse: share, seed: seed).generate()
        let graph = try FamilyValidator().validate(data, source: "pedigree \(seed)").graph
        for siblings in [false, true] {
            let focus = graph.count - 1
            let scene = layout(.ancestors, focus: focus, siblings: siblings).scene(for: graph)
            check(scene, "seed \(seed)")
            // Every ancestor once, each further place a reference; nothing else.
            let own = scene.persons.filter { !$0.isReference }
            #expect(Set(own.map(\.id)).count == own.count)
            #expect(scene.persons.filter(\.isReference).allSatisfy { $0.referenceReason == .pedigreeCollapse })
            let hourglass = layout(.hourglass, focus: focus, siblings: siblings).scene(for: graph)
            check(hourglass, "hourglass seed \(seed)")
        }
    }

    @Test func charlesIIOfSpainHasHisCollapsedAncestryOncePlusReferences() throws {
        let graph = try TestFamilies.graph(gedcom: "royal92")
        let charles = try #require(graph.index(of: "I2130"))
        let scene = layout(.ancestors, focus: charles).scene(for: graph)
        check(scene)
        let references = scene.persons.filter(\.isReference).count
        let own = scene.persons.count - references
        #expect(references >= 2, "his parents were uncle and niece: their ancestors recur")
        #expect(own == Set(scene.persons.map(\.id)).count)
        print("Charles II of Spain: \(own) ancestors drawn once, \(references) references, \(Set(scene.persons.map(\.generation)).count) generations")
    }

    @Test func queenVictoriasAncestorsAndAnHourglassWithTwoPartnersAndSiblings() throws {
        let royal = try TestFamilies.graph(gedcom: "royal92")
        let victoria = layout(.ancestors, focus: royal.index(of: "I1")).scene(for: royal)
        check(victoria)
        #expect(Set(victoria.persons.map(\.generation)).count >= 8)
        let graph = try TestFamilies.graph(gedcom: "hourglass")
        let scene = layout(.hourglass, focus: graph.index(of: "X"), siblings: true).scene(for: graph)
        check(scene)
        #expect(scene.chart == .hourglass)
        let row = scene.persons.filter { $0.generation == 2 }.sorted { $0.x < $1.x }.map(\.id)
        #expect(row == ["S1", "W2", "X", "W1", "S2"], "older sister left, the partners beside him, younger brother right: \(row)")
        #expect(Set(scene.persons.map(\.id)) == ["GF1", "GM1", "GF2", "GM2", "F", "M", "S1", "X", "S2", "W1", "W2", "C1", "C2", "C3"])
    }

    /// A GEDCOM file of these records (after the header).
    private func gedcom(_ records: String) throws -> FamilyGraph {
        let text = "0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n" + records + "0 TRLR\n"
        return try FamilyImport(bytes: Array(text.utf8), source: "hourglass.ged").graph
    }

    /// Parents F and M, children X (the focus), Y and Z; X married his sister Z, so she
    /// stands beside him as his partner, between him and Y.
    private let siblingMarriage = """
        0 @F@ INDI\n1 NAME F\n1 SEX M\n1 FAMS @FP@\n0 @M@ INDI\n1 NAME M\n1 SEX F\n1 FAMS @FP@
        0 @X@ INDI\n1 NAME X\n1 SEX M\n1 FAMC @FP@\n1 FAMS @FXZ@\n0 @Y@ INDI\n1 NAME Y\n1 FAMC @FP@
        0 @Z@ INDI\n1 NAME Z\n1 SEX F\n1 FAMC @FP@\n1 FAMS @FXZ@
        0 @FP@ FAM\n1 HUSB @F@\n1 WIFE @M@\n1 CHIL @X@\n1 CHIL @Y@\n1 CHIL @Z@\n0 @FXZ@ FAM\n1 HUSB @X@\n1 WIFE @Z@

        """

    @Test func anHourglassCentresTheParentsOverSiblingsWhateverTheirOrder() throws {
        let graph = try gedcom(siblingMarriage)
        let scene = layout(.hourglass, focus: graph.index(of: "X"), siblings: true).scene(for: graph)
        check(scene)
        let row = scene.persons.filter { $0.generation == 1 }.sorted { $0.x < $1.x }.map(\.id)
        #expect(row == ["X", "Z", "Y"], "the sister he married stands beside him: \(row)")
    }

    /// The focus's sister is also his partner and, in a second family, his (adopted)
    /// child: she keeps her place in the focus's row (a reference stands under him),
    /// and the ancestors are drawn.
    @Test func anHourglassKeepsASiblingWhoIsAlsoAPartnerAndAChildInTheFocusRow() throws {
        let graph = try gedcom(siblingMarriage + """
            0 @W@ INDI\n1 NAME W\n1 SEX F\n1 FAMS @FXW@\n0 @FXW@ FAM\n1 HUSB @X@\n1 WIFE @W@\n1 CHIL @Z@

            """)
        let scene = layout(.hourglass, focus: graph.index(of: "X"), siblings: true).scene(for: graph)
        check(scene)
        #expect(Set(scene.persons.map(\.id)) == ["F", "M", "X", "Y", "Z", "W"])
        let sister = try #require(scene.persons.first { $0.id == "Z" && !$0.isReference })
        #expect(sister.generation == 1 && scene.persons.contains { $0.id == "Z" && $0.isReference && $0.generation == 2 })
    }

    /// Two of the focus's grandchildren (cousins) married: one of them stands as a
    /// reference in the descendant block, and names her generation in the whole hourglass
    /// (counting the ancestors' rows above the focus).
    @Test func anHourglassReferenceBelowTheFocusNamesItsGenerationInTheWholeChart() throws {
        let graph = try gedcom("""
            0 @F@ INDI\n1 NAME F\n1 SEX M\n1 FAMS @FP@\n0 @M@ INDI\n1 NAME M\n1 SEX F\n1 FAMS @FP@
            0 @X@ INDI\n1 NAME X\n1 SEX M\n1 FAMC @FP@\n1 FAMS @FX@\n0 @W@ INDI\n1 NAME W\n1 SEX F\n1 FAMS @FX@
            0 @A@ INDI\n1 NAME A\n1 SEX M\n1 FAMC @FX@\n1 FAMS @FA@\n0 @B@ INDI\n1 NAME B\n1 SEX M\n1 FAMC @FX@\n1 FAMS @FB@
            0 @P@ INDI\n1 NAME P\n1 SEX F\n1 FAMS @FA@\n0 @Q@ INDI\n1 NAME Q\n1 SEX F\n1 FAMS @FB@
            0 @A1@ INDI\n1 NAME A1\n1 SEX M\n1 FAMC @FA@\n1 FAMS @FZ@\n0 @B1@ INDI\n1 NAME B1\n1 SEX F\n1 FAMC @FB@\n1 FAMS @FZ@
            0 @FP@ FAM\n1 HUSB @F@\n1 WIFE @M@\n1 CHIL @X@\n0 @FX@ FAM\n1 HUSB @X@\n1 WIFE @W@\n1 CHIL @A@\n1 CHIL @B@
            0 @FA@ FAM\n1 HUSB @A@\n1 WIFE @P@\n1 CHIL @A1@\n0 @FB@ FAM\n1 HUSB @B@\n1 WIFE @Q@\n1 CHIL @B1@
            0 @FZ@ FAM\n1 HUSB @A1@\n1 WIFE @B1@

            """)
        let scene = layout(.hourglass, focus: graph.index(of: "X")).scene(for: graph)
        check(scene)
        let reference = try #require(scene.persons.first { $0.isReference && $0.id == "B1" })
        #expect(reference.detail == "see generation 4", "X in generation 2, B1 two below")
    }

    @Test(.enabled(if: FixturePaths.sharedDatasets != nil, "../shared/datasets is absent (a plain clone): skipped"))
    func everySharedFilesLongestAncestryKeepsTheRules() throws {
        let root = try #require(FixturePaths.sharedDatasets)
        let files = FixturePaths.sharedGEDCOMFiles(in: root)
        var drawn = 0
        for file in files {
            guard let graph = try? FamilyImport(file: InputFile(path: root + "/" + file)).graph else { continue }
            let focus = ChartLayout.defaultFocus(graph)
            check(layout(.ancestors, focus: focus).scene(for: graph), "\(file) ancestors")
            check(layout(.hourglass, focus: focus, generations: 6, siblings: true).scene(for: graph), "\(file) hourglass")
            drawn += 1
        }
        #expect(drawn > 120)
    }
}

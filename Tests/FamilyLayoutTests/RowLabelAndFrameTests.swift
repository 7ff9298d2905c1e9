import FamilyLayout
import FamilyModel
import Foundation
import TestSupport
import Testing

/// Row labels ("Gen N · years") in charts whose references name generations, frames around
/// separate parts, and pedigree references by Sosa number (issue 21, items 5 and 6).
@Suite struct RowLabelAndFrameTests {
    /// Two families with no link between them and one person with no family at all.
    static let twoFamilies = """
        0 HEAD
        0 @A1@ INDI
        1 NAME Adam /One/
        1 BIRT
        2 DATE 1800
        0 @A2@ INDI
        1 NAME Ada /One/
        0 @A3@ INDI
        1 NAME Abel /One/
        1 BIRT
        2 DATE 1830
        0 @B1@ INDI
        1 NAME Bert /Two/
        0 @B2@ INDI
        1 NAME Bea /Two/
        0 @B3@ INDI
        1 NAME Bob /Two/
        0 @L@ INDI
        1 NAME Lone /Three/
        0 @F1@ FAM
        1 HUSB @A1@
        1 WIFE @A2@
        1 CHIL @A3@
        0 @F2@ FAM
        1 HUSB @B1@
        1 WIFE @B2@
        1 CHIL @B3@
        0 TRLR
        """

    /// A chart of several parts frames each part, and the persons without family as one
    /// block; without references it has no row labels, and a chart of one part no frame.
    @Test func separatePartsAreFramedInTheirGaps() throws {
        let graph = try FamilyImport(bytes: Array(Self.twoFamilies.utf8), source: "two.ged").graph
        let scene = ChartLayout().scene(for: graph)
        #expect(SceneInvariants(scene: scene).violations() == [])
        let parts = Set(scene.persons.map(\.part))
        #expect(parts.count == 3)
        #expect(scene.partFrames.count == 3, "two families and the block of the one person without family")
        #expect(Set(scene.partFrames.map(\.part)) == parts)
        #expect(scene.rowLabels.isEmpty, "no reference names a generation")
        let single = ChartLayout().scene(for: try TestFamilies.demo)
        #expect(single.partFrames.isEmpty && Set(single.persons.map(\.part)).count == 1)
    }

    /// Random families with references: every row of every part is labelled in the left
    /// margin (and the right when the part is wide), the labels' years are the row's dated
    /// births, and packing made room (labels stand clear of boxes, lines and other parts).
    @Test(arguments: [3, 7, 11] as [UInt64])
    func rowsOfChartsWithReferencesAreLabelled(seed: UInt64) throws {
        let graph = RandomFamilyGraph(persons: 300, seed: seed).make()
        let scene = ChartLayout().scene(for: graph)
        try #require(scene.persons.contains { $0.isReference }, "the family needs references for this test")
        #expect(SceneInvariants(scene: scene).violations().prefix(5) == [])
        try checkLabels(scene, graph)
    }

    @Test(.enabled(if: FixturePaths.sharedDatasets != nil, "../shared/datasets is absent: skipped"))
    func kennedyAndRoyal92LabelTheirRows() throws {
        let root = try #require(FixturePaths.sharedDatasets) + "/d-jeffrey-gedcom-samples"
        for file in ["famous-family-trees/Kennedy+Family.ged", "royal/royal92.ged"] {
            let graph = try FamilyImport(file: InputFile(path: root + "/" + file)).graph
            let scene = ChartLayout().scene(for: graph)
            #expect(SceneInvariants(scene: scene).violations().prefix(5) == [], "\(file)")
            try checkLabels(scene, graph)
            if file.hasPrefix("royal") { #expect(scene.partFrames.count > 1, "royal92 has several parts") }
        }
    }

    private func checkLabels(_ scene: Scene, _ graph: FamilyGraph) throws {
        var index: [String: Int] = [:]
        for (p, person) in graph.persons.enumerated() { index[person.id] = p }
        let rows = Dictionary(grouping: scene.persons, by: { [$0.part, $0.generation] })
        let byRow = Dictionary(grouping: scene.rowLabels, by: { [$0.part, $0.generation] })
        let partSize = Dictionary(grouping: scene.persons, by: \.part).mapValues(\.count)
        for (key, boxes) in rows where partSize[key[0]]! > 1 {  // a person without family stands in the block, unlabelled
            let labels = try #require(byRow[key], "row \(key) has no label")
            let left = boxes.map(\.x).min()!, right = boxes.map(\.maxX).max()!
            #expect(labels.contains { $0.x + $0.width <= left }, "row \(key): a label left of the row")
            let years = boxes.filter { !$0.isReference }.compactMap { index[$0.id].flatMap { graph.persons[$0].birthDate?.year } }
            let text = "Gen \(key[1] + 1)" + (years.isEmpty ? "" : " · \(years.min()!)" + (years.min() == years.max() ? "" : "–\(years.max()!)"))
            for label in labels { #expect(label.text == text) }
            let partWidth = scene.persons.filter { $0.part == key[0] }.map(\.maxX).max()! - scene.persons.filter { $0.part == key[0] }.map(\.x).min()!
            if partWidth > 3_000 { #expect(labels.contains { $0.x >= right }, "row \(key) of a wide part: a label right of it too") }
        }
    }

    /// A pedigree numbered by Sosa sends a reference to the number printed in the own box,
    /// and does not print its own number beside it; the scene's JSON carries the labels.
    @Test func pedigreeReferencesNameTheSosaNumberOfTheOwnBox() throws {
        // Cousins married: the grandchild's great-grandparents stand twice.
        let text = """
            0 HEAD
            0 @G1@ INDI
            1 NAME Gus /Old/
            0 @G2@ INDI
            1 NAME Gwen /Old/
            0 @P1@ INDI
            1 NAME Pat /Old/
            0 @P2@ INDI
            1 NAME Pia /Old/
            0 @X1@ INDI
            1 NAME Xaver /In/
            0 @X2@ INDI
            1 NAME Xena /In/
            0 @C1@ INDI
            1 NAME Carl /Old/
            0 @C2@ INDI
            1 NAME Cleo /In/
            0 @K@ INDI
            1 NAME Kid /Old/
            0 @F0@ FAM
            1 HUSB @G1@
            1 WIFE @G2@
            1 CHIL @P1@
            1 CHIL @P2@
            0 @F1@ FAM
            1 HUSB @P1@
            1 WIFE @X2@
            1 CHIL @C1@
            0 @F2@ FAM
            1 HUSB @X1@
            1 WIFE @P2@
            1 CHIL @C2@
            0 @F3@ FAM
            1 HUSB @C1@
            1 WIFE @C2@
            1 CHIL @K@
            0 TRLR
            """
        let graph = try FamilyImport(bytes: Array(text.utf8), source: "cousins.ged").graph
        let focus = graph.index(of: "@K@") ?? graph.index(of: "K")
        let scene = ChartLayout(request: .ancestors(AncestorChartOptions(focus: focus, numbering: .sosa))).scene(for: graph)
        let references = scene.persons.filter(\.isReference)
        try #require(!references.isEmpty)
        for reference in references {
            let own = try #require(scene.persons.first { $0.id == reference.id && !$0.isReference })
            let ownNumber = try #require(own.sosa), number = try #require(reference.sosa)
            #expect(reference.detail == "see no. \(ownNumber)")
            #expect(!(reference.detail ?? "").contains(number + " ·"))
        }
        #expect(scene.rowLabels.isEmpty, "Sosa references name no generation")
        // Without numbers the references name generations, and the rows are labelled.
        let plain = ChartLayout(request: .ancestors(AncestorChartOptions(focus: focus))).scene(for: graph)
        #expect(plain.persons.filter(\.isReference).allSatisfy { $0.detail?.hasPrefix("see generation ") == true })
        #expect(Set(plain.rowLabels.map(\.generation)) == Set(plain.persons.map(\.generation)))
        #expect(SceneInvariants(scene: plain).violations() == [])
        let json = SceneJSONWriter().write(plain)
        let decoded = try JSONDecoder().decode(Scene.self, from: Data(json))
        #expect(decoded == plain && !decoded.rowLabels.isEmpty)
    }
}

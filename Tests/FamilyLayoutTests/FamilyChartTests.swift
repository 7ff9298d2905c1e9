import FamilyLayout
import FamilyModel
import Foundation
import TestSupport
import Testing

/// The whole-family chart (`--layout family`): every link drawn, partners side by side,
/// families joined at marriages, parts packed.
@Suite struct FamilyChartTests {
    private func box(_ scene: Scene, _ id: String) throws -> PersonBox {
        try #require(scene.persons.first { $0.id == id && !$0.isReference })
    }

    private func check(_ scene: Scene, _ graph: FamilyGraph, _ label: String = "") {
        #expect(SceneInvariants(scene: scene).violations().prefix(5) == [], "\(label)")
        #expect(LinkAccounting(graph: graph, scene: scene).unaccounted.prefix(5) == [], "\(label)")
        #expect(scene.persons.filter { !$0.isReference }.count == graph.count, "\(label): everyone once")
        let metrics = ChartMetrics(scene: scene, graph: graph)
        #expect(metrics.siblingPairsOutOfOrder == 0, "\(label): \(metrics.siblingOrderExamples.prefix(2))")
        #expect(metrics.closeParts.isEmpty, "\(label): parts one row under another")
        #expect(metrics.closeLines.isEmpty, "\(label): \(metrics.closeLines.prefix(2))")
    }

    @Test func aChildWhoseFathersAndMothersFamiliesAreKnownHasNoReference() throws {
        let graph = try TestFamilies.graph(gedcom: "both-families")
        let scene = ChartLayout().scene(for: graph)
        check(scene, graph)
        let references = scene.persons.filter(\.isReference)
        #expect(references.isEmpty)
        let far = try box(scene, "FAR"), mor = try box(scene, "MOR")
        #expect(far.y == mor.y && far.maxX < mor.x, "Far and Mor side by side")
        #expect(scene.coupleBars.contains { Set($0.ids) == ["FAR", "MOR"] })
        // The father's family on his side, the mother's on hers, each right over their child:
        // the bar stretches so that both couples fit.
        #expect(try box(scene, "FF").maxX <= (try box(scene, "MF")).x)
        #expect(abs((try box(scene, "FF")).maxX + 9 - far.centerX) < 0.01, "Far's parents over Far")
        #expect(abs((try box(scene, "MF")).maxX + 9 - mor.centerX) < 0.01, "Mor's parents over Mor")
        let harald = try box(scene, "HARALD")
        #expect(abs(harald.centerX - (far.maxX + mor.x) / 2) < 0.01, "Harald under the bar's middle")
        #expect(SceneCrossings.count(scene) == 0)
    }

    @Test func twoFamiliesJoinedByTwoMarriagesAreOnePartWithoutReferences() throws {
        let graph = try TestFamilies.graph(gedcom: "two-marriages")
        let (scene, figures) = ChartLayout().familyScene(for: graph)
        check(scene, graph)
        #expect(figures.parts == 1 && figures.references == 0)
        // Siblings stand in birth order (Anders, Bo, Eli; Cecilie, Dagny, Finn), so each
        // family's youngest stands beyond the two couples and the two families' lines cross.
        #expect(SceneCrossings.count(scene) <= 3, "two marriages between two sibling groups in birth order")
        #expect(ChartMetrics(scene: scene, graph: graph).siblingPairsOutOfOrder == 0)
    }

    @Test func twelvePartnersHaveTheirBarsOnDistinctTracks() throws {
        let graph = try TestFamilies.graph(gedcom: "twelve-partners")
        let scene = ChartLayout().scene(for: graph)
        check(scene, graph)
        let bars = scene.coupleBars.filter { $0.ids.contains("H") }
        #expect(bars.count == 12)
        let lanes = bars.filter { $0.points.count == 5 }.map { $0.points[1].y }
        #expect(lanes.count == 10, "two partners beside him, ten reached over the others")
        for side in [true, false] {
            let ys = bars.filter { $0.points.count == 5 && ($0.hang.x > (try! box(scene, "H")).centerX) == side }.map { $0.points[1].y }.sorted()
            for (a, b) in zip(ys, ys.dropFirst()) { #expect(b - a >= 4, "lanes at least 4 pt apart: \(ys)") }
        }
        #expect(SceneCrossings.count(scene) == 0)
    }

    /// A man with 30 wives, the first of them with 12 husbands more, a child or three of each
    /// marriage: his box carries the bars of 16 (7 arching on each side, 6 pt apart and 6 pt
    /// clear of the line from his parents, and one beside him on each), hers 8 (she stands
    /// beside him, her further husbands outward on one side); the unions beyond stand beside
    /// references; in his descendant chart and hourglass, the wives beyond 16 stand in a
    /// reference unit of his beside his own. (Bars of 30 partners from one box came 4.4 pt
    /// apart in every chart.)
    @Test func aPersonWithThirtyPartnersKeepsEveryLineApart() throws {
        var persons = "0 @P1@ INDI\n1 FAMS @PF@\n0 @P2@ INDI\n1 FAMS @PF@\n"
        persons += "0 @H@ INDI\n1 NAME Much /Married/\n1 SEX M\n1 FAMC @PF@\n" + (0..<30).map { "1 FAMS @F\($0)@\n" }.joined()
        var families = "0 @PF@ FAM\n1 HUSB @P1@\n1 WIFE @P2@\n1 CHIL @H@\n"
        var child = 0
        func marriage(_ family: String, husband: String, wife: String, children: Int) {
            families += "0 @\(family)@ FAM\n1 HUSB @\(husband)@\n1 WIFE @\(wife)@\n"
            for _ in 0..<children {
                child += 1
                persons += "0 @C\(child)@ INDI\n1 NAME Child \(child)\n1 BIRT\n2 DATE \(1800 + child)\n1 FAMC @\(family)@\n"
                families += "1 CHIL @C\(child)@\n"
            }
        }
        for w in 0..<30 {
            persons += "0 @W\(w)@ INDI\n1 NAME Wife \(w)\n1 SEX F\n1 FAMS @F\(w)@\n" + (w == 0 ? (0..<12).map { "1 FAMS @G\($0)@\n" }.joined() : "")
            marriage("F\(w)", husband: "H", wife: "W\(w)", children: w % 3 + 1)
        }
        for x in 0..<12 {
            persons += "0 @X\(x)@ INDI\n1 NAME Husband \(x)\n1 SEX M\n1 FAMS @G\(x)@\n"
            marriage("G\(x)", husband: "X\(x)", wife: "W0", children: 1)
        }
        let text = "0 HEAD\n1 CHAR UTF-8\n" + persons + families + "0 TRLR\n"
        let graph = try FamilyImport(bytes: Array(text.utf8), source: "thirty.ged").graph
        for order in [PartnerOrder.marriage, .maleLeft] {
            var layout = ChartLayout()
            layout.partnerOrder = order
            let scene = layout.scene(for: graph)
            check(scene, graph, "\(order)")
            let crowded = scene.persons.filter { $0.referenceReason == .manyPartners }
            #expect(crowded.filter { $0.id == "H" }.count == 14 && crowded.filter { $0.id == "W0" }.count == 4, "\(crowded.map(\.id))")
            let own = try #require(scene.persons.firstIndex { $0.id == "H" && !$0.isReference })
            #expect(scene.coupleBars.filter { $0.boxes.contains(own) }.count == 16)
            #expect(scene.coupleBars.count == 43, "every marriage drawn once")
        }
        // His descendants and his hourglass: the further wives in a reference unit beside his own.
        let h = try #require(graph.persons.firstIndex { $0.id == "H" })
        for request in [ChartRequest.descendants(.init(root: h)), .hourglass(.init(focus: h))] {
            let scene = ChartLayout(request: request).scene(for: graph)
            let close = ChartMetrics(scene: scene, graph: graph).closeLines
            #expect(close.isEmpty, "\(request): \(close.prefix(2))")
            #expect(scene.coupleBars.filter { $0.ids.contains("H") }.count == 30, "\(request)")
            #expect(scene.persons.filter { $0.id == "H" && $0.referenceReason == .manyPartners }.count == 1, "\(request)")
        }
    }

    @Test func threeHundredPersonsWithoutFamilyFormABlockNotARibbon() throws {
        var text = "0 HEAD\n1 CHAR UTF-8\n"
        for i in 0..<300 { text += "0 @I\(i)@ INDI\n1 NAME Person \(i) /Alone/\n" }
        text += "0 TRLR\n"
        let graph = try FamilyImport(bytes: Array(text.utf8), source: "alone.ged").graph
        let scene = ChartLayout().scene(for: graph)
        check(scene, graph)
        let aspect = scene.width / scene.height
        #expect(aspect > 0.7 && aspect < 2.2, "aspect \(aspect)")
        let row = ChartLayout(request: .family(.init(arrangement: .row)))
        let ribbon = row.scene(for: graph)
        #expect(ribbon.width / ribbon.height > 100, "--arrange row keeps one row")
    }

    @Test func aSeedTreeGivesExactlyTheTidyChart() throws {
        var graphs = try FixturePaths.familyNames.map { try TestFamilies.graph(fixture: $0) }
        graphs.append(try TestFamilies.demo)
        for seed in 1...6 as ClosedRange<UInt64> { graphs.append(try TestFamilies.synthetic(400, seed: seed, roots: 1 + Int(seed) % 2)) }
        /// What the painter draws, independent of the order of the lists.
        func drawing(_ scene: Scene) -> [String] {
            scene.persons.map { "\($0.id) \($0.x) \($0.y) \($0.width) \($0.generation) \($0.lineage ?? -1) \($0.detail ?? "")" }.sorted()
                + scene.connectors.map { "\($0.parents) \($0.child) \($0.points.map { [$0.x, $0.y] }) \($0.link)" }.sorted()
                + scene.coupleBars.map { "\($0.ids) \($0.points.map { [$0.x, $0.y] }) \($0.hang.x)" }.sorted()
                + ["\(scene.width) \(scene.height)"]
        }
        var compared = 0
        for graph in graphs {
            let family = ChartLayout().scene(for: graph)
            check(family, graph)
            // One tree is one part, drawn exactly as the tidy chart draws it; separate trees
            // are packed as parts instead of sliding into each other's gaps.
            guard Set(family.persons.map(\.part)).count == 1 else { continue }
            #expect(drawing(family) == drawing(ChartLayout(request: .descendants(.init())).scene(for: graph)))
            compared += 1
        }
        #expect(compared >= 8)
    }

    @Test(arguments: 1...24 as ClosedRange<UInt64>)
    func randomWholeFamiliesKeepEveryRule(seed: UInt64) throws {
        let graph = RandomFamilyGraph(persons: 60 + Int(seed) * 25, seed: seed).make()
        var layout = ChartLayout()
        if seed % 3 == 0 { layout.labelWidth = { name, _ in Double(name.count) * 7 + 12 } }
        if seed % 4 == 0 { layout.partnerOrder = .maleLeft }
        let scene = layout.scene(for: graph)
        check(scene, graph, "seed \(seed)")
    }

    @Test func henryVIIIsSixMarriagesEachHaveTheirChildrenUnderThemWithoutCrossing() throws {
        let graph = try TestFamilies.graph(gedcom: "royal92")
        let scene = ChartLayout().scene(for: graph)
        check(scene, graph, "royal92")
        let henry = try box(scene, "I828")
        let bars = scene.coupleBars.filter { $0.ids.contains("I828") }.sorted { $0.hang.x < $1.hang.x }
        #expect(bars.count == 6)
        var lastChild = -Double.infinity
        for bar in bars {
            let children = scene.connectors.filter { Set($0.parents) == Set(bar.ids) && !$0.crossLink }.map { scene.persons[$0.childBox].centerX }
            guard let first = children.min(), let last = children.max() else { continue }
            #expect(first > lastChild, "each wife's children stand together, in the order of the marriages' hang points")
            lastChild = last
        }
        #expect(SceneCrossings.count(scene, parents: ["I828"]) == 0)
        #expect(henry.references == 0)
    }

    /// Henry VIII's close family alone (his parents, his six wives and theirs, his children
    /// and theirs; its scene is a snapshot, `henry-viii-family`): no two lines cross.
    @Test func henryVIIIsCloseFamilyHasNoCrossing() throws {
        let royal = try TestFamilies.graph(gedcom: "royal92")
        let graph = royal.restricted(to: royal.closeFamily(of: "I828"))
        let scene = ChartLayout().scene(for: graph)
        check(scene, graph, "Henry VIII's close family")
        #expect(SceneCrossings.pairs(scene) == [])
    }

    @Test func duplicateFamilyRecordsDrawTheSpouseOnce() throws {
        let text = """
            0 HEAD
            0 @H@ INDI
            1 NAME Hans
            0 @W@ INDI
            1 NAME Wilma
            0 @C@ INDI
            1 NAME Carl
            0 @F1@ FAM
            1 HUSB @H@
            1 WIFE @W@
            0 @F2@ FAM
            1 HUSB @H@
            1 WIFE @W@
            1 CHIL @C@
            0 TRLR
            """
        let graph = try FamilyImport(bytes: Array(text.utf8), source: "dup.ged").graph
        let scene = ChartLayout().scene(for: graph)
        check(scene, graph)
        #expect(scene.persons.count == 3 && scene.coupleBars.count == 1)
    }

    /// Seed JSON keeps its generations: a family that starts in generation 3 has its
    /// reference boxes name the generation the person stands in, not the row in the part.
    @Test func aSeedReferenceNamesItsPersonsGeneration() throws {
        func person(_ id: String, couple: String? = nil, children: [String] = []) -> String {
            let list = children.map { "\"\($0)\"" }.joined(separator: ", ")
            return "{\"id\": \"\(id)\", \"name\": \"\(id)\"" + (couple.map { ", \"coupleID\": \"\($0)\"" } ?? "") + ", \"childrenIDs\": [\(list)]}"
        }
        // A1's 40 children put B1 far from C1's family, so B1 and B2's marriage is a reference.
        let kids = (0..<40).map { "K\($0)" }
        let third = [person("A1", couple: "A2", children: kids + ["B1"]), person("A2", couple: "A1"),
                     person("C1", couple: "C2", children: ["B2"]), person("C2", couple: "C1")]
        let fourth = kids.map { person($0) } + [person("B1", couple: "B2"), person("B2", couple: "B1")]
        let json = "{\"generations\": [[], [], [" + third.joined(separator: ", ") + "], [" + fourth.joined(separator: ", ") + "]]}"
        let graph = try TestFamilies.graph(json: json)
        let scene = ChartLayout().scene(for: graph)
        check(scene, graph)
        let reference = try #require(scene.persons.first { $0.isReference })
        #expect(reference.generation == 3 && reference.detail == "see generation 4")
    }

    /// A child adopted into a family of a hundred: the line from the adoptive family would
    /// run far, so it ends at a reference there; the child's own box hangs from the
    /// birth family, and the reference is the adopted child's, not a sibling's (a box
    /// under two families has a place in each family's list).
    @Test func aFarLineFromASecondFamilyEndsAtTheRightChild() throws {
        let kids = (0..<100).map { "K\($0)" }
        var text = "0 HEAD\n1 CHAR UTF-8\n0 @H2@ INDI\n1 NAME H2\n1 SEX M\n0 @W2@ INDI\n1 NAME W2\n1 SEX F\n"
        text += "0 @H1@ INDI\n1 NAME H1\n1 SEX M\n0 @W1@ INDI\n1 NAME W1\n1 SEX F\n0 @C@ INDI\n1 NAME C\n1 FAMC @P1@\n1 FAMC @P2@\n2 PEDI adopted\n"
        for kid in kids { text += "0 @\(kid)@ INDI\n1 NAME \(kid)\n" }
        text += "0 @P1@ FAM\n1 HUSB @H1@\n1 WIFE @W1@\n1 CHIL @C@\n0 @P2@ FAM\n1 HUSB @H2@\n1 WIFE @W2@\n"
        for kid in kids { text += "1 CHIL @\(kid)@\n" }
        text += "1 CHIL @C@\n0 TRLR\n"
        let graph = try FamilyImport(bytes: Array(text.utf8), source: "adopted.ged").graph
        let scene = ChartLayout().scene(for: graph)
        check(scene, graph)
        let references = scene.persons.filter(\.isReference)
        #expect(references.map(\.id) == ["C"] && references.first?.referenceReason == .otherFamily, "\(references.map(\.id))")
    }

    /// A father who married his daughter (his marriage listed before the family she was
    /// born in): the rows cannot hold both, so his box in the family she was born in is a
    /// reference, and its row is above hers. That row counts for the part's top (it was
    /// row -1, and the layout crashed on it).
    @Test func aUnionWhosePartnersAllStandElsewhereGetsARowAtTheTop() throws {
        let text = """
            0 HEAD
            1 CHAR UTF-8
            0 @C@ INDI
            1 NAME Child
            1 FAMC @U@
            1 FAMS @V@
            0 @P@ INDI
            1 NAME Parent
            1 FAMS @V@
            1 FAMS @U@
            0 @U@ FAM
            1 HUSB @P@
            1 CHIL @C@
            0 @V@ FAM
            1 HUSB @P@
            1 WIFE @C@
            0 TRLR
            """
        let graph = try FamilyImport(bytes: Array(text.utf8), source: "married-his-daughter.ged").graph
        let scene = ChartLayout().scene(for: graph)
        check(scene, graph)
        let reference = try #require(scene.persons.first { $0.isReference }), child = try box(scene, "C")
        #expect(reference.id == "P" && reference.generation == 0 && child.generation == 1)
    }
}

/// The family chart's cost grows linearly: generated families, whole-file shapes, and
/// seed files whose trees start far down (many empty generations).
@Suite struct FamilyChartCostTests {
    @Test func treesFarDownCostNoMoreThanTheirPersons() throws {
        func family(_ generations: Int) throws -> FamilyGraph {
            var text = "{\"generations\": ["
            for g in 0..<generations { text += (g > 0 ? "," : "") + (g % 10 == 0 ? "[{\"id\": \"r\(g)\"}]" : "[]") }
            return try TestFamilies.graph(json: text + "]}")
        }
        let (small, large) = (try family(1_000), try family(4_000))
        let ratio = CostGrowth.ratio({ _ = ChartLayout().scene(for: small) }, { _ = ChartLayout().scene(for: large) })
        #expect(ratio < 9, "4× the generations and roots took \(ratio)× the time")
    }

    /// Per layout pass: the chart makes one pass more for each round of far or
    /// out-of-birth-order lines made references (at most 7), and a larger random family
    /// may need a round more than a smaller one (seed 9: 2 passes at 1,000 persons, 3 at
    /// 4,000), which is no super-linear step; a quadratic pass would still take 16×.
    @Test func wholeFamiliesScaleLinearly() throws {
        let (small, large) = (RandomFamilyGraph(persons: 1_000, seed: 9).make(), RandomFamilyGraph(persons: 4_000, seed: 9).make())
        let layout = ChartLayout()
        let passes = (Double(layout.familyScene(for: small).statistics.passes), Double(layout.familyScene(for: large).statistics.passes))
        let ratio = CostGrowth.ratio({ _ = layout.scene(for: small) }, { _ = layout.scene(for: large) })
        let perPass = ratio * passes.0 / passes.1
        #expect(perPass < 9, "4× the persons took \(ratio)× the time, \(perPass)× per pass (\(passes.0) and \(passes.1) passes)")
    }
}

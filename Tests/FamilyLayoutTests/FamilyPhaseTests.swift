@testable import FamilyLayout
import FamilyModel
import Testing
import TestSupport

/// The family layout's phases one at a time (`Sources/FamilyLayout/Family/`, one file a
/// phase), each held to the contract its doc comment states, on a family of a dozen
/// persons small enough to reason about by hand:
///
///     G1 ♂1895 ═ G2 ♀1897            P1 ♂1896 ═ P2 ♀1898
///     ├ C1 ♂1925 ═══════════════════ S1 ♀1926 ┤ (S0 ♀1920 elder, S2 ♂1932 younger)
///     ├ C2 ♂1928        │                 Q1 ♂1922 ═ Q2 ♀1924 (no parents in the file)
///     └ C3 ♀1930     K1 ♂1950 ═══════════ T1 ♀1952
///                           L1 1975
///
/// C1 and S1 both have parents (one of their up-links is a cross link); Q1 and Q2 married
/// into the second row and have no parents (a root below the top row: grafted); P1 and P2
/// hang nothing in the tree once S1 hangs from C1's family (free to slide).
@Suite struct FamilyPhaseTests {
    static let persons = ["G1 M 1895", "G2 F 1897", "C1 M 1925", "C2 M 1928", "C3 F 1930",
                          "P1 M 1896", "P2 F 1898", "S0 F 1920", "S1 F 1926", "S2 M 1932",
                          "Q1 M 1922", "Q2 F 1924", "K1 M 1950", "T1 F 1952", "L1 M 1975"]
    static let families = ["FG G1 G2 C1 C2 C3", "FP P1 P2 S0 S1 S2", "FC C1 S1 K1", "FQ Q1 Q2 T1", "FK K1 T1 L1"]

    /// A GEDCOM of `persons` ("ID SEX YEAR") and `families` ("FID HUSBAND WIFE CHILD…", "-" for none).
    static func graph(_ persons: [String], _ families: [String]) throws -> FamilyGraph {
        var lines = ["0 HEAD", "1 GEDC", "2 VERS 5.5.1", "1 CHAR UTF-8"]
        let parsed = families.map { $0.split(separator: " ").map(String.init) }
        for person in persons {
            let f = person.split(separator: " ").map(String.init)
            lines += ["0 @\(f[0])@ INDI", "1 NAME \(f[0]) /X/", "1 SEX \(f[1])", "1 BIRT", "2 DATE \(f[2])"]
            for family in parsed where family[1] == f[0] || family[2] == f[0] { lines.append("1 FAMS @\(family[0])@") }
            for family in parsed where family.dropFirst(3).contains(f[0]) { lines.append("1 FAMC @\(family[0])@") }
        }
        for family in parsed {
            lines.append("0 @\(family[0])@ FAM")
            if family[1] != "-" { lines.append("1 HUSB @\(family[1])@") }
            if family[2] != "-" { lines.append("1 WIFE @\(family[2])@") }
            for child in family.dropFirst(3) { lines.append("1 CHIL @\(child)@") }
        }
        lines.append("0 TRLR")
        return try FamilyImport(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), source: "tiny.ged").graph
    }

    static func tiny() throws -> FamilyGraph { try graph(persons, families) }

    static var chart: FamilyChart { FamilyChart(style: LayoutStyle(), partnerOrder: .marriage, arrangement: .pack, aspect: 1) }

    /// One layout pass of phases 1–5, as the chart makes its first.
    static func pass(_ graph: FamilyGraph, referenced: Set<ChildLinkKey> = []) -> FamilyChart.Pass {
        chart.layOut(graph, rows: FamilyRows(graph: graph), referenced: referenced)
    }

    static func person(_ id: String, _ graph: FamilyGraph) -> Int { graph.persons.firstIndex { $0.id == id }! }

    static func union(_ partners: String, _ graph: FamilyGraph) -> Int {
        let ids = Set(partners.split(separator: " ").map { person(String($0), graph) })
        return graph.unions.firstIndex { Set($0.partners) == ids }!
    }

    static func unit(of id: String, _ units: FamilyUnits, _ graph: FamilyGraph) -> Int {
        units.boxes[units.primaryBox[person(id, graph)]].unit
    }

    // MARK: Phase 1 — rows

    @Test func rowsPutPartnersInTheirUnionsRowAndChildrenOneBelow() throws {
        let graph = try Self.tiny()
        let rows = FamilyRows(graph: graph)
        #expect(rows.brokenLinks == 0 && rows.partCount == 1)
        for (u, union) in graph.unions.enumerated() {
            for (k, partner) in union.partners.enumerated() where rows.partnerKept[u, k] {
                #expect(rows.personRow[partner] == rows.unionRow[u])
            }
            for (k, child) in union.children.enumerated() where rows.childKept[u, k] {
                #expect(rows.personRow[child] == rows.unionRow[u] + 1)
            }
        }
        let row = { rows.personRow[Self.person($0, graph)] }
        #expect([row("G1"), row("P1"), row("C1"), row("S1"), row("Q1"), row("K1"), row("L1")] == [0, 0, 1, 1, 1, 2, 3])
    }

    @Test func rowsBreakALinkThatContradictsTheOthersAndCountIt() throws {
        // A marries his granddaughter Z: A's links come first (he is first in the file), so
        // Z takes his row, and her birth family's line to her (two rows below A) is broken.
        let graph = try Self.graph(["A M 1900", "B F 1902", "X M 1925", "Y F 1926", "Z F 1950"],
                                   ["F1 A B X", "F2 X Y Z", "F3 A Z"])
        let rows = FamilyRows(graph: graph)
        let notKept = rows.partnerKept.elements.filter { !$0 }.count + rows.childKept.elements.filter { !$0 }.count
        #expect(rows.brokenLinks == 1 && notKept == 1)
        let birth = Self.union("X Y", graph)
        #expect(rows.childKept[birth] == [false], "the line from X and Y to Z is the one broken")
        let row = { rows.personRow[Self.person($0, graph)] }
        #expect(row("Z") == row("A") && row("X") == row("A") + 1)
        #expect(!rows.hangsFromOwnFamily[Self.person("Z", graph)])
    }

    @Test func rowsNumberEachPartFromZero() throws {
        let graph = try Self.graph(["A M 1900", "B F 1902", "C M 1930", "D M 1800", "E F 1830"], ["F1 A B C", "F2 D - E"])
        let rows = FamilyRows(graph: graph)
        #expect(rows.partCount == 2)
        for part in 0..<rows.partCount {
            #expect(graph.persons.indices.filter { rows.personPart[$0] == part }.map { rows.personRow[$0] }.min() == 0)
        }
    }

    // MARK: Phase 2 — units

    @Test func unitsGiveEveryoneOneOwnBoxAndKeepCouplesTogether() throws {
        let graph = try Self.tiny()
        let units = FamilyUnits(graph: graph, rows: FamilyRows(graph: graph), partnerOrder: .marriage)
        #expect(units.boxes.filter { $0.reference == nil }.count == graph.count)
        for p in graph.persons.indices {
            #expect(units.boxes[units.primaryBox[p]].person == p && units.boxes[units.primaryBox[p]].reference == nil)
        }
        for unit in units.units {
            for placement in unit.unions where placement.isCouple {
                #expect(placement.boxes.allSatisfy { unit.boxes.contains($0) })
            }
        }
        // C1 and S1 share a unit; G1 and G2 another.
        #expect(Self.unit(of: "C1", units, graph) == Self.unit(of: "S1", units, graph))
        #expect(Self.unit(of: "C1", units, graph) != Self.unit(of: "G1", units, graph))
    }

    @Test func unitsDrawAReferencedLinkAsAReferenceBox() throws {
        let graph = try Self.tiny()
        let fg = Self.union("G1 G2", graph)
        let c2 = graph.unions[fg].children.firstIndex(of: Self.person("C2", graph))!
        let units = FamilyUnits(graph: graph, rows: FamilyRows(graph: graph), partnerOrder: .marriage,
                                referenced: [ChildLinkKey(union: fg, index: c2)])
        let references = units.boxes.filter { $0.reference != nil }
        #expect(references.count == 1 && references.first?.person == Self.person("C2", graph))
        let placement = units.units[units.unitOfUnion[fg]].unions[units.placementOfUnion[fg]]
        #expect(placement.childBoxes.contains { units.boxes[$0].reference != nil && units.boxes[$0].person == Self.person("C2", graph) })
    }

    @Test func maleLeftPutsTheHusbandLeftOfHisWife() throws {
        // A woman with two husbands is the hub; in marriage order her first husband stands
        // right of her, the second left; male-left mirrors her unit, so the first stands left.
        let graph = try Self.graph(["W F 1900", "H M 1898", "J M 1897"], ["F1 H W", "F2 J W"])
        func x(_ id: String, _ order: PartnerOrder) -> Double {
            let pass = FamilyChart(style: LayoutStyle(), partnerOrder: order, arrangement: .pack, aspect: 1)
                .layOut(graph, rows: FamilyRows(graph: graph), referenced: [])
            return pass.boxX[pass.units.primaryBox[Self.person(id, graph)]]
        }
        #expect(x("H", .marriage) > x("W", .marriage) && x("J", .marriage) < x("W", .marriage))
        #expect(x("H", .maleLeft) < x("W", .maleLeft) && x("J", .maleLeft) > x("W", .maleLeft))
    }

    // MARK: Phase 3 — forest

    @Test func forestHangsEveryUnitOnceAndGraftsARootBelowTheTop() throws {
        let graph = try Self.tiny()
        let pass = Self.pass(graph)
        let (units, forest) = (pass.units, pass.forest)
        for (u, unit) in units.units.enumerated() {
            if unit.upLinks.isEmpty {
                #expect(forest.treeUnion[u] == -1, "a unit with no family above is a root")
            } else {
                #expect(unit.upLinks.contains { $0.union == forest.treeUnion[u] && $0.box == forest.anchorBox[u] })
            }
            // Following tree links (and grafts) ends at a top root: no cycle.
            var v = u, steps = 0
            while steps <= units.units.count, forest.treeUnion[v] >= 0 || forest.graftParent[v] >= 0 {
                v = forest.treeUnion[v] >= 0 ? units.unitOfUnion[forest.treeUnion[v]] : forest.graftParent[v]
                steps += 1
            }
            #expect(steps <= units.units.count && forest.topRoots[unit.part].contains(v))
        }
        // Q1 and Q2 (no parents, row 1) are grafted under a unit of row 0; G's and P's couples are top roots.
        let q = Self.unit(of: "Q1", units, graph)
        #expect(forest.graftParent[q] >= 0 && units.units[forest.graftParent[q]].row == units.units[q].row - 1)
        #expect(forest.topRoots[0].contains(Self.unit(of: "G1", units, graph)) && forest.topRoots[0].contains(Self.unit(of: "P1", units, graph)))
        // Every up-link is the tree link or a cross link: C1 ═ S1 hang from one family, and the other's line crosses over.
        let upLinks = units.units.map(\.upLinks.count).reduce(0, +)
        #expect(forest.crossLinks.count == upLinks - forest.treeUnion.filter { $0 >= 0 }.count)
        #expect(forest.crossLinks.contains { $0.unit == Self.unit(of: "C1", units, graph) })
    }

    // MARK: Phase 4 — ordering

    @Test func orderingKeepsChildrenInBirthOrderAndCountsItsOwnCrossings() throws {
        let graph = try Self.tiny()
        let pass = Self.pass(graph)
        let crossLinked = Set(pass.forest.crossLinks.map { [$0.box, $0.union] })
        for unit in pass.units.units {
            for placement in unit.unions {
                let tree = placement.childBoxes.filter { !crossLinked.contains([$0, placement.union]) }
                let born = tree.map { graph.persons[pass.units.boxes[$0].person].birthDate! }
                #expect(tree.sorted { pass.boxX[$0] < pass.boxX[$1] }.map { graph.persons[pass.units.boxes[$0].person].birthDate! } == born.sorted())
            }
        }
        #expect(pass.crossings == FamilyCrossings.count(units: pass.units, placement: pass.placement, order: pass.order, boxX: pass.boxX))
        // Deterministic: the same family gives the same order and places.
        let again = Self.pass(graph)
        #expect(again.boxX == pass.boxX && again.order.mirrored == pass.order.mirrored && again.order.children == pass.order.children)
    }

    @Test func crossingsCountPairsOfLinesThatSwapSides() {
        #expect(FamilyCrossings.inversions([(top: 0, bottom: 10), (top: 10, bottom: 0)]) == 1)
        #expect(FamilyCrossings.inversions([(top: 0, bottom: 0), (top: 10, bottom: 10), (top: 20, bottom: 30)]) == 0)
        #expect(FamilyCrossings.inversions([(top: 0, bottom: 30), (top: 10, bottom: 20), (top: 20, bottom: 10)]) == 3)
        #expect(FamilyCrossings.inversions([(top: 0, bottom: 5), (top: 10, bottom: 5)]) == 0, "lines meeting at one child do not cross")
    }

    // MARK: Phase 5 — placement

    @Test func placementKeepsBoxesApartAndCentresParentsOverChildren() throws {
        let graph = try Self.tiny()
        let pass = Self.pass(graph)
        let style = LayoutStyle()
        Self.expectRowsApart(pass, pass.boxX, style: style)
        for (u, unit) in pass.units.units.enumerated() {
            for placement in unit.unions {
                // Partners stand one span apart (box width and couple gap), side by side.
                if placement.isCouple {
                    let (a, b) = (pass.boxX[placement.boxes[0]], pass.boxX[placement.boxes[1]])
                    #expect(abs(abs(a - b) - pass.placement.span(row: unit.row)) < 1e-9)
                }
                // A union's tree children centre under the point they hang from.
                let children = pass.order.children(of: u, pass.units.placementOfUnion[placement.union])
                guard !children.isEmpty else { continue }
                let anchors = children.map { pass.boxX[pass.forest.anchorBox[$0]] }
                let hang = pass.placement.hangX(of: placement.union, order: pass.order, boxX: pass.boxX)
                #expect(abs(hang - (anchors.min()! + anchors.max()!) / 2) < 1e-6, "union \(placement.union) is not centred over its children")
            }
        }
    }

    /// No two boxes of a row of a part come nearer than the least gap.
    static func expectRowsApart(_ pass: FamilyChart.Pass, _ boxX: [Double], style: LayoutStyle) {
        var rows: [GapKey: [Int]] = [:]
        for unit in pass.units.units { rows[GapKey(part: unit.part, row: unit.row), default: []] += unit.boxes }
        for (key, boxes) in rows {
            let xs = boxes.map { boxX[$0] }.sorted()
            for (a, b) in zip(xs, xs.dropFirst()) {
                #expect(b - a >= pass.placement.boxWidth(row: key.row) + min(style.coupleGap, style.siblingGap) - 1e-6,
                        "row \(key.row): boxes at \(a) and \(b) overlap")
            }
        }
    }

    // MARK: References chosen after a pass

    @Test func farLinksFollowTheirThresholds() throws {
        let graph = try Self.tiny()
        let pass = Self.pass(graph)
        #expect(!pass.forest.crossLinks.isEmpty)
        let none = FarLinks(maximumCrossings: .max, maximumSpans: .infinity).select(pass)
        let all = FarLinks(maximumCrossings: .max, maximumSpans: 0).select(pass)
        #expect(none.isEmpty)
        // Every cross link whose line runs sideways at all is "far" when no span is allowed.
        let sideways = pass.forest.crossLinks.filter {
            abs(pass.placement.hangX(of: $0.union, order: pass.order, boxX: pass.boxX) - pass.boxX[$0.box]) > 1e-6
        }
        #expect(!sideways.isEmpty && all.count == sideways.count && Set(all.map(\.union)) == Set(sideways.map(\.union)))
    }

    @Test func birthOrderLinksPickACrossLinkedChildStandingOutOfOrder() throws {
        let graph = try Self.tiny()
        var pass = Self.pass(graph)
        // The cross-linked child among P's children (S0 1920, S1 1926, S2 1932) or G's.
        let link = try #require(pass.forest.crossLinks.first)
        let child = pass.units.boxes[link.box].person
        let siblings = graph.unions[link.union].children.filter { $0 != child }.map { pass.units.primaryBox[$0] }
        let (low, high) = (siblings.map { pass.boxX[$0] }.min()!, siblings.map { pass.boxX[$0] }.max()!)
        let born = graph.persons[child].birthDate!
        let elder = siblings.filter { graph.persons[pass.units.boxes[$0].person].birthDate! < born }
        let younger = siblings.filter { graph.persons[pass.units.boxes[$0].person].birthDate! > born }
        // Between its elder and its younger siblings: in order.
        pass.boxX[link.box] = ((elder.map { pass.boxX[$0] }.max() ?? low - 100) + (younger.map { pass.boxX[$0] }.min() ?? high + 100)) / 2
        if elder.allSatisfy({ pass.boxX[$0] < pass.boxX[link.box] }) && younger.allSatisfy({ pass.boxX[$0] > pass.boxX[link.box] }) {
            #expect(!BirthOrderLinks(graph: graph).select(pass).contains { $0.union == link.union })
        }
        // Left of every sibling although one is older, or right of all though one is younger: out of order.
        pass.boxX[link.box] = elder.isEmpty ? high + 1_000 : low - 1_000
        #expect(BirthOrderLinks(graph: graph).select(pass).contains { $0.union == link.union })
    }

    // MARK: Touches after placement

    @Test func seamStretchNeverGrowsABarBeyondItsMaximum() throws {
        let graph = try Self.tiny()
        let pass = Self.pass(graph)
        let wide = SeamStretch(pass: pass, maximum: 10_000).gaps()
        #expect(!wide.isEmpty, "C1 ═ S1: one partner's parents stand off to the side")
        for maximum in [1.0, 12.0, 10_000] {
            let gaps = SeamStretch(pass: pass, maximum: maximum).gaps()
            #expect(gaps.keys.sorted() == wide.keys.sorted())
            for (u, byGap) in gaps {
                #expect(pass.units.units[u].boxes.count == 2, "only a plain couple stretches")
                for (gap, extra) in byGap { #expect(extra > 0 && extra <= maximum && extra <= wide[u]![gap]!) }
            }
        }
    }

    @Test func freeUnitSlideMovesOnlyFreeUnitsTowardTheirChildrenAndKeepsRowsApart() throws {
        let graph = try Self.tiny()
        let pass = Self.pass(graph)
        let style = LayoutStyle()
        let slid = FreeUnitSlide(pass: pass, style: style).apply(to: pass.boxX)
        Self.expectRowsApart(pass, slid, style: style)
        for (u, unit) in pass.units.units.enumerated() {
            let moved = unit.boxes.contains { abs(slid[$0] - pass.boxX[$0]) > 1e-9 }
            let free = unit.upLinks.isEmpty && pass.forest.treeUnion[u] < 0 && !pass.order.hasChildUnits(u)
                && pass.order.graftsBefore[u].isEmpty && pass.order.graftsAfter[u].isEmpty
            if moved { #expect(free, "unit \(u) is not free but moved") }
            // A free unit's boxes move together (its bars keep their length), and its lines get no longer.
            guard moved else { continue }
            let shifts = Set(unit.boxes.map { slid[$0] - pass.boxX[$0] })
            #expect(shifts.count == 1)
            for link in pass.forest.crossLinks where pass.units.unitOfUnion[link.union] == u {
                let before = abs(pass.placement.hangX(of: link.union, order: pass.order, boxX: pass.boxX) - pass.boxX[link.box])
                let after = abs(pass.placement.hangX(of: link.union, order: pass.order, boxX: slid) - slid[link.box])
                #expect(after <= before + 1e-9)
            }
        }
    }

    // MARK: After the scene — lines of a child of several families

    /// A man who is the child of two families (birth and adoptive parents) and a father:
    /// both families' lines reach his box, and each ends at a point of its own on its top
    /// edge, so their last drops do not run down on top of each other, and they do not
    /// cross there.
    @Test func sharedChildDropsEndApartOnTheTopEdgeWithoutCrossing() throws {
        let graph = try Self.graph(["B1 M 1900", "B2 F 1902", "D1 M 1898", "D2 F 1899", "A1 M 1930", "W1 F 1932",
                                    "E1 M 1925", "K1 M 1955"],
                                   ["FB B1 B2 E1 A1", "FD D1 D2 A1", "FA A1 W1 K1"])
        let scene = Self.chart.scene(for: graph).scene
        #expect(SceneInvariants(scene: scene).violations() == [])
        let child = try #require(scene.persons.firstIndex { $0.id == "A1" && !$0.isReference })
        let ends = scene.connectors.filter { $0.childBox == child }.map { $0.points.last! }
        #expect(ends.count == 2)
        let box = scene.persons[child]
        for end in ends { #expect(abs(end.y - box.y) < 1e-9 && end.x > box.x && end.x < box.maxX) }
        let xs = ends.map(\.x).sorted()
        for (a, b) in zip(xs, xs.dropFirst()) { #expect(b - a >= FamilyChart.sharedDropSpacing - 1e-9) }
        #expect(ChartMetrics(scene: scene, graph: graph).closeLines.isEmpty)
        #expect(SceneCrossings.pairs(scene).filter { $0.contains("A1") } == [])
    }

    /// Another family's upright line standing at the x of a child's drop, one row gap above
    /// it (here a couple bar's arch planted there), would make the child seem to hang from
    /// that family: the drop moves along the middle third of the child's top edge until the
    /// two are more than 5 pt apart; the rest of the line keeps its place.
    @Test func dropNudgingMovesADropClearOfAnotherFamilysUprightLine() throws {
        var scene = Self.chart.scene(for: try Self.tiny()).scene
        let c = try #require(scene.connectors.firstIndex { $0.points.count == 4 })
        let before = scene.connectors[c].points
        let child = scene.persons[scene.connectors[c].childBox]
        let strangers = scene.persons.indices.filter { !scene.connectors[c].parentBoxes.contains($0) }.prefix(2)
        let x = before[3].x, top = before[2].y - LayoutStyle().rowGap + 4
        scene.coupleBars.append(CoupleBar(ids: strangers.map { scene.persons[$0].id }, boxes: Array(strangers),
                                          points: [Point(x, top - 30), Point(x, top)], hang: Point(x, top)))
        DropNudging(minimum: ChartMetrics.separation + 1, reach: LayoutStyle().rowGap).apply(to: &scene)
        let after = scene.connectors[c].points
        #expect(abs(after[3].x - x) >= ChartMetrics.separation + 1 && abs(after[3].x - child.centerX) <= child.width / 6)
        #expect(after[2].x == after[3].x && after[2].y == before[2].y && after[3].y == before[3].y)
        #expect(Array(after.prefix(2)) == Array(before.prefix(2)))
    }

    /// A line that moved away no longer keeps others off its old place; the family's
    /// pieces elsewhere, and other families' pieces there, still do.
    @Test func aRetiredUprightPieceNoLongerBlocks() {
        var lines = UprightLines(minimum: 6, reach: 44, capacity: 4, span: 0...1000)
        lines.add([Point(100, 0), Point(100, 50)], family: 1)
        lines.add([Point(300, 0), Point(300, 50)], family: 1)
        lines.add([Point(500, 0), Point(500, 50)], family: 2)
        #expect(!lines.isClear(102, family: 3, low: 60, high: 100))
        lines.retire(family: 1, x: 100, low: 0, high: 50)
        lines.retire(family: 1, x: 500, low: 0, high: 50)  // not family 1's piece: stays
        #expect(lines.isClear(102, family: 3, low: 60, high: 100))
        #expect(!lines.isClear(302, family: 3, low: 60, high: 100))
        #expect(!lines.isClear(502, family: 3, low: 60, high: 100))
    }
}

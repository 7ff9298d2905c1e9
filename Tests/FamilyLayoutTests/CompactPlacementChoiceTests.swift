@testable import FamilyLayout
import FamilyModel
import Foundation
import TestSupport
import Testing

/// `--compact` weighs several placements of each part — bars stretched so a partner
/// stands under their own parents or not, the gap between families the style's or one of
/// `CompactSearch.compactCousinGaps`, a reach of `CompactSearch.compactReaches` — and takes
/// the one of least area as drawn whose routed lines cross no more often than the first's. These tests compare it with the chart that
/// places every part the first way (`weighsPlacements` off).
@Suite struct CompactPlacementChoiceTests {
    private func chart(weighing: Bool) -> FamilyChart {
        var chart = FamilyChart(style: LayoutStyle(), partnerOrder: .marriage, arrangement: .pack, aspect: 2.0.squareRoot())
        chart.compact = true
        chart.weighsPlacements = weighing
        return chart
    }

    /// Each part's boxes' extent: width and height.
    private func extents(_ scene: Scene) -> [Int: (width: Double, height: Double)] {
        var box: [Int: (x0: Double, y0: Double, x1: Double, y1: Double)] = [:]
        for p in scene.persons {
            let e = box[p.part] ?? (p.x, p.y, p.maxX, p.maxY)
            box[p.part] = (min(e.x0, p.x), min(e.y0, p.y), max(e.x1, p.maxX), max(e.y1, p.maxY))
        }
        return box.mapValues { ($0.x1 - $0.x0, $0.y1 - $0.y0) }
    }

    /// Two families whose children marry: A's younger son and B's elder daughter. Stretched,
    /// their bar reaches from under A's parents to under B's, and both families' other
    /// children stand beyond it; unstretched, the couple stands side by side, B's parents'
    /// line comes across to the daughter, and the chart is a box narrower.
    private func twoFamilies() throws -> FamilyGraph {
        var lines = ["0 HEAD", "1 CHAR UTF-8"]
        func person(_ id: String, _ name: String, _ sex: String, child: String? = nil, partner: String? = nil, born: Int? = nil) {
            lines += ["0 @\(id)@ INDI", "1 NAME \(name)", "1 SEX \(sex)"]
            if let born { lines += ["1 BIRT", "2 DATE \(born)"] }
            if let child { lines.append("1 FAMC @\(child)@") }
            if let partner { lines.append("1 FAMS @\(partner)@") }
        }
        for family in ["A", "B"] {
            person("\(family)H", "\(family) /Father/", "M", partner: "F\(family)")
            person("\(family)W", "\(family) /Mother/", "F", partner: "F\(family)")
        }
        person("A0", "A0 /Child/", "M", child: "FA", born: 1900)
        person("A1", "A1 /Child/", "M", child: "FA", partner: "FX", born: 1901)
        person("B0", "B0 /Child/", "F", child: "FB", partner: "FX", born: 1900)
        person("B1", "B1 /Child/", "F", child: "FB", born: 1901)
        person("X0", "X0 /Grand/", "M", child: "FX", born: 1930)
        person("X1", "X1 /Grand/", "M", child: "FX", born: 1931)
        lines += ["0 @FA@ FAM", "1 HUSB @AH@", "1 WIFE @AW@", "1 CHIL @A0@", "1 CHIL @A1@"]
        lines += ["0 @FB@ FAM", "1 HUSB @BH@", "1 WIFE @BW@", "1 CHIL @B0@", "1 CHIL @B1@"]
        lines += ["0 @FX@ FAM", "1 HUSB @A1@", "1 WIFE @B0@", "1 CHIL @X0@", "1 CHIL @X1@", "0 TRLR"]
        return try FamilyImport(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), source: "two-families.ged").graph
    }

    @Test func aCoupleFromTwoFamiliesStandsSideBySideWhenThatIsNarrower() throws {
        let graph = try twoFamilies()
        let (weighed, _) = chart(weighing: true).scene(for: graph)
        let (stretched, _) = chart(weighing: false).scene(for: graph)
        CompactFamilyChartTests.check(weighed, graph, "two families")
        let box = { (id: String) in weighed.persons.first { $0.id == id && !$0.isReference }! }
        // The couple side by side: their bar is the style's couple gap.
        #expect(abs(box("B0").x - box("A1").maxX - LayoutStyle().coupleGap) < 0.01, "\(box("A1").maxX) → \(box("B0").x)")
        let before = try #require(extents(stretched)[0]), after = try #require(extents(weighed)[0])
        #expect(after.width <= before.width - LayoutStyle().boxWidth, "\(after.width) against \(before.width)")
        #expect(weighed.crossingsByPart(parts: 1)[0] <= stretched.crossingsByPart(parts: 1)[0])
    }

    /// On random families: every rule of `--compact`, no part's lines crossing more often
    /// than with the first placement, and no part wider than there (a placement is taken
    /// only for less area; on these families none has more rows than the first).
    @Test(arguments: 1...8 as ClosedRange<UInt64>)
    func noPartCrossesMoreOftenOrGrows(seed: UInt64) throws {
        // The random families of `CompactFamilyChartTests` (one part, and several packed).
        let graph = seed % 2 == 0 ? RandomFamilyGraph(persons: 80 + Int(seed) * 30, seed: seed).make()
            : try FamilyImport(bytes: Array(GEDCOMWriter().write(SyntheticFamily(persons: 150 + 50 * Int(seed), seed: seed,
                                                                                        roots: 4 + Int(seed)).generate()).utf8),
                               source: "random-\(seed).ged").graph
        let (weighed, _) = chart(weighing: true).scene(for: graph)
        let (first, _) = chart(weighing: false).scene(for: graph)
        CompactFamilyChartTests.check(weighed, graph, "seed \(seed)")
        #expect(ChartMetrics(scene: weighed, graph: graph).closeLines.isEmpty, "seed \(seed)")
        let parts = (weighed.persons.map(\.part).max() ?? -1) + 1
        let (after, before) = (weighed.crossingsByPart(parts: parts), first.crossingsByPart(parts: parts))
        for part in 0..<parts { #expect(after[part] <= before[part], "seed \(seed) part \(part): \(after[part]) > \(before[part])") }
        let (grown, was) = (extents(weighed), extents(first))
        for (part, e) in grown {
            let old = was[part]!
            #expect(e.width <= old.width + 0.01, "seed \(seed) part \(part): \(e.width) > \(old.width)")
        }
        // Weighed as drawn: no part takes more area than the first placement's, its gaps
        // (taller where a longer reach made more tracks) counted.
        let (drawn, firstDrawn) = (weighed.boxAreasByPart(parts: parts), first.boxAreasByPart(parts: parts))
        for part in 0..<parts { #expect(drawn[part] <= firstDrawn[part] * (1 + 1e-9), "seed \(seed) part \(part)") }
    }

    /// A part's area as drawn is its boxes' extent, width times height.
    @Test func aPartsAreaIsItsBoxesExtent() {
        var scene = Scene(width: 1000, height: 1000, persons: [], coupleBars: [], connectors: [])
        func box(_ x: Double, _ y: Double, part: Int) -> PersonBox {
            var box = PersonBox(id: "p", name: "P", gender: .unknown, generation: 0, x: x, y: y, width: 100, height: 50)
            box.part = part
            return box
        }
        scene.persons = [box(10, 10, part: 0), box(300, 200, part: 0), box(50, 50, part: 2)]
        #expect(scene.boxAreasByPart(parts: 3) == [390 * 240, 0, 100 * 50])
    }

    /// Kennedy's compact chart (shared data): a longer reach (`compactReaches`) makes its one
    /// large part shorter as drawn, without more crossings, so it is taken.
    @Test(.enabled(if: FixturePaths.sharedDatasets != nil, "../shared/datasets is absent (a plain clone): skipped"))
    func aLongerReachIsTakenWhereThePartIsSmallerAsDrawn() throws {
        let graph = try TestFamilies.graph(shared: "d-jeffrey-gedcom-samples/sample-kennedy/kennedy.ged")
        let (weighed, _) = chart(weighing: true).scene(for: graph)
        let (first, _) = chart(weighing: false).scene(for: graph)
        CompactFamilyChartTests.check(weighed, graph, "kennedy")
        let pitch = LayoutStyle().boxWidth + LayoutStyle().siblingGap
        #expect(weighed.hangReach > 8 * pitch + 0.01, "\(weighed.hangReach)")
        let parts = (weighed.persons.map(\.part).max() ?? -1) + 1
        let (drawn, firstDrawn) = (weighed.boxAreasByPart(parts: parts), first.boxAreasByPart(parts: parts))
        #expect(drawn.reduce(0, +) < 0.95 * firstDrawn.reduce(0, +), "\(drawn) against \(firstDrawn)")
        #expect(weighed.crossingsByPart(parts: parts).reduce(0, +) <= first.crossingsByPart(parts: parts).reduce(0, +))
    }

    /// The compact page's border is `compactMargin`, and every part's frame stays on the page.
    @Test func theBorderIsNarrowAndFramesStayOnThePage() throws {
        let data = SyntheticFamily(persons: 300, seed: 7, roots: 6).generate()
        let graph = try FamilyImport(bytes: Array(GEDCOMWriter().write(data).utf8), source: "parts.ged").graph
        let (scene, _) = chart(weighing: true).scene(for: graph)
        #expect(!scene.partFrames.isEmpty)
        let margin = FamilyChart.compactMargin
        let left = (scene.persons.map(\.x) + scene.rowLabels.map(\.x)).min()!, top = scene.persons.map(\.y).min()!
        #expect(abs(left - margin) < 0.01 && top >= margin - 0.01, "\(left), \(top)")
        for frame in scene.partFrames {
            #expect(frame.x >= 0 && frame.y >= 0 && frame.x + frame.width <= scene.width && frame.y + frame.height <= scene.height,
                    "\(frame) on a page of \(scene.width) × \(scene.height)")
        }
        let (plain, _) = FamilyChart(style: LayoutStyle(), partnerOrder: .marriage, arrangement: .pack, aspect: 1).scene(for: graph)
        #expect(plain.persons.map(\.x).min()! >= LayoutStyle().margin - 0.01, "the default chart keeps its border")
    }
}

@testable import FamilyLayout
import FamilyModel
import Foundation
import TestSupport
import Testing

/// `--compact`'s leaf stacks (`Scene.leafStacks`): childless siblings without partners stand
/// one under another below their parents' line, hung from a spine, in birth order top to
/// bottom; every rule of the compact chart still holds, the stacked boxes checked by
/// `SceneInvariants` like any other (their column, their lines, their neighbours).
@Suite struct LeafStackTests {
    private let compact = ChartLayout(request: .family(FamilyChartOptions(compact: true)))

    /// The compact chart's rules (`CompactFamilyChartTests.check`), and no two families'
    /// lines within 5 pt (a spine among them).
    private func check(_ scene: Scene, _ graph: FamilyGraph, _ label: String) {
        CompactFamilyChartTests.check(scene, graph, label)
        let metrics = ChartMetrics(scene: scene, graph: graph)
        #expect(metrics.closeLines.isEmpty, "\(label): \(metrics.closeLines.prefix(2))")
    }

    /// A couple with `leaves` childless children born a year apart, and one married child with
    /// a child of their own in the middle of them.
    private func family(leaves: Int) throws -> FamilyGraph {
        var lines = ["0 HEAD", "1 CHAR UTF-8",
                     "0 @F@ INDI", "1 NAME Father /Stack/", "1 SEX M", "0 @M@ INDI", "1 NAME Mother /Stack/", "1 SEX F",
                     "0 @H@ INDI", "1 NAME Heir /Stack/", "1 SEX M", "1 BIRT", "2 DATE 1900", "1 FAMC @P@", "1 FAMS @Q@",
                     "0 @W@ INDI", "1 NAME Wife /In/", "1 SEX F", "1 FAMS @Q@",
                     "0 @G@ INDI", "1 NAME Grandchild /Stack/", "1 SEX F", "1 FAMC @Q@"]
        var children = ["H"]
        for k in 0..<leaves {
            lines += ["0 @C\(k)@ INDI", "1 NAME Child\(k) /Stack/", "1 SEX \(k % 2 == 0 ? "F" : "M")", "1 BIRT", "2 DATE \(1901 + k)", "1 FAMC @P@"]
            children.append("C\(k)")
        }
        lines += ["0 @P@ FAM", "1 HUSB @F@", "1 WIFE @M@"] + children.map { "1 CHIL @\($0)@" }
        lines += ["0 @Q@ FAM", "1 HUSB @H@", "1 WIFE @W@", "1 CHIL @G@", "0 TRLR"]
        return try FamilyImport(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), source: "stack.ged").graph
    }

    /// Nine childless children: without stacks the row holds ten boxes side by side; the
    /// compact chart stacks the leaves under their parents' line and comes out far narrower
    /// (less area too), the stacks in birth order top to bottom.
    @Test func manyChildlessChildrenStandInStacks() throws {
        let graph = try family(leaves: 9)
        let scene = compact.scene(for: graph)
        check(scene, graph, "nine leaves")
        #expect(!scene.leafStacks.isEmpty)
        let exact = ChartLayout(request: .family(FamilyChartOptions(widthLimit: nil))).scene(for: graph)
        let pitch = LayoutStyle().boxWidth + LayoutStyle().siblingGap
        #expect(scene.width < exact.width - 4 * pitch, "\(scene.width) against \(exact.width)")
        #expect(scene.width * scene.height < exact.width * exact.height)
        let stacked = scene.leafStacks.flatMap(\.boxes)
        #expect(stacked.count >= 6, "\(scene.leafStacks)")
        // Birth order top to bottom, then stack after stack left to right: the children's
        // names count up.
        let byStack = scene.leafStacks.sorted { scene.persons[$0.boxes[0]].x < scene.persons[$1.boxes[0]].x }
        let names = byStack.flatMap { $0.boxes.map { scene.persons[$0].name } }
        #expect(names == names.sorted { Int($0.dropFirst(5).prefix(while: \.isNumber))! < Int($1.dropFirst(5).prefix(while: \.isNumber))! })
        for stack in scene.leafStacks {
            let ys = stack.boxes.map { scene.persons[$0].y }
            #expect(ys == ys.sorted() && Set(stack.boxes.map { scene.persons[$0].x }).count == 1)
        }
    }

    /// The default chart never stacks (its scene stays as it was).
    @Test func theDefaultChartHasNoStacks() throws {
        let graph = try family(leaves: 9)
        #expect(ChartLayout().scene(for: graph).leafStacks.isEmpty)
    }

    /// The checker sees a stacked box moved out of its column, or a line that misses its
    /// spine: stacked boxes are checked, not exempted.
    @Test func theCheckerCatchesABrokenStack() throws {
        let graph = try family(leaves: 6)
        let scene = compact.scene(for: graph)
        let stack = try #require(scene.leafStacks.first)
        var moved = scene
        moved.persons[stack.boxes[1]].x += 30
        var invariants = SceneInvariants(scene: moved)
        invariants.centring = .withinSpan
        #expect(invariants.violations().contains { $0.contains("column") })
        var unhung = scene
        unhung.leafStacks[0].spine -= 20
        invariants = SceneInvariants(scene: unhung)
        invariants.centring = .withinSpan
        #expect(!invariants.violations().isEmpty)
    }

    /// Random families, compact: every rule holds with the stacks the chart chose, and
    /// some of them stack leaves.
    @Test func randomFamiliesKeepEveryRuleWithStacks() throws {
        var stacks = 0
        for seed in 1...8 as ClosedRange<UInt64> {
            let graph = RandomFamilyGraph(persons: 120 + Int(seed) * 40, seed: seed).make()
            let scene = compact.scene(for: graph)
            check(scene, graph, "seed \(seed)")
            stacks += scene.leafStacks.count
        }
        #expect(stacks > 0)
    }

    /// The scene's JSON carries the stacks and reads back the same.
    @Test func stacksRoundTripThroughJSON() throws {
        let scene = compact.scene(for: try family(leaves: 5))
        #expect(!scene.leafStacks.isEmpty)
        let back = try JSONDecoder().decode(Scene.self, from: Data(SceneJSONWriter().write(scene)))
        #expect(back.leafStacks == scene.leafStacks)
    }

    /// With `exactHeights`, each cap is also tried with no stack reaching below the part's
    /// last row (`lowest` 1): nine leaves one row above the last row stack two at most, where
    /// without that bound they hang below it.
    @Test func aStackMayBeKeptFromHangingBelowThePart() throws {
        let graph = try family(leaves: 9)
        let chart = FamilyChart(style: LayoutStyle(), partnerOrder: .marriage, arrangement: .pack, aspect: 1)
        let pass = chart.layOut(graph, rows: FamilyRows(graph: graph), referenced: [])
        let style = LayoutStyle()
        var stacks = LeafStacks(pass: pass, boxHeight: style.boxHeight, rowPitch: style.boxHeight + FamilyChart.compactRowGap)
        stacks.exactHeights = true
        let runs = stacks.runs(boxX: pass.boxX, partCount: 1)[0]
        let members = Array(pass.units.units.indices)
        let lastRow = try #require(pass.units.units.map(\.row).max())
        #expect(runs.contains { $0.units.count == 9 && $0.row == lastRow - 1 }, "\(runs)")
        let free = stacks.plans(runs, members: members, cap: 9, boxX: pass.boxX)
        #expect(free.contains { $0.row + $0.extraRows > lastRow }, "\(free)")
        let kept = stacks.plans(runs, members: members, cap: 9, boxX: pass.boxX, lastRow: lastRow, lowest: 1)
        #expect(!kept.isEmpty && kept.allSatisfy { $0.row + $0.extraRows <= lastRow && $0.units.count <= 2 }, "\(kept)")
    }
}


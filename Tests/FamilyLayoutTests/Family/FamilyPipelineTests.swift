import Foundation
@testable import FamilyLayout
import FamilyModel
import Testing
import TestSupport

/// The family layout as one list of steps (`FamilyPipeline`): the order is the one the
/// docs name, every step can be stopped after, and the draft then holds what that step and
/// those before it made, and nothing the later ones make.
@Suite struct FamilyPipelineTests {
    static let order = ["rows", "units", "forest", "widths", "order", "references", "stretch", "narrow", "slide", "align", "birth-order",
                        "scene", "lines"]

    @Test func theStepsRunInTheDocumentedOrderAndEachSaysWhatItGuarantees() {
        #expect(FamilyPipeline.stepNames == Self.order)
        #expect(ChartLayout.familyLayoutSteps == Self.order)
        #expect(FamilyPipeline.layoutPass.map(\.name) == ["units", "forest", "widths", "order"])
        for step in FamilyPipeline.steps {
            #expect(!step.guarantees.isEmpty && !step.doneBy.isEmpty, "\(step.name)")
        }
    }

    @Test(arguments: [FamilyProfile.exact, .widthLimited(factor: 1.5), .compact])
    func theWholeRunIsTheChartsScene(profile: FamilyProfile) throws {
        let graph = try FamilyPhaseTests.tiny()
        var chart = FamilyPhaseTests.chart
        chart.profile = profile
        let draft = FamilyPipeline(chart: chart).run(graph)
        let scene = try #require(draft.scene)
        #expect(SceneJSONWriter().write(scene) == SceneJSONWriter().write(chart.scene(for: graph).scene))
        #expect(draft.statistics == chart.scene(for: graph).statistics)
    }

    @Test func eachStepLeavesItsOwnPartOfTheDraft() throws {
        let graph = try FamilyPhaseTests.tiny()
        var chart = FamilyPhaseTests.chart
        chart.profile = .compact
        for (k, name) in Self.order.enumerated() {
            let draft = FamilyPipeline(chart: chart).run(graph, stopAfter: name)
            let ran = { (step: String) in Self.order.firstIndex(of: step)! <= k }
            #expect((draft.rows != nil) == (ran("rows") && !ran("references")), "\(name): the rows are let go of after references")
            #expect((draft.units != nil) == (ran("units") && !ran("lines")), "\(name): units")
            #expect((draft.order != nil) == (ran("order") && !ran("lines")), "\(name): order")
            if ran("order") && !ran("scene") { #expect(draft.boxX.count == draft.units!.boxes.count, "\(name): every box placed") }
            #expect((draft.placed != nil) == (ran("narrow") && !ran("scene")), "\(name): the narrowed placement")
            #expect((draft.scene != nil) == ran("scene"), "\(name): the scene")
            #expect(draft.passes == (ran("order") ? 1 : 0) || ran("references"), "\(name): passes")
            // The JSON names the step and parses.
            let json = try #require(try JSONSerialization.jsonObject(with: Data(draft.json(stoppedAfter: name))) as? [String: Any])
            #expect(json["stoppedAfter"] as? String == name)
            #expect(json["steps"] as? [String] == Self.order)
            #expect((json["boxes"] != nil) == (ran("units") && !ran("lines")), "\(name): boxes")
            #expect((json["scene"] != nil) == ran("scene"), "\(name): scene")
        }
    }

    /// The draft's rows are the rows: each partner in one row, a child one below.
    @Test func theRowsStepsDraftPutsAChildBelowItsParents() throws {
        let graph = try FamilyPhaseTests.tiny()
        let draft = FamilyPipeline(chart: FamilyPhaseTests.chart).run(graph, stopAfter: "rows")
        let rows = try #require(draft.rows)
        let g1 = FamilyPhaseTests.person("G1", graph), c1 = FamilyPhaseTests.person("C1", graph), g2 = FamilyPhaseTests.person("G2", graph)
        #expect(rows.personRow[g1] == rows.personRow[g2])
        #expect(rows.personRow[c1] == rows.personRow[g1] + 1)
        #expect(ChartLayout().familyDraft(for: graph, stopAfter: "no such step") == nil)
    }
}

extension FamilyPipelineTests {
    /// CONTRIBUTING.md's table of the steps is `FamilyPipeline.stepTable`: the order is
    /// written once, in the step list (paste the table below into CONTRIBUTING.md when a
    /// step is added, moved or reworded).
    @Test func contributingListsTheStepsAsThePipelineRunsThem() throws {
        let text = try String(contentsOfFile: FixturePaths.root + "/CONTRIBUTING.md", encoding: .utf8)
        #expect(text.contains(FamilyPipeline.stepTable + "\n"), "CONTRIBUTING.md's step table should read:\n\(FamilyPipeline.stepTable)")
    }
}

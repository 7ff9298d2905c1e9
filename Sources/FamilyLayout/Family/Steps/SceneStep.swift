import FamilyModel

/// Phases 6–8: each part's connectors routed (`ConnectorRouting`, with `--compact` runs
/// stepping between tracks, `SteppedRuns`), the parts packed on the page (`PartPacking`),
/// and the boxes, couple bars and connectors written (`SceneWriter`), all in
/// `FamilySceneBuilder`; or the scene `--compact`'s search built already.
struct SceneStep: FamilyLayoutStep {
    var name: String { "scene" }
    var guarantees: String { "runs in a gap never overlap; parts apart, toward the page's shape; every box, bar and line in the scene" }
    var doneBy: String { "FamilySceneBuilder (ConnectorRouting, SteppedRuns, PartPacking, SceneWriter)" }

    func run(_ draft: inout FamilyDraft) {
        let chart = draft.chart, graph = draft.graph
        draft.boxX = []
        let scene = draft.kept ?? chart.builtScene(graph: graph, pass: draft.pass, placed: draft.placed!,
                                                  style: chart.profile.drawingStyle(chart.style),
                                                  partCount: draft.partCount, ownBoxes: draft.ownBoxes)
        (draft.kept, draft.placed) = (nil, nil)
        var statistics = LayoutStatistics(parts: draft.partCount, references: draft.units!.boxes.count - graph.count,
                                          brokenLinks: draft.brokenLinks, farLinks: draft.far.count, crossings: 0)
        statistics.shortestLinkRows = draft.shortestLinkRows
        statistics.passes = draft.passes
        (draft.scene, draft.statistics) = (scene, statistics)
    }
}

extension FamilyChart {
    /// Route, pack and build the scene of a placement slid already.
    func builtScene(graph: FamilyGraph, pass: Pass, placed: Squeezed, style: LayoutStyle, partCount: Int,
                    ownBoxes: OwnBoxes?) -> Scene {
        var builder = FamilySceneBuilder(graph: graph, units: pass.units, forest: pass.forest, placement: pass.placement,
                                         order: pass.order, style: style, partCount: partCount)
        builder.stacks = placed.stacks
        builder.ownBoxes = ownBoxes
        builder.usesSecondThread = usesSecondThread(for: graph)
        builder.assignsLineages = !builder.usesSecondThread  // a big chart's are found beside it
        builder.trackPad = profile.trackPad
        builder.stepsRuns = profile.stepsRuns
        // Parts stand a full row pitch of the chart's own style apart, compact or not.
        var packing = PartPacking(aspect: aspect, gap: style.treeGap, shelfGap: self.style.boxHeight + self.style.rowGap)
        packing.toleratesLargestPartShape = profile.packsIntoGaps
        packing.fillsGaps = profile.packsIntoGaps
        var scene = builder.build(boxX: placed.boxX, packing: packing, arrangement: arrangement)
        scene.squeezedParts = placed.squeezed
        scene.hangReach = placed.reach
        return scene
    }
}

/// Parts beyond the width limit, or all with `--compact`, narrowed (`SpanCompaction`, with
/// `--compact` also childless siblings stacked, `LeafStacks`, and each part's placement
/// chosen among candidates by least area at no more crossings, `CompactSearch`).
struct NarrowStep: FamilyLayoutStep {
    var name: String { "narrow" }
    var guarantees: String { "each part within the width limit (--compact: as narrow as its rows, leaves stacked, the least-area candidate at no more crossings)" }
    var doneBy: String { "SpanCompaction (LongestPaths), LeafStacks, CompactSearch" }

    func run(_ draft: inout FamilyDraft) {
        let chart = draft.chart, style = chart.profile.drawingStyle(chart.style)
        var placed = FamilyChart.Squeezed(boxX: draft.boxX)
        var kept: Scene?
        if let width = chart.profile.narrowing(style: chart.style) {
            placed = chart.squeeze(draft.pass, width: width, style: style)
            if chart.weighsCandidates {
                var pass = draft.pass
                kept = CompactSearch(chart: chart, graph: draft.graph, partCount: draft.partCount, ownBoxes: draft.ownBoxes)
                    .search(&pass, placed: &placed, stretch: draft.stretch, width: width, style: style)
                draft.placement = pass.placement
            }
        }
        (draft.placed, draft.kept) = (placed, kept)
    }
}

extension FamilyChart {
    /// A placement squeezed by `SpanCompaction` (and, with `compact`, its leaf stacks).
    struct Squeezed {
        var boxX: [Double]
        var squeezed: [Int] = []
        var reach = 0.0
        var stacks: [LeafStackPlan] = []
    }

    /// `pass` squeezed to `width`, with `compact` its childless siblings stacked.
    /// - Parameter reach: with `.narrowest`, the reach beyond a family's children's span in
    ///   box pitches (nil: `SpanCompaction`'s greatest).
    /// - Parameter exactStacks: `LeafStacks.exactHeights`.
    func squeeze(_ pass: Pass, width: SpanCompaction.Width, style: LayoutStyle, reach: Double? = nil,
                 exactStacks: Bool = false) -> Squeezed {
        var compaction = SpanCompaction(pass: pass, siblingGap: style.siblingGap, cousinGap: style.cousinGap, width: width)
        if let reach { compaction.reachSteps = [reach * (pass.placement.boxWidth(row: 0) + style.siblingGap)] }
        let placed = compaction.apply(to: pass.boxX)
        var result = Squeezed(boxX: placed.boxX, squeezed: placed.squeezed, reach: placed.reach)
        if profile.stacksLeaves {
            var stacks = LeafStacks(pass: pass, boxHeight: style.boxHeight, rowPitch: style.boxHeight + style.rowGap)
            stacks.exactHeights = exactStacks
            (result.boxX, result.stacks) = stacks.apply(to: result.boxX, compaction: compaction)
        }
        return result
    }
}

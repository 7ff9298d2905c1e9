/// The narrowed parts' units placed anew so that parents' lines come down over their own
/// children (`HangAlignment`: network simplex on Gansner et al.'s auxiliary graph), each
/// part no wider than the narrowing left it. Parts the width limit did not squeeze keep
/// their exact centring, and `--compact` keeps the placement its candidate search chose.
struct AlignStep: FamilyLayoutStep {
    var name: String { "align" }
    var guarantees: String { "in each narrowed part, the least total sideways distance between hang points and their children's ends, rows in their order and no wider" }
    var doneBy: String { "HangAlignment (NetworkSimplexLayering, PartProblem)" }

    /// The reach of aligned parts, in box pitches.
    static let reachPitches = 8.0

    func run(_ draft: inout FamilyDraft) {
        let chart = draft.chart, style = chart.profile.drawingStyle(chart.style)
        // (`--compact` is not aligned yet: its candidate search weighs each part's drawn
        // crossings and area before this step, and aligned, IvarKingOfDublin's lines crossed
        // 16 times against 13.)
        guard chart.aligns, !chart.profile.isCompact, var placed = draft.placed else { return }
        let parts = placed.squeezed
        guard !parts.isEmpty else { return }
        var pass = draft.pass
        pass.boxX = placed.boxX
        var alignment = HangAlignment(pass: pass, siblingGap: style.siblingGap, cousinGap: style.cousinGap)
        alignment.stacks = placed.stacks
        // Every aligned part's hang points may reach as far as the narrowing's greatest
        // reach (`SpanCompaction.reachSteps`, eight box pitches) beyond their children's
        // span: the lines' lengths are priced now, and the span rule only bounds them.
        let pitch = draft.placement!.boxWidth(row: 0) + style.siblingGap
        alignment.reach = max(placed.reach, Self.reachPitches * pitch)
        placed.reach = alignment.reach
        placed.boxX = alignment.apply(to: placed.boxX, parts: parts) { _, current in current }
        draft.placed = placed
    }
}

/// Lines that would run far or across many others (`FarLinks`), or reach a child standing
/// out of birth order among their siblings (`BirthOrderLinks`), become references, and the
/// chart is laid out again without them (`FamilyPipeline.layoutPass`, a few times: a new
/// layout may stretch or move other lines). The last layout may have moved a child out of
/// birth order again: a few more passes for those alone (far lines are left as they are).
struct ReferencesStep: FamilyLayoutStep {
    var name: String { "references" }
    var guarantees: String { "no line runs further than maximumLinkSpans or crosses more than maximumLinkCrossings others, or reaches a child out of birth order (after at most 3 + 3 passes)" }
    var doneBy: String { "FarLinks, BirthOrderLinks; units, forest, widths, order again" }

    func run(_ draft: inout FamilyDraft) {
        let chart = draft.chart, graph = draft.graph
        for _ in 0..<FamilyChart.farLinkPasses {
            let pass = draft.pass
            let more = FarLinks(maximumCrossings: chart.maximumLinkCrossings, maximumSpans: chart.maximumLinkSpans).select(pass)
                .union(BirthOrderLinks(graph: graph).select(pass)).subtracting(draft.far)
            guard !more.isEmpty else { break }
            again(&draft, referencing: more)
        }
        for _ in 0..<FamilyChart.birthOrderPasses {
            let more = BirthOrderLinks(graph: graph).select(draft.pass).subtracting(draft.far)
            guard !more.isEmpty else { break }
            again(&draft, referencing: more)
        }
        draft.rows = nil  // not needed after the passes
    }

    /// One more layout pass with `more` references, from the pass's order.
    private func again(_ draft: inout FamilyDraft, referencing more: Set<ChildLinkKey>) {
        draft.far.formUnion(more)
        draft.previousOrder = draft.order
        for step in FamilyPipeline.layoutPass { step.run(&draft) }
        draft.previousOrder = nil
    }
}

/// Phase 2: each person's own box (and a reference box for each link drawn as one), in
/// units of boxes that stand together (`FamilyUnits`).
struct UnitsStep: FamilyLayoutStep {
    var name: String { "units" }
    var guarantees: String { "one own box per person; couples side by side in one unit; each referenced link ends at a reference box" }
    var doneBy: String { "FamilyUnits (UnionBoxes, FlatLists)" }

    func run(_ draft: inout FamilyDraft) {
        let chart = draft.chart
        draft.units = FamilyUnits(graph: draft.graph, rows: draft.rows!, partnerOrder: chart.partnerOrder, referenced: draft.far,
                                  maximumArchesPerSide: FamilyGeometry.archesPerSide(boxWidth: chart.style.boxWidth))
    }
}

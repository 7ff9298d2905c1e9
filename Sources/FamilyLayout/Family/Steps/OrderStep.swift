/// Phase 4: the order of units in each row (`FamilyOrdering`, scored by `FamilyCrossings`),
/// and the boxes placed at the best order found (the ordering places every round it tries).
struct OrderStep: FamilyLayoutStep {
    var name: String { "order" }
    var guarantees: String { "siblings in birth order; the fewest crossings of the rounds tried; boxes apart, parents centred over their children" }
    var doneBy: String { "FamilyOrdering, FamilyCrossings, FamilyPlacement (+Hang), TidyTreeLayout" }

    func run(_ draft: inout FamilyDraft) {
        let (order, crossings, boxX) = FamilyOrdering.order(graph: draft.graph, units: draft.units!, forest: draft.forest!,
                                                            placement: draft.placement!, previous: draft.previousOrder)
        (draft.order, draft.countedCrossings, draft.boxX) = (order, crossings, boxX)
        draft.passes += 1
    }
}

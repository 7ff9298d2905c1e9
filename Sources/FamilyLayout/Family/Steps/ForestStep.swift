/// Phase 3: the spanning forest the tidy tree engine places, and its grafts (`FamilyForest`).
struct ForestStep: FamilyLayoutStep {
    var name: String { "forest" }
    var guarantees: String { "every unit hangs from at most one union (its tree link); roots below their part's top are grafted" }
    var doneBy: String { "FamilyForest" }

    func run(_ draft: inout FamilyDraft) {
        let rows = draft.rows!
        draft.forest = FamilyForest(units: draft.units!, partCount: rows.partCount, primaryUnion: rows.primaryParentUnion)
    }
}

/// Squeezing and sliding may move a child who hangs from another family out of birth order
/// among their siblings again: then the whole is laid out once more from `rows` with that
/// line a reference too (`FamilyPipeline.run`: a few times at most; the last time as it comes).
struct BirthOrderStep: FamilyLayoutStep {
    var name: String { "birth-order" }
    var guarantees: String { "siblings still in birth order after narrowing (else back to rows with those lines references, at most 3 times)" }
    var doneBy: String { "BirthOrderLinks" }

    func run(_ draft: inout FamilyDraft) {
        guard draft.checksBirthOrder else { return }
        draft.boxX = draft.placed!.boxX
        let misplaced = BirthOrderLinks(graph: draft.graph).select(draft.pass).subtracting(draft.far)
        if !misplaced.isEmpty { draft.outOfBirthOrder = draft.far.union(misplaced) }
    }
}

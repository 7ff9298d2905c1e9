/// Bars stretch so partners stand under their own parents (`SeamStretch`, at most 1.5
/// boxes); then the chart is placed once more.
struct StretchStep: FamilyLayoutStep {
    var name: String { "stretch" }
    var guarantees: String { "a partner with parents drawn stands under them where a bar stretched by at most 1.5 boxes lets them" }
    var doneBy: String { "SeamStretch" }

    func run(_ draft: inout FamilyDraft) {
        let style = draft.chart.profile.drawingStyle(draft.chart.style)
        let stretch = SeamStretch(pass: draft.pass, maximum: 1.5 * style.boxWidth).gaps()
        if !stretch.isEmpty {
            draft.placement!.stretch = stretch
            let placement = draft.placement!, order = draft.order!
            draft.boxX = placement.boxCentres(unitAnchorX: placement.place(order), order: order)
        }
        draft.stretch = stretch
    }
}

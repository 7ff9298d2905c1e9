/// Free units (couples whose place no line fixes) slid toward their places
/// (`FreeUnitSlide`). With `--compact`'s candidate search, each candidate was slid with
/// its own gap already (so that the parts taken are drawn as they were weighed).
struct SlideStep: FamilyLayoutStep {
    var name: String { "slide" }
    var guarantees: String { "free couples stand toward their children, within the gaps the narrowing left" }
    var doneBy: String { "FreeUnitSlide" }

    func run(_ draft: inout FamilyDraft) {
        let chart = draft.chart
        guard !chart.weighsCandidates else { return }
        draft.placed = chart.slid(draft.pass, draft.placed!, style: chart.profile.drawingStyle(chart.style))
    }
}

extension FamilyChart {
    /// `placed` with its free units slid toward their places (`FreeUnitSlide`).
    func slid(_ pass: Pass, _ placed: Squeezed, style: LayoutStyle) -> Squeezed {
        var slide = FreeUnitSlide(pass: pass, style: style)
        slide.stacks = placed.stacks
        var result = placed
        result.boxX = slide.apply(to: placed.boxX)
        return result
    }
}

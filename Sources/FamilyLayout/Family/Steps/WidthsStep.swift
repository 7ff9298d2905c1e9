import FamilyModel

/// The placement engine for the pass (`FamilyPlacement`, the tidy tree engine), with each
/// row's box width: with `labelWidth`, each row's boxes grow to the widest name and detail
/// in that row (up to the style's maximum); otherwise every row has the style's width.
struct WidthsStep: FamilyLayoutStep {
    var name: String { "widths" }
    var guarantees: String { "each row's box width (fitted names: the widest label of the row, up to the style's maximum)" }
    var doneBy: String { "FamilyPlacement" }

    func run(_ draft: inout FamilyDraft) {
        let chart = draft.chart, units = draft.units!
        draft.placement = FamilyPlacement(units: units, forest: draft.forest!, style: chart.style,
                                          rowWidths: Self.rowWidths(graph: draft.graph, units: units, chart: chart))
    }

    private static func rowWidths(graph: FamilyGraph, units: FamilyUnits, chart: FamilyChart) -> [Double] {
        guard let labelWidth = chart.labelWidth else { return [] }
        let style = chart.style
        var widths: [Double] = []
        for box in units.boxes where box.unit >= 0 {
            let row = units.units[box.unit].row
            if widths.count <= row { widths += Array(repeating: style.boxWidth, count: row + 1 - widths.count) }
            let detail = box.reference == nil ? SceneBuilder.lifeDetail(of: box.person, graph: graph, style: style) : "see generation 00"
            let needed = labelWidth(graph.persons[box.person].name, detail)
            widths[row] = min(style.maximumBoxWidth, max(widths[row], needed.rounded(.up)))
        }
        return widths
    }
}

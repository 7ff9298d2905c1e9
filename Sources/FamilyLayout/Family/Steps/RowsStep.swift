/// Phase 1, the rows. Where the breadth-first rows (`FamilyRows`) had to break links
/// because generations disagree, the rows that keep the links shortest (as Graphviz ranks a
/// graph, `ShortestLinkRows`) are taken instead when they need less room
/// (`FamilyRows.boxArea`: in Queen.ged, the widest row of 154 persons becomes 112). The
/// choice is made before placement, so `compact` and the exact chart share their rows.
/// Rows stated by the input (seed JSON) stay.
struct RowsStep: FamilyLayoutStep {
    var name: String { "rows" }
    var guarantees: String { "partners share a row; a child stands one row below its parents' union (or the link is broken, drawn as a reference)" }
    var doneBy: String { "FamilyRows, ShortestLinkRows (NetworkSimplexLayering)" }

    func run(_ draft: inout FamilyDraft) {
        let graph = draft.graph
        var rows = FamilyRows(graph: graph), shortestLinks = false
        if rows.brokenLinks > 0, !graph.hasFixedGenerations, let other = ShortestLinkRows(graph: graph, rows: rows).apply(),
           other.boxArea(graph: graph) < rows.boxArea(graph: graph) {
            (rows, shortestLinks) = (other, true)
        }
        (draft.partCount, draft.brokenLinks, draft.shortestLinkRows) = (rows.partCount, rows.brokenLinks, shortestLinks)
        draft.rows = rows
    }
}

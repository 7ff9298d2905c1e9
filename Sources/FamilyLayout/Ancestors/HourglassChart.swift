import FamilyModel

/// A person's ancestors above and descendants below. The descendant block is exactly the
/// descendant chart of the focus (coat-hanger partners and all; with siblings, the
/// focus's brothers and sisters stand beside them, older left, younger right, as boxes);
/// the ancestor block is the pedigree, its first couple centred over that row. The two
/// blocks are placed independently and share only the focus's row, so no ancestor box
/// can meet a descendant box (ancestors stand in the rows above it); then they are joined
/// (the descendant block moved down under the pedigree's rows, both from the left margin)
/// and written once.
struct HourglassChart {
    var ancestors: AncestorChart
    var descendants: DescendantChart
    /// Rows below the focus at most, counting the focus's; nil for all.
    var descendantGenerations: Int?

    /// - Complexity: O(n) in the boxes drawn.
    func scene(for graph: FamilyGraph, focus: Int) -> Scene {
        let group = Pedigree.focusGroup(graph, focus: focus, siblings: ancestors.showsSiblings)
        let below = descendants.block(for: graph, scope: ChartScope(
            partnerOrder: descendants.partnerOrder, roots: group, generationLimit: descendantGenerations,
            leafRoots: Set(group.filter { $0 != focus })), siblingsSideBySide: true)
        let units = below.units
        // Persons whose own box the descendant block draws stand as references among the ancestors.
        let inGroup = Set(group)
        var rowBelow: [Int: Int] = [:]
        for (b, box) in units.boxes.enumerated() where !box.isReference { rowBelow[box.person] = below.row(of: b) }
        let drawnBelow = Set(rowBelow.keys.filter { !inGroup.contains($0) })
        let pedigree = ancestors.pedigree(graph, focus: focus, drawnElsewhere: drawnBelow)
        let rowsAbove = pedigree.rows - 1
        var elsewhereRow: [Int: Int] = [:]
        for p in drawnBelow { elsewhereRow[p] = rowBelow[p]! + rowsAbove }
        // The focus row's own boxes, in the group's order (looked up once: a focus with
        // thousands of siblings must not search the row for each).
        var boxInFocusRow: [Int: Int] = [:]
        for (b, box) in units.boxes.enumerated() where below.row(of: b) == 0 && !box.isReference && boxInFocusRow[box.person] == nil {
            boxInFocusRow[box.person] = b
        }
        var rootBoxes: [Int] = []
        for person in group {
            guard let box = boxInFocusRow[person] else { return below.build() }
            rootBoxes.append(box)
        }
        let placement = ancestors.place(pedigree, graph: graph, rootBoxX: rootBoxes.map(below.centreX))
        let above = PedigreeSceneBuilder(chart: ancestors, graph: graph, placement: placement)
        let routing = above.routing(dx: 0)

        // The join: the descendant block moves down so its focus row is the pedigree's last
        // row, and both blocks right so the leftmost box stands at the margin.
        let margin = descendants.style.margin
        let focusTop = routing.geometry.height - descendants.style.boxHeight  // the focus row's top in the pedigree's rows
        let rootY = margin + below.geometry.rowTop[below.row(of: rootBoxes[0])]
        let dy = margin + focusTop - rootY
        var minX = Double.infinity, maxX = -Double.infinity
        for b in units.boxes.indices {
            let width = units.boxWidth(row: below.row(of: b))
            let x = below.centreX(b) - width / 2
            (minX, maxX) = (min(minX, x), max(maxX, x + width))
        }
        for (x, width) in above.boxSpans(skippingFocusRow: true) { (minX, maxX) = (min(minX, x), max(maxX, x + width)) }
        let dx = margin - minX

        var writer = SceneWriter(graph: graph, style: descendants.style, capacity: units.boxes.count)
        below.write(into: &writer, shiftX: dx, dy: dy, rowsAbove: rowsAbove)
        var lower = writer.scene(width: 0, height: 0, chart: .descendants)
        for (k, b) in pedigree.nodes[0].boxes.enumerated() {
            guard let sosa = pedigree.boxes[b].sosa?.description else { continue }
            lower.persons[rootBoxes[k]].sosa = sosa
            if ancestors.numbersBoxes { lower.persons[rootBoxes[k]].detail = lower.persons[rootBoxes[k]].detail.map { "\(sosa) · \($0)" } ?? sosa }
        }
        writer = SceneWriter(graph: graph, style: ancestors.style, continuing: lower)
        above.draw(into: &writer, dx: dx, routing: routing, top: rootY + dy - routing.geometry.rowTop[pedigree.rows - 1],
                   rootSceneBoxes: rootBoxes, elsewhereRow: elsewhereRow)
        var scene = writer.scene(width: maxX - minX + 2 * margin, height: (writer.persons.map(\.maxY).max() ?? 0) + margin, chart: .hourglass)
        // Hang points and drops move clear of the lines of both halves: the focus's parents'
        // drop comes down just above the focus row's bars.
        below.nudgeHangs(in: &scene)
        return scene
    }
}

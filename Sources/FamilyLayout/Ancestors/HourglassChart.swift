import FamilyModel

/// A person's ancestors above and descendants below. The descendant block is exactly the
/// descendant chart of the focus (coat-hanger partners and all; with siblings, the
/// focus's brothers and sisters stand beside them, older left, younger right, as boxes);
/// the ancestor block is the pedigree, its first couple centred over that row. The two
/// blocks are laid out independently and share only the focus's row, so no ancestor box
/// can meet a descendant box (ancestors stand in the rows above it).
struct HourglassChart {
    var ancestors: AncestorChart
    var descendants: DescendantChart
    /// Rows below the focus at most, counting the focus's; nil for all.
    var descendantGenerations: Int?

    /// - Complexity: O(n) in the boxes drawn.
    func scene(for graph: FamilyGraph, focus: Int) -> Scene {
        let group = Pedigree.focusGroup(graph, focus: focus, siblings: ancestors.showsSiblings)
        var scene = descendants.scene(for: graph, scope: ChartScope(
            partnerOrder: descendants.partnerOrder, roots: group, generationLimit: descendantGenerations,
            leafRoots: Set(group.filter { $0 != focus })), siblingsSideBySide: true)
        // Persons whose own box the descendant block drew stand as references among the ancestors.
        let inGroup = Set(group)
        var drawnBelow = Set<Int>(), rowBelow: [String: Int] = [:]
        for box in scene.persons where !box.isReference { rowBelow[box.id] = box.generation }
        for (p, person) in graph.persons.enumerated() where rowBelow[person.id] != nil && !inGroup.contains(p) { drawnBelow.insert(p) }
        let pedigree = ancestors.pedigree(graph, focus: focus, drawnElsewhere: drawnBelow)
        let rowsAbove = pedigree.rows - 1
        var elsewhereRow: [Int: Int] = [:]
        for p in drawnBelow { elsewhereRow[p] = rowBelow[graph.persons[p].id]! + rowsAbove }
        // The focus row's own boxes, in the group's order (looked up once: a focus with
        // thousands of siblings must not search the row for each).
        var boxInFocusRow: [String: Int] = [:]
        for (b, box) in scene.persons.enumerated() where box.generation == 0 && !box.isReference && boxInFocusRow[box.id] == nil {
            boxInFocusRow[box.id] = b
        }
        var rootBoxes: [Int] = []
        for person in group {
            guard let box = boxInFocusRow[graph.persons[person].id] else { return scene }
            rootBoxes.append(box)
        }
        let placement = ancestors.place(pedigree, graph: graph, rootBoxX: rootBoxes.map { scene.persons[$0].centerX })
        let builder = PedigreeSceneBuilder(chart: ancestors, graph: graph, placement: placement)
        // Ancestors in the rows above: the descendant block moves down under them.
        let routing = builder.routing(dx: 0)
        let focusTop = routing.geometry.height - descendants.style.boxHeight  // the focus row's top in the pedigree's rows
        let dy = descendants.style.margin + focusTop - scene.persons[rootBoxes[0]].y
        scene.shift(dx: 0, dy: dy)
        for i in scene.persons.indices {
            scene.persons[i].generation += rowsAbove
            // A reference in the descendant block names its person's row in the whole chart.
            if scene.persons[i].isReference, let row = rowBelow[scene.persons[i].id] {
                scene.persons[i].detail = SceneBuilder.referenceDetail(row: row + rowsAbove)
            }
        }
        for (k, b) in pedigree.nodes[0].boxes.enumerated() {
            guard let sosa = pedigree.boxes[b].sosa?.description else { continue }
            scene.persons[rootBoxes[k]].sosa = sosa
            if ancestors.numbersBoxes { scene.persons[rootBoxes[k]].detail = scene.persons[rootBoxes[k]].detail.map { "\(sosa) · \($0)" } ?? sosa }
        }
        var writer = SceneWriter(graph: graph, style: ancestors.style, continuing: scene)
        builder.draw(into: &writer, dx: 0, routing: routing, top: scene.persons[rootBoxes[0]].y - routing.geometry.rowTop[pedigree.rows - 1],
                     rootSceneBoxes: rootBoxes, elsewhereRow: elsewhereRow)
        scene = writer.scene(width: scene.width, height: scene.height, chart: .hourglass)
        // Both blocks from the left margin; the page around them.
        let minX = scene.persons.map(\.x).min() ?? 0, maxX = scene.persons.map(\.maxX).max() ?? 0
        scene.shift(dx: descendants.style.margin - minX, dy: 0)
        scene.width = maxX - minX + 2 * descendants.style.margin
        scene.height = (scene.persons.map(\.maxY).max() ?? 0) + descendants.style.margin
        return scene
    }
}

extension Scene {
    /// Moves every box, bar and line by (dx, dy).
    mutating func shift(dx: Double, dy: Double) {
        for i in persons.indices {
            persons[i].x += dx
            persons[i].y += dy
        }
        for i in coupleBars.indices {
            coupleBars[i].points = coupleBars[i].points.map { Point($0.x + dx, $0.y + dy) }
            coupleBars[i].hang = Point(coupleBars[i].hang.x + dx, coupleBars[i].hang.y + dy)
        }
        for i in connectors.indices { connectors[i].points = connectors[i].points.map { Point($0.x + dx, $0.y + dy) } }
        for i in rowLabels.indices {
            rowLabels[i].x += dx
            rowLabels[i].y += dy
        }
        for i in partFrames.indices {
            partFrames[i].x += dx
            partFrames[i].y += dy
        }
    }
}

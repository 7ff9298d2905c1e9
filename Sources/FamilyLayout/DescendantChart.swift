import FamilyModel

/// Descendant trees (`--chart descendants`, an hourglass's lower block): the persons in
/// scope as units (`ChartUnits`), placed with the tidy or the columns layout, written by
/// `SceneBuilder`.
struct DescendantChart {
    var style: LayoutStyle
    var placement: DescendantPlacement
    var partnerOrder: PartnerOrder
    var labelWidth: ((_ name: String, _ detail: String?) -> Double)?

    /// The descendant chart of `scope`.
    func scene(for graph: FamilyGraph, scope: ChartScope) -> Scene {
        block(for: graph, scope: scope).build()
    }

    /// The placed block of `scope`'s descendants, not yet written; with `siblingsSideBySide`
    /// the roots stand a sibling gap apart (an hourglass's focus row).
    func block(for graph: FamilyGraph, scope: ChartScope, siblingsSideBySide: Bool = false) -> SceneBuilder {
        var units = ChartUnits(graph: graph, style: style, scope: scope)
        if let labelWidth {
            // Second pass with each row as wide as its widest label needs.
            var widths: [Double] = []
            for box in units.boxes {
                let row = units.units[box.unit].row
                if widths.count <= row { widths += Array(repeating: style.boxWidth, count: row + 1 - widths.count) }
                let needed = labelWidth(graph.persons[box.person].name, SceneBuilder.detail(of: box, graph: graph, units: units, style: style))
                widths[row] = min(style.maximumBoxWidth, max(widths[row], needed.rounded(.up)))
            }
            units = ChartUnits(graph: graph, style: style, scope: scope, rowWidths: widths)
        }
        let tree = units.tree
        let anchors: [Double]
        switch placement {
        case .tidy:
            anchors = TidyTreeLayout(tree: tree) { left, right in
                let between = siblingsSideBySide && tree.parent[left] == 0 && tree.parent[right] == 0 ? style.siblingGap : gap(tree, left, right)
                return tree.rightExtent[left] + between + tree.leftExtent[right]
            }.anchors()
        case .columns:
            anchors = ColumnTreeLayout(tree: tree) { left, right in
                let leaves = tree.isLeaf(left) && tree.isLeaf(right)
                let g = gap(tree, left, right)
                return leaves ? g : max(g, style.cousinGap)
            }.anchors()
        }
        return SceneBuilder(graph: graph, units: units, anchors: anchors, style: style)
    }

    /// The gap two neighbouring nodes need: siblings, relatives further off, or separate trees.
    private func gap(_ tree: LayoutTree, _ a: Int, _ b: Int) -> Double {
        if tree.treeOf[a] != tree.treeOf[b] { return style.treeGap }
        return tree.parent[a] == tree.parent[b] ? style.siblingGap : style.cousinGap
    }
}

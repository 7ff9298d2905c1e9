import FamilyModel

/// Lays out a validated family as a `Scene`.
///
/// Rules: one row per generation; a couple stands side by side joined by a bar; every
/// parent unit is centred over its children (a single parent's box centre, or a
/// couple's bar middle, at the midpoint of the first and last child boxes' centres);
/// neighbouring boxes keep the style's minimum gaps; trees stand side by side in root
/// order. The same input and style always give the same scene.
public struct ChartLayout {
    public var style: LayoutStyle
    public var algorithm: PlacementAlgorithm
    /// Draw only the descendants (with their partners) of this person; nil for every tree.
    public var root: Int?
    /// Draw at most this many rows (generations) of each tree; nil for all.
    public var generationLimit: Int?
    /// Which side partners stand on.
    public var partnerOrder: PartnerOrder = .marriage
    /// Measures the width a box needs for its name and detail on one line each (text plus
    /// padding). When set, the boxes of each generation grow to the widest such need in
    /// that row, from the style's `boxWidth` up to `maximumBoxWidth`; the painter fits
    /// what is still longer (wraps, shrinks, abbreviates).
    public var labelWidth: ((_ name: String, _ detail: String?) -> Double)?
    /// How separate parts of the chart share the page (packed, or in one row).
    public var arrangement: PartArrangement = .pack
    /// The page shape (width / height) packing aims at, e.g. the paper's; default √2.
    public var targetAspect: Double = 2.0.squareRoot()

    public init(style: LayoutStyle = LayoutStyle(), algorithm: PlacementAlgorithm = .family,
                root: Int? = nil, generationLimit: Int? = nil) {
        self.style = style
        self.algorithm = algorithm
        self.root = root
        self.generationLimit = generationLimit
    }

    /// - Complexity: O(n) for n persons (the family layout O(n log n)).
    public func scene(for graph: FamilyGraph) -> Scene {
        if drawsWholeFamily { return familyScene(for: graph).scene }
        let scope = ChartScope(partnerOrder: partnerOrder, roots: root.map { [$0] }, generationLimit: generationLimit)
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
        switch algorithm {
        case .tidy, .family:
            anchors = TidyTreeLayout(tree: tree) { left, right in
                tree.rightExtent[left] + gap(tree, left, right) + tree.leftExtent[right]
            }.anchors()
        case .columns:
            anchors = ColumnTreeLayout(tree: tree) { left, right in
                let leaves = tree.children[left].isEmpty && tree.children[right].isEmpty
                let g = gap(tree, left, right)
                return leaves ? g : max(g, style.cousinGap)
            }.anchors()
        }
        return SceneBuilder(graph: graph, units: units, anchors: anchors, style: style).build()
    }

    /// Whether `scene(for:)` draws the family layout (`.family` without a root or generation limit).
    public var drawsWholeFamily: Bool { algorithm == .family && root == nil && generationLimit == nil }

    /// The whole-family chart of `graph` and figures about it (parts, references, crossings).
    /// - Complexity: O(n log n).
    public func familyScene(for graph: FamilyGraph) -> (scene: Scene, statistics: LayoutStatistics) {
        FamilyChart(style: style, partnerOrder: partnerOrder, arrangement: arrangement, aspect: targetAspect,
                    labelWidth: labelWidth).scene(for: graph)
    }

    /// The gap two neighbouring nodes need: siblings, relatives further off, or separate trees.
    private func gap(_ tree: LayoutTree, _ a: Int, _ b: Int) -> Double {
        if tree.treeOf[a] != tree.treeOf[b] { return style.treeGap }
        return tree.parent[a] == tree.parent[b] ? style.siblingGap : style.cousinGap
    }
}

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
    /// How the family chart or descendant trees are placed (ancestor and hourglass charts
    /// place their descendant block with `tidy` or `columns`).
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
    /// The kind of chart: nil for the one `algorithm` draws (the family chart, or
    /// descendant trees); `.ancestors` or `.hourglass` for charts of `focus`.
    public var chart: ChartKind?
    /// The person an ancestor or hourglass chart is about (nil: `defaultFocus`).
    public var focus: Int?
    /// An hourglass's rows below the focus at most, counting the focus's (nil for all);
    /// `generationLimit` counts the rows above, also from the focus's.
    public var descendantGenerationLimit: Int?
    /// Show the focus's brothers and sisters beside them (ancestor and hourglass charts).
    public var showsSiblings = false
    /// Numbers in the boxes of ancestor and hourglass charts.
    public var numbering: BoxNumbering = .none
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
        let scene: Scene
        switch chart {
        case .ancestors: scene = ancestorChart.scene(for: graph, focus: focus ?? Self.defaultFocus(graph))
        case .hourglass: scene = HourglassChart(ancestors: ancestorChart, descendants: self).scene(for: graph, focus: focus ?? Self.defaultFocus(graph))
        case .family, .descendants, nil:
            if drawsWholeFamily { return familyScene(for: graph).scene }  // labels its rows per part itself
            scene = descendantScene(for: graph, scope: ChartScope(partnerOrder: partnerOrder, roots: root.map { [$0] }, generationLimit: generationLimit))
        }
        return scene.labellingRows(graph: graph, margin: style.margin)
    }

    /// The descendant (tidy or columns) chart of `scope`; with `siblingsSideBySide` the
    /// roots stand a sibling gap apart (an hourglass's focus row).
    func descendantScene(for graph: FamilyGraph, scope: ChartScope, siblingsSideBySide: Bool = false) -> Scene {
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
        return SceneBuilder(graph: graph, units: units, anchors: anchors, style: style).build()
    }

    /// The ancestor chart this layout asks for.
    var ancestorChart: AncestorChart {
        AncestorChart(style: style, generationLimit: generationLimit, showsSiblings: showsSiblings,
                      numbersBoxes: numbering == .sosa, labelWidth: labelWidth)
    }

    /// The person an ancestor or hourglass chart is about when none is named: the one with
    /// the longest known line of ancestors (the first in the file among equals).
    /// - Complexity: O(n + e).
    public static func defaultFocus(_ graph: FamilyGraph) -> Int {
        let birth = Pedigree.birthFamilies(graph)
        var depth = [Int](repeating: -1, count: graph.count)
        for start in 0..<graph.count where depth[start] < 0 {
            // Depth-first without recursion: a person's depth once their parents' are known.
            var stack = [(person: start, expanded: false)]
            while let (p, expanded) = stack.popLast() {
                guard depth[p] < 0 else { continue }
                let partners = birth[p] >= 0 ? graph.unions[birth[p]].partners : []
                if expanded || partners.isEmpty {
                    depth[p] = partners.reduce(0) { max($0, depth[$1] + 1) }
                } else {
                    stack.append((p, true))
                    for q in partners where depth[q] < 0 { stack.append((q, false)) }
                }
            }
        }
        var best = 0
        for p in 0..<graph.count where depth[p] > depth[best] { best = p }
        return best
    }


    /// Whether `scene(for:)` draws the family layout (`.family` without a root or generation limit).
    public var drawsWholeFamily: Bool { chart == nil || chart == .family ? algorithm == .family && root == nil && generationLimit == nil : false }

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

/// Numbers shown in the boxes of ancestor charts.
public enum BoxNumbering: String, Codable, Sendable, CaseIterable {
    case none
    /// Sosa–Stradonitz (Ahnentafel): the focus 1, a person n's father 2n, mother 2n + 1.
    case sosa
}

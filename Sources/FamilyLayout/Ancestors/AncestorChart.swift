import FamilyModel

/// A person's ancestors (a pedigree), drawn with the same engine as the other charts: the
/// tidy tree on the mirrored tree of couples (`Pedigree`), one row per generation with the
/// focus at the bottom, each child couple centred between its father's and its mother's
/// parents (right under them when only one side is known), the width following the
/// ancestors actually known, never 2^n slots. Lines run from the parents' bar down to
/// their own child's box (the father's or the mother's), on the routing tracks of the
/// family chart, so no two horizontal runs overlap.
struct AncestorChart {
    var style: LayoutStyle
    /// Rows at most, counting the focus's.
    var generationLimit: Int?
    var showsSiblings = false
    /// Whether each box's second line starts with its Sosa number.
    var numbersBoxes = false
    var labelWidth: ((_ name: String, _ detail: String?) -> Double)?

    /// Horizontal places of a laid-out pedigree.
    struct Placement {
        var pedigree: Pedigree
        /// Centre x of every box.
        var boxX: [Double]
        /// Width of the boxes of each depth (generations above the focus).
        var widthAtDepth: [Double]
    }

    func pedigree(_ graph: FamilyGraph, focus: Int, drawnElsewhere: Set<Int> = []) -> Pedigree {
        Pedigree(graph: graph, focus: focus, generationLimit: generationLimit, siblings: showsSiblings, drawnElsewhere: drawnElsewhere)
    }

    /// Lays the pedigree out. The focus group's boxes stand at `rootBoxX` (centres, in the
    /// group's order) when given (an hourglass: where the descendant block put them, which
    /// need not be left to right: a sibling the focus married stands beside him as his
    /// partner), else side by side from 0. The focus's parents centre over the group's span.
    /// - Complexity: O(n) in the pedigree's boxes.
    func place(_ pedigree: Pedigree, graph: FamilyGraph, rootBoxX: [Double]? = nil) -> Placement {
        let widths = widthAtDepth(pedigree, graph: graph)
        let step0 = widths[0] + style.siblingGap
        let rootX = rootBoxX ?? pedigree.nodes[0].boxes.indices.map { Double($0) * step0 }
        let (leftmost, rightmost) = (rootX.min()!, rootX.max()!)
        let anchor0 = (leftmost + rightmost) / 2
        var tree = LayoutTree()
        tree.reserveCapacity(pedigree.nodes.count + 1)
        var treeOfNode = [Int](repeating: -1, count: pedigree.nodes.count)
        // Breadth-first, so each node's parents are added as consecutive children, father's first.
        var queue = [0]
        var head = 0
        while head < queue.count {
            let n = queue[head]
            head += 1
            let node = pedigree.nodes[n]
            let half = widths[node.depth] / 2
            let left: Double, right: Double
            if n == 0 {
                (left, right) = (anchor0 - leftmost + half, rightmost - anchor0 + half)
            } else {
                let inner = node.boxes.count == 2 ? (widths[node.depth] + style.coupleGap) / 2 : 0
                (left, right) = (inner + half, inner + half)
            }
            treeOfNode[n] = tree.addNode(under: n == 0 ? 0 : treeOfNode[node.child], leftExtent: left, rightExtent: right)
            queue.append(contentsOf: node.parents)
        }
        let x = TidyTreeLayout(tree: tree) { a, b in tree.rightExtent[a] + style.cousinGap + tree.leftExtent[b] }.anchors()
        var boxX = [Double](repeating: 0, count: pedigree.boxes.count)
        let origin = x[treeOfNode[0]] - anchor0
        for (n, node) in pedigree.nodes.enumerated() {
            let centre = x[treeOfNode[n]] - origin
            if n == 0 {
                for (k, b) in node.boxes.enumerated() { boxX[b] = rootX[k] }
            } else if node.boxes.count == 2 {
                let inner = (widths[node.depth] + style.coupleGap) / 2
                boxX[node.boxes[0]] = centre - inner
                boxX[node.boxes[1]] = centre + inner
            } else {
                for b in node.boxes { boxX[b] = centre }
            }
        }
        return Placement(pedigree: pedigree, boxX: boxX, widthAtDepth: widths)
    }

    /// Each depth's box width: the style's, or with `labelWidth` the widest label at that depth.
    private func widthAtDepth(_ pedigree: Pedigree, graph: FamilyGraph) -> [Double] {
        var widths = Array(repeating: style.boxWidth, count: pedigree.rows)
        guard let labelWidth else { return widths }
        for node in pedigree.nodes {
            for b in node.boxes {
                let needed = labelWidth(graph.persons[pedigree.boxes[b].person].name, detail(b, pedigree, graph, row: 0))
                widths[node.depth] = min(style.maximumBoxWidth, max(widths[node.depth], needed.rounded(.up)))
            }
        }
        return widths
    }

    /// A box's second line: the Sosa number (when numbered), then the life years or age.
    /// A reference box names where its person stands: with Sosa numbers shown, the number
    /// printed in the person's own box ("see no. 4", its own number left out, so a reader
    /// follows the one number the chart prints); otherwise, or when the own box has no
    /// number (a sibling of the focus, a box of the hourglass's descendant block), the row.
    func detail(_ b: Int, _ pedigree: Pedigree, _ graph: FamilyGraph, row primaryRow: Int) -> String? {
        let box = pedigree.boxes[b]
        if box.isReference {
            let own = pedigree.primaryBox[box.person]
            if numbersBoxes, own >= 0, let target = pedigree.boxes[own].sosa { return Self.sosaReference(target) }
            let text = SceneBuilder.referenceDetail(row: primaryRow)
            guard numbersBoxes, let sosa = box.sosa else { return text }
            return "\(sosa) · \(text)"
        }
        let text = SceneBuilder.lifeDetail(of: box.person, graph: graph, style: style)
        guard numbersBoxes, let sosa = box.sosa else { return text }
        return text.map { "\(sosa) · \($0)" } ?? "\(sosa)"
    }

    /// A reference's words when its person's own box is numbered `sosa`.
    static func sosaReference(_ sosa: SosaNumber) -> String { "see no. \(sosa)" }

    /// The ancestor chart of `focus`.
    func scene(for graph: FamilyGraph, focus: Int) -> Scene {
        let placement = place(pedigree(graph, focus: focus), graph: graph)
        return PedigreeSceneBuilder(chart: self, graph: graph, placement: placement).scene()
    }
}

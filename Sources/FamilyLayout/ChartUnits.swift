import FamilyModel

/// A box group that moves as one: a single person, or a couple side by side.
struct ChartUnit {
    /// Person indices, left to right. The first is the *anchor*: the member through whom
    /// the unit hangs from its parents (or the first-listed member of a root couple).
    var members: [Int]
    /// The unit's node in the layout tree.
    var node: Int
    var generation: Int
}

/// A parent unit's link to one child drawn under a different unit (its spouse's).
struct CrossLink {
    var parentUnit: Int
    var child: Int
}

/// Turns a validated family into units hung on a `LayoutTree`.
///
/// Roots (first-generation persons or couples, and anyone later without parents in the
/// data) hang under the tree's virtual root in input order; a later-generation root hangs
/// from a chain of zero-width placeholder nodes so every row stays one generation.
/// Units are discovered breadth-first, so when both spouses have parents in the data the
/// couple is drawn under whichever parent unit comes first, and the other parents get a
/// cross link.
struct ChartUnits {
    private(set) var tree = LayoutTree()
    private(set) var units: [ChartUnit] = []
    /// Tree children of each unit, in order, as unit indices.
    private(set) var childUnits: [[Int]] = []
    private(set) var crossLinks: [CrossLink] = []
    /// `unitOf[person]`.
    private(set) var unitOf: [Int]
    /// `unitOfNode[node]`, or -1 for the root and placeholders.
    private(set) var unitOfNode: [Int] = [-1]

    /// - Complexity: O(n) for n persons.
    init(graph: FamilyGraph, style: LayoutStyle) {
        unitOf = Array(repeating: -1, count: graph.count)
        let w = style.boxWidth
        let coupleSpan = w + style.coupleGap
        var queue: [Int] = []
        for root in graph.roots {
            var hook = 0
            for _ in 0..<graph.persons[root].generation {
                hook = tree.addNode(under: hook, leftExtent: 0, rightExtent: 0)
                unitOfNode.append(-1)
            }
            queue.append(makeUnit(anchor: root, graph: graph, under: hook, parentUnit: nil, width: w, coupleSpan: coupleSpan))
        }
        var head = 0
        while head < queue.count {
            let u = queue[head]
            head += 1
            for child in graph.children[units[u].members[0]] {
                if unitOf[child] < 0 {
                    queue.append(makeUnit(anchor: child, graph: graph, under: units[u].node, parentUnit: u, width: w, coupleSpan: coupleSpan))
                } else {
                    crossLinks.append(CrossLink(parentUnit: u, child: child))
                }
            }
        }
    }

    private mutating func makeUnit(anchor: Int, graph: FamilyGraph, under parentNode: Int, parentUnit: Int?,
                                   width: Double, coupleSpan: Double) -> Int {
        let spouse = graph.spouse[anchor]
        let members = spouse == FamilyGraph.none ? [anchor] : [anchor, spouse]
        let node: Int
        if members.count == 1 {
            node = tree.addNode(under: parentNode, leftExtent: width / 2, rightExtent: width / 2)
        } else {
            // Anchor on the left box's centre; children centre under the couple bar.
            node = tree.addNode(under: parentNode, leftExtent: width / 2, rightExtent: width / 2 + coupleSpan,
                                childCentreShift: -coupleSpan / 2)
        }
        let u = units.count
        units.append(ChartUnit(members: members, node: node, generation: graph.persons[anchor].generation))
        childUnits.append([])
        if let parentUnit { childUnits[parentUnit].append(u) }
        unitOfNode.append(u)
        for m in members { unitOf[m] = u }
        return u
    }
}

/// The *align* step's x-coordinates: every unit of a part placed so that the parents'
/// lines come down as near as they can over their own children, as one optimisation
/// (issue 46). Graphviz dot's x-assignment (Gansner, Koutsofios, North, Vo, "A Technique
/// for Drawing Directed Graphs", 1993, §4.2) on the family chart's own constraints:
///
/// - the nodes are the part's units (their left edges), a left and a right *boundary*
///   node, and one auxiliary node per parent–child line;
/// - hard rules are edges of least length: each row's order and gaps and every family's
///   children in birth order (`PartProblem`'s edges, from the placement the narrowing
///   left), `--compact`'s leaf stacks as columns, every unit between the boundaries, and
///   the right boundary at most the part's width from the left one (`width`: the width
///   limit is a constraint, not a price), and each unit's hang point over its tree
///   children's span or at most the narrowing's `reach` beyond it (the span rule of
///   `SceneInvariants`);
/// - what is optimised: for each line, its auxiliary node n has edges n → parents' unit
///   and n → child's unit whose lengths make n stand at the lesser of the hang point and
///   the child's end, so their weighted length is the line's sideways distance
///   |hang − end|; the least total over all lines is the placement (a couple's hang
///   point comes to the median of its children where the row allows).
///
/// The least total is found by network simplex (`NetworkSimplexLayering` with least
/// lengths and a start), in quarter points, from the placement given (which obeys every
/// rule), within a work budget: a part that runs out keeps the best placement reached.
/// Rows keep their order, so ordering, crossings counted by the ordering and references
/// are unchanged.
struct HangAlignment {
    let pass: FamilyChart.Pass
    let siblingGap: Double
    let cousinGap: Double
    /// `--compact`'s leaf stacks, each held as one column.
    var stacks: [LeafStackPlan] = []
    /// How far beyond its children's span a unit's hang point may stand (the reach the
    /// narrowing took: `Scene.hangReach`).
    var reach = 0.0
    /// Network simplex work per node and edge of a part's auxiliary graph.
    /// (Queen.ged's one part of 3,177 units reaches its optimum within about 1,000; royal92's
    /// within 400.)
    var workPerElement = 1_000
    /// Coordinates are whole multiples of 1 / `resolution` points.
    static let resolution = 4.0

    /// `boxX` (box centres) with the units of each part in `parts` placed anew, each part
    /// no wider than `width(members, current)` (given its members and its current width;
    /// never narrower than its current width).
    /// - Complexity: per part, O(u + l) to build for u units and l lines, and the network
    ///   simplex within `workPerElement` × (nodes + edges).
    func apply(to boxX: [Double], parts: [Int], width: (_ members: [Int], _ current: Double) -> Double) -> [Double] {
        let units = pass.units
        var members = [[Int]](repeating: [], count: (units.units.map(\.part).max() ?? -1) + 1)
        for u in units.units.indices { members[units.units[u].part].append(u) }
        var x = boxX
        for part in parts where members.indices.contains(part) && members[part].count > 1 {
            let part = members[part]
            let extents = PartProblem.extents(of: part, pass: pass, boxX: boxX)
            let current = PartProblem.currentWidth(extents)
            guard let shifts = place(part, boxX: boxX, limit: max(width(part, current), current)) else { continue }
            x = moved(x, part, shifts)
        }
        return x
    }

    /// `boxX` with each member (of `members`) moved by its shift.
    private func moved(_ boxX: [Double], _ members: [Int], _ shifts: [Double]) -> [Double] {
        var x = boxX
        for (k, u) in members.enumerated() where shifts[k] != 0 {
            for box in pass.units.units[u].boxes { x[box] += shifts[k] }
        }
        return x
    }

    /// The shift of each member, or nil where the part keeps its placement.
    private func place(_ members: [Int], boxX: [Double], limit: Double) -> [Double]? {
        let units = pass.units, placement = pass.placement, scale = Self.resolution
        let extents = PartProblem.extents(of: members, pass: pass, boxX: boxX)
        var problem = PartProblem(pass: pass, members: members, extents: extents, boxX: boxX, siblingGap: siblingGap,
                                  cousinGap: cousinGap, stacked: Set(stacks.flatMap { $0.units.dropFirst() }))
        problem.stack(stacks, gap: cousinGap, spine: LeafStacks.spineInset)
        let n = members.count, left = n, right = n + 1
        var index: [Int: Int] = [:]
        for (k, u) in members.enumerated() { index[u] = k }
        // Each node's value is its shift from the placement given, in whole quarter points, so
        // that the start (no shift) obeys every rule exactly: a rule x[head] − x[tail] ≥ d
        // asks shift[head] − shift[tail] ≥ d − (x[head] − x[tail]), rounded up (never more
        // than 0 where the placement obeys it, and never less than the rule asks).
        func quarters(_ d: Double) -> Int { Int((d * scale - 1e-9).rounded(.up)) }
        var edges: [(tail: Int, head: Int, weight: Int)] = [], lengths: [Int] = []
        func rule(_ tail: Int, _ head: Int, _ length: Int, weight: Int = 0) {
            edges.append((tail, head, weight))
            lengths.append(length)
        }
        let leftEdge = extents.left, low = leftEdge.min()!
        let high = (0..<n).map { leftEdge[$0] + extents.width[$0] }.max()!
        // (A rule the placement breaks, as a leaf stack's spine may where its column was
        // placed before the stack, asks only what the placement has.)
        func member(_ tail: Int, _ head: Int, _ d: Double) { rule(tail, head, min(0, quarters(d - (leftEdge[head] - leftEdge[tail])))) }
        // The rules: each row's order and gaps, every family's children in birth order.
        for edge in problem.edges { member(edge.from, edge.to, edge.weight) }
        // Each unit's hang point over its children's span, or at most `reach` beyond it.
        for edge in problem.spanEdges { member(edge.from, edge.to, edge.weight - reach) }
        // Leaf stacks as columns (their members at one x).
        for (m, top) in problem.joined {
            rule(m, top, 0)
            rule(top, m, 0)
        }
        // Two stacks reaching into a row keep their columns apart as they stand
        // (`PartProblem.stack` keeps each apart from the row's own units).
        let columns = stacks.compactMap { plan in index[plan.units[0]].map { (top: $0, rows: plan.row...(plan.row + plan.extraRows)) } }
            .sorted { leftEdge[$0.top] < leftEdge[$1.top] }
        for (a, first) in columns.enumerated() {
            for second in columns[(a + 1)...] where first.rows.overlaps(second.rows) {
                let apart = leftEdge[second.top] - leftEdge[first.top]
                member(first.top, second.top, min(apart, extents.width[first.top] + cousinGap + LeafStacks.spineInset))
            }
        }
        // Every unit between the boundaries, which stand at most the part's width apart.
        let current = high - low
        for k in 0..<n {
            rule(left, k, quarters(low - leftEdge[k]))
            rule(k, right, quarters(leftEdge[k] + extents.width[k] - high))
        }
        rule(right, left, quarters(current - limit))
        var start = [Int](repeating: 0, count: n + 2)
        // The lines: an auxiliary node at the lesser of the hang point and the child's end
        // (as the placement has them, in quarter points), pulled toward both with weight 1.
        var lines = 0
        for (k, u) in members.enumerated() {
            for union in units.units[u].unions {
                let hang = Int((placement.hangX(of: union.union, order: pass.order, boxX: boxX) * scale).rounded())
                for child in union.childBoxes {
                    guard let m = index[units.boxes[child].unit], m != k else { continue }
                    let end = Int((boxX[child] * scale).rounded())
                    lines += 1
                    rule(n + 1 + lines, k, -hang, weight: 1)
                    rule(n + 1 + lines, m, -end, weight: 1)
                    start.append(min(hang, end))
                }
            }
        }
        guard lines > 0 else { return nil }
        var simplex = NetworkSimplexLayering(nodeCount: n + 2 + lines, edges: edges,
                                             budget: workPerElement * (n + 2 + lines + edges.count))
        simplex.minimumLengths = lengths
        simplex.start = start
        guard let rank = simplex.rows() else { return nil }
        // The left boundary stays where the part's left edge was.
        let shifts = (0..<n).map { Double(rank[$0] - rank[left]) / scale }
        return shifts
    }
}

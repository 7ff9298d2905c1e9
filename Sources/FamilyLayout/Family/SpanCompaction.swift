/// `--compact`, and the width limit: the family chart squeezed toward the width its rows need.
///
/// The tidy placement centres every parent exactly over its children; with siblings in
/// birth order a line of descent through a younger child drifts sideways generation after
/// generation, and wide families far apart in depth keep each other's subtrees apart, so
/// a whole file's chart can be several times as wide as its widest row. Here the rule is
/// loosened to what a reader still follows without doubt — a parent's hang point stands
/// over its own children's span (between the first and the last child), or at most a
/// *reach* beyond it, the line then running sideways along its own track to the children —
/// and, within that, every unit is placed as a printer would:
///
/// 1. the constraints are differences between unit positions (order and gap within a
///    row; each family's hang point between its first and last child, widened by the
///    reach), so the leftmost placement is a longest path over them and fixes the
///    narrowest width W;
/// 2. the rightmost placement within W is the longest path backwards; their average
///    obeys every constraint too (the constraints are convex) and is balanced;
/// 3. sweeps up and down then move each unit toward where it would be centred (its hang
///    points over its children, a family's children under its hang point) as far as its
///    neighbours and W allow, so parents stand exactly centred wherever the room exists.
///
/// Order within every row is kept, so ordering, crossings and references are unchanged.
/// By default (`Width.limited`) only parts wider than the width limit are squeezed, and
/// only to that limit, with the least reach of `reachSteps` that gets the part within
/// `reachTolerance` of it (the rows of a big intermarried file stand in a staircase that
/// only lines reaching sideways undo; a longer reach crosses more lines: royal92 comes to
/// 1.58× its widest row with 179 crossings at six box pitches, 1.50× with 243 at eight),
/// so that the rest of the chart keeps exact centring. In a part that is a tree, only
/// children stay in straight columns under their parents. `--compact` takes the greatest
/// reach.
/// - Complexity: O(s (u + c)) for u units, c constraints and s reach steps, with a fixed
///   number of sweeps per step.
struct SpanCompaction {
    let pass: FamilyChart.Pass
    /// The least gap between neighbouring units of a row: `siblingGap` between children
    /// of one family, `cousinGap` between others (a gap already smaller stays).
    let siblingGap: Double
    let cousinGap: Double
    /// How narrow each part becomes.
    var width = Width.narrowest
    var sweeps = 24
    /// The reaches tried, least first (points beyond a family's children's span); the
    /// default, in box pitches (a box and the gap between siblings): 0, ½, 1, 2, 3, 4, 6, 8.
    var reachSteps: [Double]
    /// A part given the least reach that brings it within this share of its widest row's
    /// need of the width limit is squeezed no further (a tenth: 1.6× for the limit 1.5×).
    var reachTolerance = FamilyChartOptions.widthLimitTolerance

    init(pass: FamilyChart.Pass, siblingGap: Double, cousinGap: Double, width: Width = .narrowest, reachSteps: [Double]? = nil) {
        self.pass = pass
        self.siblingGap = siblingGap
        self.cousinGap = cousinGap
        self.width = width
        let pitch = pass.placement.boxWidth(row: 0) + siblingGap
        self.reachSteps = reachSteps ?? [0, 0.5, 1, 2, 3, 4, 6, 8].map { $0 * pitch }
    }

    /// How narrow a part is made.
    enum Width: Equatable {
        /// As narrow as its rows allow (`--compact`): every part.
        case narrowest
        /// Only parts wider than `factor` times their widest row's need (that row's boxes
        /// side by side, `smallestGap` apart), and those only to that width (or the
        /// narrowest, if wider), so that parents stay exactly centred wherever the room
        /// allows; a part that would not get at least half a box narrower keeps its
        /// placement. The default family chart's rule against staircases.
        case limited(factor: Double, smallestGap: Double)
    }

    /// `boxX` (box centres) with every unit moved, the parts that were squeezed, and the
    /// greatest reach a squeezed part took (0 when none reaches beyond its children).
    func apply(to boxX: [Double]) -> (boxX: [Double], squeezed: [Int], reach: Double) {
        let units = pass.units
        var parts = [[Int]](repeating: [], count: (units.units.map(\.part).max() ?? -1) + 1)
        for u in units.units.indices { parts[units.units[u].part].append(u) }
        var x = boxX
        var squeezed: [Int] = []
        var greatestReach = 0.0
        for part in parts.indices where !parts[part].isEmpty {
            let members = parts[part]
            let extents = PartProblem.extents(of: members, pass: pass, boxX: boxX)
            var goal: (width: Double, gain: Double)?
            var enough = Double.infinity  // the width at which a reach is long enough
            if case let .limited(factor, smallestGap) = width {
                let need = rowNeed(members, smallestGap: smallestGap)
                let limit = (width: factor * need, gain: pass.placement.boxWidth(row: 0) / 2)
                enough = limit.width + reachTolerance * need
                // A part already within the limit keeps its placement (`solve` would find no
                // width below the limit that gains enough): no constraints to build or paths
                // to find, which on a large part took longer than the rest of the layout.
                guard limit.width <= PartProblem.currentWidth(extents) - limit.gain else { continue }
                goal = limit
            }
            let problem = PartProblem(pass: pass, members: members, extents: extents, boxX: boxX,
                                      siblingGap: siblingGap, cousinGap: cousinGap)
            // The least reach that brings the part within its goal, else the greatest. In a
            // part that is a tree, only children stay in straight columns under their parents
            // (a line of only children is the tree's spine; a chart of the seed's kind keeps
            // its tidy shape), so only families of several children reach beyond them.
            let columns = !isIntermarried(members)
            var chosen: (shifts: [Double], reach: Double)?
            func solve(_ reach: Double) -> (shifts: [Double], width: Double)? {
                problem.solve(sweeps: sweeps, goal: goal, reach: reach, columns: columns || reach == 0)
            }
            // A longer reach loosens every constraint, so the width only shrinks as the reach
            // grows: when the greatest reach leaves the part wider than enough, every reach
            // does, and the greatest is the one taken (without solving the others first).
            let greatest = reachSteps.last ?? 0
            if goal != nil, reachSteps.count > 1, let solved = solve(greatest), solved.width > enough + 1e-6 {
                chosen = (solved.shifts, greatest)
            } else {
                for reach in goal == nil ? [greatest] : reachSteps {
                    guard let solved = solve(reach) else { continue }
                    chosen = (solved.shifts, reach)
                    if solved.width <= enough + 1e-6 { break }
                }
            }
            guard let (shifts, reach) = chosen, shifts.contains(where: { $0 != 0 }) else { continue }
            squeezed.append(part)
            greatestReach = max(greatestReach, reach)
            for (k, u) in members.enumerated() where shifts[k] != 0 {
                for box in units.units[u].boxes { x[box] += shifts[k] }
            }
        }
        return (x, squeezed, greatestReach)
    }

    /// One part squeezed as narrow as `--compact` squeezes it (the greatest reach), with
    /// each of `stacks` (`LeafStacks`) moving as one column and the units of the rows it
    /// reaches into kept beside it, on the side they stand on at `boxX`. The shift of every
    /// member (indexed like `members`) and the part's width, or nil when the longest paths
    /// do not settle.
    func narrowest(part members: [Int], boxX: [Double], stacks: [LeafStackPlan]) -> (shifts: [Double], width: Double)? {
        let extents = PartProblem.extents(of: members, pass: pass, boxX: boxX)
        var problem = PartProblem(pass: pass, members: members, extents: extents, boxX: boxX,
                                  siblingGap: siblingGap, cousinGap: cousinGap)
        problem.stack(stacks, gap: cousinGap, spine: LeafStacks.spineInset)
        let reach = reachSteps.last ?? 0
        return problem.solve(sweeps: sweeps, reach: reach, columns: !isIntermarried(members) || reach == 0)
    }

    /// Whether the part has a reference box or a line from a union that is not the child's
    /// tree link: persons reached along more than one line of descent or marriage.
    private func isIntermarried(_ members: [Int]) -> Bool {
        let units = pass.units, forest = pass.forest
        for u in members {
            for box in units.units[u].boxes where units.boxes[box].reference != nil { return true }
            for union in units.units[u].unions {
                for child in union.childBoxes where forest.treeUnion[units.boxes[child].unit] != union.union { return true }
            }
        }
        return false
    }

    /// The width the part's widest row needs: its boxes side by side, `smallestGap` apart.
    private func rowNeed(_ members: [Int], smallestGap: Double) -> Double {
        var boxes: [Int: Int] = [:]
        for u in members { boxes[pass.units.units[u].row, default: 0] += pass.units.units[u].boxes.count }
        return boxes.map { row, count in Double(count) * pass.placement.boxWidth(row: row) + Double(count - 1) * smallestGap }.max() ?? 0
    }
}

/// One part's units as difference constraints `x[to] ≥ x[from] + weight` on their left edges.
struct PartProblem {
    let members: [Int]
    /// Left edge and width of each member (indexed like `members`).
    var left: [Double]
    var width: [Double]
    var edges: [(from: Int, to: Int, weight: Double)]
    /// The edges that hold a hang point over its children's span (the reach widens them).
    var spanEdges: [(from: Int, to: Int, weight: Double)]
    /// Per member with tree children: its hang point's offset from its left edge (the
    /// middle of its unions' hang points), and the children, left to right (member index,
    /// anchor centre's offset from their left edge).
    var family: [Family?]
    /// Per member, the member it hangs from by its tree link.
    var parent: [Int?]
    /// Members that stand at the same x as another (a leaf stack's boxes under its top).
    var joined: [(member: Int, to: Int)] = []

    typealias Family = (hang: Double, children: [(member: Int, centre: Double)])

    /// Each member's row.
    let rowOf: [Int]
    /// Left edge and width of each member's boxes at `boxX` (indexed like `members`).
    static func extents(of members: [Int], pass: FamilyChart.Pass, boxX: [Double]) -> (left: [Double], width: [Double]) {
        var left: [Double] = [], width: [Double] = []
        left.reserveCapacity(members.count)
        width.reserveCapacity(members.count)
        for u in members {
            let boxes = pass.units.units[u].boxes
            let half = pass.placement.boxWidth(row: pass.units.units[u].row) / 2
            // The first least and greatest x, as `min()` and `max()` find them, without an array per unit.
            var low = boxX[boxes[0]], high = low
            for box in boxes.dropFirst() {
                if boxX[box] < low { low = boxX[box] }
                if boxX[box] > high { high = boxX[box] }
            }
            left.append(low - half)
            width.append(high - low + 2 * half)
        }
        return (left, width)
    }

    /// The width the members now take, from the leftmost left edge to the rightmost right edge.
    static func currentWidth(_ extents: (left: [Double], width: [Double])) -> Double {
        extents.left.indices.map { extents.left[$0] + extents.width[$0] }.max()! - extents.left.min()!
    }

    /// - Parameter extents: the members' left edges and widths (`extents(of:pass:boxX:)`).
    /// - Parameter stacked: units standing in a leaf stack under its top already (at
    ///   `boxX`), left out of their row's order (`stack` holds them to their top).
    init(pass: FamilyChart.Pass, members: [Int], extents: (left: [Double], width: [Double]), boxX: [Double],
         siblingGap: Double, cousinGap: Double, stacked: Set<Int> = []) {
        rowOf = members.map { pass.units.units[$0].row }
        let units = pass.units, forest = pass.forest, placement = pass.placement
        self.members = members
        var index: [Int: Int] = [:]
        for (k, u) in members.enumerated() { index[u] = k }
        let (left, width) = extents
        var edges: [(from: Int, to: Int, weight: Double)] = []
        var spanEdges: [(from: Int, to: Int, weight: Double)] = []
        // Order and gap within each row.
        var rows: [Int: [Int]] = [:]
        for (k, u) in members.enumerated() where !stacked.contains(u) { rows[units.units[u].row, default: []].append(k) }
        for row in rows.keys.sorted() {
            let sorted = rows[row]!.sorted { left[$0] < left[$1] }
            for (a, b) in zip(sorted, sorted.dropFirst()) {
                let existing = left[b] - (left[a] + width[a])
                let (ua, ub) = (members[a], members[b])
                let siblings = forest.treeUnion[ua] >= 0 && forest.treeUnion[ua] == forest.treeUnion[ub]
                edges.append((a, b, width[a] + min(siblings ? siblingGap : cousinGap, existing)))
            }
        }
        // Each unit's hang point (the middle of its unions' hang points, as the tidy
        // placement centres it) between its first and last tree child.
        var family = [Family?](repeating: nil, count: members.count)
        var parent = [Int?](repeating: nil, count: members.count)
        for (k, u) in members.enumerated() {
            var children: [(member: Int, centre: Double)] = []
            var hangs: [Double] = []
            for union in units.units[u].unions {
                let before = children.count
                for child in union.childBoxes {
                    let v = units.boxes[child].unit
                    guard forest.treeUnion[v] == union.union, forest.anchorBox[v] == child, let m = index[v] else { continue }
                    children.append((m, boxX[child] - left[m]))
                }
                guard children.count > before else { continue }
                hangs.append(placement.hangX(of: union.union, order: pass.order, boxX: boxX) - left[k])
            }
            guard !children.isEmpty else { continue }
            children.sort { left[$0.member] + $0.centre < left[$1.member] + $1.centre }
            let hang = (hangs.min()! + hangs.max()!) / 2
            for child in children { parent[child.member] = k }
            family[k] = (hang, children)
            let first = children.first!, last = children.last!
            spanEdges.append((first.member, k, first.centre - hang))
            spanEdges.append((k, last.member, hang - last.centre))
        }
        // Every family's children keep their left-to-right (birth) order, also those whose
        // line comes across from another unit or who stand in another row.
        for u in members {
            for union in units.units[u].unions where union.childBoxes.count > 1 {
                let drawn = union.childBoxes.filter { index[units.boxes[$0].unit] != nil }.sorted { boxX[$0] < boxX[$1] }
                for (a, b) in zip(drawn, drawn.dropFirst()) {
                    let (ma, mb) = (index[units.boxes[a].unit]!, index[units.boxes[b].unit]!)
                    guard ma != mb else { continue }
                    // Centres at least a box width apart (or as far as they are now, if less).
                    let apart = min(boxX[b] - boxX[a], placement.boxWidth(row: units.units[units.boxes[b].unit].row))
                    edges.append((ma, mb, (boxX[a] - left[ma]) - (boxX[b] - left[mb]) + apart))
                }
            }
        }
        (self.left, self.width, self.edges, self.spanEdges, self.family, self.parent) = (left, width, edges, spanEdges, family, parent)
    }

    /// Each of `stacks` as one column: its leaves joined to its top leaf, and in each row it
    /// reaches into, the nearest units on either side kept `gap` clear of it (of its spine,
    /// `spine` left of its boxes, on the left). The stacks' columns are free at the
    /// placement the problem was made from (`LeafStacks.plans`), so every unit there
    /// stands clearly on one side.
    mutating func stack(_ stacks: [LeafStackPlan], gap: Double, spine: Double) {
        guard !stacks.isEmpty else { return }
        var index: [Int: Int] = [:]
        for (k, u) in members.enumerated() { index[u] = k }
        var rows: [Int: [Int]] = [:]
        for k in members.indices { rows[rowOf[k], default: []].append(k) }
        for (row, list) in rows { rows[row] = list.sorted { left[$0] < left[$1] } }
        for plan in stacks {
            guard let top = index[plan.units[0]] else { continue }
            for unit in plan.units.dropFirst() { if let k = index[unit] { joined.append((k, top)) } }
            // In the top row the order holds already; the spine needs room on the left too.
            let columnHigh = left[top] + width[top]
            for row in plan.row...(plan.row + plan.extraRows) {
                guard let list = rows[row] else { continue }
                var low = 0, high = list.count
                while low < high {
                    let mid = (low + high) / 2
                    if left[list[mid]] < columnHigh - 1e-6 { low = mid + 1 } else { high = mid }
                }
                // `low`: the first unit right of the column (in the top row, right of the stack's leaves).
                if row == plan.row {
                    var before = low - 1
                    while before >= 0, plan.units.contains(members[list[before]]) { before -= 1 }
                    if before >= 0 { edges.append((list[before], top, width[list[before]] + 2 * spine)) }
                    continue
                }
                if low > 0 { edges.append((list[low - 1], top, width[list[low - 1]] + gap + spine)) }
                if low < list.count { edges.append((top, list[low], width[top] + gap)) }
            }
        }
    }

    /// The shift of every member and the part's new width, or nil when the longest paths
    /// do not settle within their bound (then the part keeps its placement).
    ///
    /// Each hang point stands over its children's span or at most `reach` beyond it.
    /// With `columns`, a family with one child fixes its hang point over that child: the two
    /// move as one *block* (a line of only children is one straight column), and the
    /// constraints are between blocks; without, the child is pulled under its parents
    /// like any family's children.
    ///
    /// With a `goal`, the part is made only as narrow as `goal.width` (or the narrowest
    /// width, if that is wider), and not at all (nil) unless it gets `goal.gain` narrower.
    func solve(sweeps: Int, goal: (width: Double, gain: Double)? = nil, reach: Double = 0,
               columns: Bool = true) -> (shifts: [Double], width: Double)? {
        let n = members.count
        let edges = self.edges + spanEdges.map { ($0.from, $0.to, $0.weight - reach) }
        var blocks = Blocks(count: n)
        for (k, own) in family.enumerated() where columns {
            guard let own, own.children.count == 1 else { continue }
            let child = own.children[0]
            blocks.join(k, child.member, difference: child.centre - own.hang)
        }
        for (member, top) in joined { blocks.join(member, top, difference: 0) }
        let (blockOf, offset) = blocks.resolved()
        let count = blockOf.max().map { $0 + 1 } ?? 0
        var lowOffset = [Double](repeating: .infinity, count: count), highOffset = [Double](repeating: -.infinity, count: count)
        for k in 0..<n {
            lowOffset[blockOf[k]] = min(lowOffset[blockOf[k]], offset[k])
            highOffset[blockOf[k]] = max(highOffset[blockOf[k]], offset[k] + width[k])
        }
        var blockEdges: [(from: Int, to: Int, weight: Double)] = []
        for edge in edges {
            let (a, b) = (blockOf[edge.from], blockOf[edge.to])
            guard a != b else { continue }  // held by the block itself
            blockEdges.append((a, b, edge.weight + offset[edge.from] - offset[edge.to]))
        }
        var outgoing = [[Int]](repeating: [], count: count), incoming = [[Int]](repeating: [], count: count)
        for (e, edge) in blockEdges.enumerated() {
            outgoing[edge.from].append(e)
            incoming[edge.to].append(e)
        }
        // Leftmost, then rightmost within the narrowest width: longest paths. Blocks make
        // cycles (of no gain: the placement we start from obeys every constraint), so
        // the paths are found by relaxing edges until nothing moves, with a bound. The
        // blocks are first taken left to right as they stand (right to left for the
        // rightmost): every constraint of positive weight holds there, so that order has
        // each block's predecessors before it and most blocks settle at their first visit
        // (taken in their numbering, a row's chain of units settled about one unit per pass:
        // in 4,000 random persons the widest part's paths ran out of their bound, and the
        // part stayed unsqueezed, 215,000 pt wide instead of 129,000).
        var standing = [Double](repeating: 0, count: count)
        for k in 0..<n { standing[blockOf[k]] = left[k] - offset[k] }
        let leftToRight = (0..<count).sorted { (standing[$0], $0) < (standing[$1], $1) }
        guard let low = LongestPaths.find(start: (0..<count).map { -lowOffset[$0] }, edges: blockEdges, next: outgoing,
                                          forward: true, order: leftToRight)
        else { return nil }
        var total = (0..<count).map { low[$0] + highOffset[$0] }.max() ?? 0
        if let goal {
            let current = Self.currentWidth((left, width))
            total = max(total, goal.width)
            guard total <= current - goal.gain else { return nil }
        }
        guard let high = LongestPaths.find(start: (0..<count).map { total - highOffset[$0] }, edges: blockEdges, next: incoming,
                                           forward: false, order: leftToRight.reversed())
        else { return nil }
        var position = (0..<count).map { (low[$0] + high[$0]) / 2 }
        // Sweeps run by rows, top down and back.
        var topRow = [Int](repeating: .max, count: count)
        for k in 0..<n { topRow[blockOf[k]] = min(topRow[blockOf[k]], rowOf[k]) }
        let order = (0..<count).sorted { (topRow[$0], position[$0]) < (topRow[$1], position[$1]) }
        var members = [[Int]](repeating: [], count: count)
        for k in 0..<n { members[blockOf[k]].append(k) }
        func x(_ k: Int) -> Double { position[blockOf[k]] + offset[k] }
        func middle(_ family: Family) -> Double {
            let first = family.children.first!, last = family.children.last!
            return (x(first.member) + first.centre + x(last.member) + last.centre) / 2
        }
        // Sweeps toward centring, each move kept within the neighbours' constraints.
        for sweep in 0..<sweeps {
            for b in sweep % 2 == 0 ? order : order.reversed() {
                var targets = 0.0, weight = 0.0
                for k in members[b] {
                    // Its hang point over its children's middle, and its family's children
                    // around its parents' hang point (one child: held by the block).
                    if let own = family[k], own.children.count > 1 || !columns {
                        targets += position[b] + middle(own) - (x(k) + own.hang)
                        weight += 1
                    }
                    if let p = parent[k], let above = family[p], above.children.count > 1 || !columns {
                        targets += position[b] + (x(p) + above.hang) - middle(above)
                        weight += 1
                    }
                }
                guard weight > 0 else { continue }
                var lowest = -lowOffset[b], highest = total - highOffset[b]
                for e in incoming[b] { lowest = max(lowest, position[blockEdges[e].from] + blockEdges[e].weight) }
                for e in outgoing[b] { highest = min(highest, position[blockEdges[e].to] - blockEdges[e].weight) }
                guard lowest <= highest + 1e-9 else { continue }
                position[b] = min(max(targets / weight, lowest), highest)
            }
        }
        // Keep the part where it started (packing moves it afterwards anyway).
        let start = (0..<n).map(x).min() ?? 0
        let shift = (left.min() ?? 0) - start
        return ((0..<n).map { x($0) + shift - left[$0] }, total)
    }
}

/// Members joined into blocks that move together, each at a fixed offset from its block.
private struct Blocks {
    private var parent: [Int]
    /// x of a member minus x of its parent.
    private var difference: [Double]

    init(count: Int) {
        parent = Array(0..<count)
        difference = Array(repeating: 0, count: count)
    }

    private mutating func find(_ k: Int) -> (root: Int, offset: Double) {
        var path: [Int] = []
        var r = k
        while parent[r] != r { path.append(r); r = parent[r] }
        // Compress: each member on the path points at the root with its whole offset.
        for m in path.reversed() where parent[m] != r {
            difference[m] += difference[parent[m]]
            parent[m] = r
        }
        return (r, k == r ? 0 : difference[k])
    }

    /// Joins so that x[a] − x[b] = `difference` (ignored when they are joined already).
    mutating func join(_ a: Int, _ b: Int, difference d: Double) {
        let (ra, oa) = find(a), (rb, ob) = find(b)
        guard ra != rb else { return }
        parent[ra] = rb
        difference[ra] = d + ob - oa
    }

    /// Each member's block, numbered from 0, and its offset from the block's origin.
    mutating func resolved() -> (block: [Int], offset: [Double]) {
        var number: [Int: Int] = [:]
        var block: [Int] = [], offset: [Double] = []
        for k in parent.indices {
            let (root, off) = find(k)
            if number[root] == nil { number[root] = number.count }
            block.append(number[root]!)
            offset.append(off)
        }
        return (block, offset)
    }
}


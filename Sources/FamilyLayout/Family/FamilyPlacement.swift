import FamilyModel

/// The choices the ordering phase makes and the placement reads: which way each unit
/// faces, the order of each union's children, where grafted families stand, and the
/// order of each part's top roots.
struct FamilyOrder {
    /// Whether a unit's boxes are drawn right to left.
    var mirrored: [Bool]
    /// Per union placement, unit after unit (a unit's are `childLists(of:)`): the units
    /// hanging from it by their tree link, left to right.
    var children: FlatLists<Int>
    /// Where each unit's placements start among `children`'s lists (and, last, their count).
    var firstChildList: [Int]
    /// Grafted roots left of a unit's children, and right of them.
    var graftsBefore: [[Int]]
    var graftsAfter: [[Int]]
    var topRoots: [[Int]]

    /// The units hanging from placement `k` of `unit` by their tree link, left to right.
    func children(of unit: Int, _ k: Int) -> ArraySlice<Int> { children[firstChildList[unit] + k] }

    /// The lists of `children` that hold `unit`'s placements, in the unit's order.
    func childLists(of unit: Int) -> Range<Int> { firstChildList[unit]..<firstChildList[unit + 1] }

    /// Whether any unit hangs from `unit` by its tree link.
    func hasChildUnits(_ unit: Int) -> Bool { !children[childLists(of: unit)].isEmpty }
}

/// Horizontal geometry of the units: box spacing inside a unit, and (after `place`) every
/// unit's x, found by the tidy tree engine on the forest (one tree per part; top roots side
/// by side, those below the top row hung on one shared chain of zero-width placeholders).
struct FamilyPlacement {
    let units: FamilyUnits
    let forest: FamilyForest
    let style: LayoutStyle
    /// Box width per row (rows beyond the list use the style's width).
    let rowWidths: [Double]
    /// Extra space in a unit's gaps, by unit and gap (the gap after the box at that
    /// position, counted as the unit was built, before any mirroring): a couple bar
    /// stretched so that a partner stands under their own parents.
    var stretch: [Int: [Int: Double]] = [:]

    func boxWidth(row: Int) -> Double { row < rowWidths.count ? rowWidths[row] : style.boxWidth }

    /// Distance between the centres of neighbouring boxes of a unit.
    func span(row: Int) -> Double { boxWidth(row: row) + style.coupleGap }

    /// A box's place in its unit, left to right, as drawn.
    func position(of box: Int, order: FamilyOrder) -> Int {
        let b = units.boxes[box]
        return order.mirrored[b.unit] ? units.units[b.unit].boxes.count - 1 - b.position : b.position
    }

    /// The unit's union placements left to right as drawn.
    func placementsInDrawnOrder(_ unit: Int, order: FamilyOrder) -> StrideThrough<Int> {
        let count = units.units[unit].unions.count
        return order.mirrored[unit] ? stride(from: count - 1, through: 0, by: -1) : stride(from: 0, through: count - 1, by: 1)
    }

    /// Distance from the unit's first drawn box centre to the centre of the box drawn at
    /// `drawn` (its place left to right), with any stretched gaps.
    func offset(ofDrawn drawn: Int, unit u: Int, order: FamilyOrder) -> Double {
        let base = Double(drawn) * span(row: units.units[u].row)
        guard !stretch.isEmpty, let gaps = stretch[u] else { return base }  // (most charts stretch nothing: no hashing)
        let n = units.units[u].boxes.count
        var extra = 0.0
        for (gap, amount) in gaps {
            // A built gap g lies between built places g and g + 1; drawn mirrored, between n-2-g and n-1-g.
            let drawnGap = order.mirrored[u] ? n - 2 - gap : gap
            if drawnGap < drawn { extra += amount }
        }
        return base + extra
    }

    /// Offset of a box's centre from the unit's first drawn box centre.
    func offset(of box: Int, order: FamilyOrder) -> Double {
        offset(ofDrawn: position(of: box, order: order), unit: units.boxes[box].unit, order: order)
    }

    /// Centre x of every box after `x` gave each unit's anchor box centre.
    func boxCentres(unitAnchorX: [Double], order: FamilyOrder) -> [Double] {
        var centres = [Double](repeating: 0, count: units.boxes.count)
        // Units by index: a loop over them copies each, retaining and releasing its arrays.
        for u in units.units.indices {
            let anchor = offset(of: forest.anchorBox[u], order: order)
            for box in units.units[u].boxes { centres[box] = unitAnchorX[u] + offset(of: box, order: order) - anchor }
        }
        return centres
    }

    /// The x of every unit's anchor box centre, each part starting near 0.
    ///
    /// The part's top-row roots are one tidy tree, side by side. Each root that starts
    /// lower (the parents of someone who married in, where no graft could take them) is
    /// a tidy tree of its own, placed as near as the rows already filled allow to where
    /// its lines lead (the partners it married into), in the ordering's order: it fills
    /// the empty space under shallower trees instead of standing right of everything
    /// rooted above it (which made whole-file charts a diagonal staircase).
    /// - Complexity: O(n) for the tidy trees, plus, per lower root, its rows times the
    ///   (bounded) steps needed to find a free place.
    func place(_ order: FamilyOrder) -> [Double] {
        var anchorX = [Double](repeating: 0, count: units.units.count)
        // Which tree placed each unit (numbered across the chart), to tell placed ends.
        var treeOfUnit = [Int](repeating: -1, count: units.units.count)
        var trees = 0
        for part in order.topRoots.indices where !order.topRoots[part].isEmpty {
            let firstTree = trees
            let roots = order.topRoots[part]
            let topRow = roots.map { units.units[$0].row }.min()!
            var skyline = Skyline()
            // The top row's roots together, then each lower root, each as a tidy tree.
            var groups: [[Int]] = [roots.filter { units.units[$0].row == topRow }]
            for root in roots where units.units[root].row != topRow { groups.append([root]) }
            for group in groups {
                let (members, x, extents) = layOutTree(group, order: order)
                let tree = trees
                trees += 1
                var shift = 0.0
                if tree > firstTree {
                    // Where its lines to the trees placed before lead, on average.
                    var sum = 0.0, count = 0.0
                    for (k, unit) in members.enumerated() {
                        for other in linkEnds(unit) where treeOfUnit[other] >= firstTree && treeOfUnit[other] < tree {
                            sum += anchorX[other] - x[k]
                            count += 1
                        }
                    }
                    let desired = count > 0 ? sum / count : skyline.rightEdge(of: extents, gap: style.cousinGap)
                    shift = skyline.nearestFree(to: desired, extents: extents, gap: style.cousinGap)
                }
                for (k, unit) in members.enumerated() {
                    anchorX[unit] = x[k] + shift
                    treeOfUnit[unit] = tree
                }
                skyline.add(extents, at: shift)
            }
        }
        return anchorX
    }

    /// The units a unit's cross links lead to (its up-links other than its tree link, and
    /// children who hang elsewhere); each end counts at its unit's anchor.
    private func linkEnds(_ unit: Int) -> [Int] {
        var ends: [Int] = []
        for link in units.units[unit].upLinks {
            let parent = units.unitOfUnion[link.union]
            if parent >= 0 && parent != forest.parentUnit(of: unit, units: units) { ends.append(parent) }
        }
        for placement in units.units[unit].unions {
            for child in placement.childBoxes {
                let other = units.boxes[child].unit
                if forest.parentUnit(of: other, units: units) != unit { ends.append(other) }
            }
        }
        return ends
    }

    /// Lays out `roots` side by side as one tidy tree (with everything hanging from them):
    /// its units (each once, in breadth-first order), their anchor x (indexed like them),
    /// and the tree's extent in each row it reaches.
    private func layOutTree(_ roots: [Int], order: FamilyOrder) -> (units: [Int], x: [Double], extents: [Int: (low: Double, high: Double)]) {
        var tree = LayoutTree()
        var unitOfNode = [-1]
        var queue: [(unit: Int, node: Int)] = []
        func add(_ unit: Int, under parent: Int, virtual: Bool) {
            let node = addNode(unit, under: parent, virtual: virtual, order: order, tree: &tree)
            while unitOfNode.count < tree.count { unitOfNode.append(-1) }
            unitOfNode[node] = unit
            queue.append((unit, node))
        }
        for root in roots { add(root, under: 0, virtual: false) }
        var head = 0
        while head < queue.count {
            let (unit, node) = queue[head]
            head += 1
            for graft in order.graftsBefore[unit] { add(graft, under: node, virtual: true) }
            for k in placementsInDrawnOrder(unit, order: order) {
                for child in order.children(of: unit, k) { add(child, under: node, virtual: false) }
            }
            for graft in order.graftsAfter[unit] { add(graft, under: node, virtual: true) }
        }
        // The closure sees constants: a captured `var` would be boxed, every read of it checked.
        let (built, nodeUnits) = (tree, unitOfNode)
        let x = TidyTreeLayout(tree: built) { left, right in
            built.rightExtent[left] + gap(built, left, right, nodeUnits) + built.leftExtent[right]
        }.anchors()
        // Each row's extent, gathered in an array over the tree's rows (a tree spans a few
        // rows; a dictionary lookup per unit cost more than the tidy tree itself).
        let rowOfQueue = queue.map { units.units[$0.unit].row }
        let firstRow = rowOfQueue.min() ?? 0, lastRow = rowOfQueue.max() ?? -1
        var lows = [Double](repeating: .infinity, count: lastRow - firstRow + 1)
        var highs = [Double](repeating: -.infinity, count: lastRow - firstRow + 1)
        var reached = [Bool](repeating: false, count: lastRow - firstRow + 1)
        for (k, entry) in queue.enumerated() {
            let node = entry.node, r = rowOfQueue[k] - firstRow
            let low = x[node] - tree.leftExtent[node], high = x[node] + tree.rightExtent[node]
            (lows[r], highs[r]) = reached[r] ? (min(lows[r], low), max(highs[r], high)) : (low, high)
            reached[r] = true
        }
        var extents: [Int: (low: Double, high: Double)] = [:]
        for r in lows.indices where reached[r] { extents[firstRow + r] = (lows[r], highs[r]) }
        return (queue.map(\.unit), queue.map { x[$0.node] }, extents)
    }

    /// Siblings (children of one unit) keep the sibling gap, anyone else the cousin gap.
    private func gap(_ tree: LayoutTree, _ a: Int, _ b: Int, _ unitOfNode: [Int]) -> Double {
        tree.parent[a] == tree.parent[b] && !tree.isVirtual[a] && !tree.isVirtual[b] && unitOfNode[a] >= 0 && unitOfNode[b] >= 0
            ? style.siblingGap : style.cousinGap
    }

    /// A tree node for `unit`: extents around its anchor box, and the shift that centres the
    /// middle of its hang points (of unions with children in the tree) over its children.
    private func addNode(_ unit: Int, under parent: Int, virtual: Bool, order: FamilyOrder, tree: inout LayoutTree) -> Int {
        let half = boxWidth(row: units.units[unit].row) / 2
        let anchor = offset(of: forest.anchorBox[unit], order: order)
        let last = offset(ofDrawn: units.units[unit].boxes.count - 1, unit: unit, order: order)
        var firstHang: Double?, lastHang = 0.0
        for k in placementsInDrawnOrder(unit, order: order) where !order.children(of: unit, k).isEmpty {
            // (the union's place read in place: a copy of the union retained its lists)
            let hang = hangOffset(position: units.units[unit].unions[k].hangPosition, isCouple: units.units[unit].unions[k].isCouple,
                                  unit: unit, order: order) - anchor
            if firstHang == nil { firstHang = hang }
            lastHang = hang
        }
        let shift = firstHang.map { -($0 + lastHang) / 2 } ?? 0
        return tree.addNode(under: parent, leftExtent: anchor + half, rightExtent: last - anchor + half,
                            childCentreShift: shift, isVirtual: virtual)
    }
}

/// The rows already filled by placed trees: per row, the occupied x intervals, sorted and
/// apart, to find where another tree fits.
struct Skyline {
    private var rows: [Int: [(low: Double, high: Double)]] = [:]
    /// How many intervals a search may step over before it settles right of everything.
    static let searchSteps = 64

    /// Adds a tree with these row extents, moved by `shift`.
    mutating func add(_ extents: [Int: (low: Double, high: Double)], at shift: Double) {
        for (row, e) in extents {
            let item = (low: e.low + shift, high: e.high + shift)
            let at = rows[row]?.partitionPoint { $0.low < item.low } ?? 0
            rows[row, default: []].insert(item, at: at)
        }
    }

    /// The first interval of `row` that overlaps [low, high], if any.
    private func conflict(row: Int, low: Double, high: Double) -> (low: Double, high: Double)? {
        guard let list = rows[row] else { return nil }
        let lo = list.partitionPoint { $0.high <= low }
        return lo < list.count && list[lo].low < high ? list[lo] : nil
    }

    /// The shift nearest `desired` at which the tree touches nothing (keeping `gap`).
    func nearestFree(to desired: Double, extents: [Int: (low: Double, high: Double)], gap: Double) -> Double {
        // Rows in order, so the search (and the chart) is the same in every run.
        let rows = extents.sorted { $0.key < $1.key }
        func search(rightward: Bool) -> Double? {
            var shift = desired
            for _ in 0..<Self.searchSteps {
                var moved = false
                for (row, e) in rows {
                    if let c = conflict(row: row, low: e.low + shift - gap, high: e.high + shift + gap) {
                        shift = rightward ? c.high + gap - e.low : c.low - gap - e.high
                        moved = true
                        break
                    }
                }
                if !moved { return shift }
            }
            return nil
        }
        let right = search(rightward: true), left = search(rightward: false)
        switch (left, right) {
        case let (l?, r?): return abs(l - desired) <= abs(r - desired) ? l : r
        case let (l?, nil): return l
        case let (nil, r?): return r
        case (nil, nil): return rightEdge(of: extents, gap: gap)
        }
    }

    /// The shift that puts the tree right of everything in its rows.
    func rightEdge(of extents: [Int: (low: Double, high: Double)], gap: Double) -> Double {
        var shift = -Double.infinity
        for (row, e) in extents { shift = max(shift, (rows[row]?.last?.high ?? -Double.infinity) + gap - e.low) }
        return shift.isFinite ? shift : 0
    }
}

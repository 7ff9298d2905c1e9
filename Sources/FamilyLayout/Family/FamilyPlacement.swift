import FamilyModel

/// The choices the ordering phase makes and the placement reads: which way each unit
/// faces, the order of each union's children, where grafted families stand, and the
/// order of each part's top roots.
struct FamilyOrder {
    /// Whether a unit's boxes are drawn right to left.
    var mirrored: [Bool]
    /// Per unit, per union placement: the units hanging from it by their tree link, left to right.
    var children: [[[Int]]]
    /// Grafted roots left of a unit's children, and right of them.
    var graftsBefore: [[Int]]
    var graftsAfter: [[Int]]
    var topRoots: [[Int]]
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

    /// Where a union hangs its children, in box positions of its unit (a gap is k + 0.5).
    func hangPosition(_ placement: FamilyUnionPlacement, unit: Int, order: FamilyOrder) -> Double {
        let h = FamilyUnits.hangOrder(placement)
        return order.mirrored[unit] ? Double(units.units[unit].boxes.count - 1) - h : h
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
        guard let gaps = stretch[u] else { return base }
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

    /// Offset of the point a union hangs its children from: the middle of its gap (a
    /// couple), or its box centre (a single parent).
    func hangOffset(_ placement: FamilyUnionPlacement, unit: Int, order: FamilyOrder) -> Double {
        let h = hangPosition(placement, unit: unit, order: order)
        let low = Int(h.rounded(.down))
        guard Double(low) != h else { return offset(ofDrawn: low, unit: unit, order: order) }
        return (offset(ofDrawn: low, unit: unit, order: order) + offset(ofDrawn: low + 1, unit: unit, order: order)) / 2
    }

    /// Centre x of every box after `x` gave each unit's anchor box centre.
    func boxCentres(unitAnchorX: [Double], order: FamilyOrder) -> [Double] {
        var centres = [Double](repeating: 0, count: units.boxes.count)
        for (u, unit) in units.units.enumerated() {
            let anchor = offset(of: forest.anchorBox[u], order: order)
            for box in unit.boxes { centres[box] = unitAnchorX[u] + offset(of: box, order: order) - anchor }
        }
        return centres
    }

    /// The x of every unit's anchor box centre, each part starting near 0.
    /// - Complexity: O(n) (the tidy engine is linear).
    func place(_ order: FamilyOrder) -> [Double] {
        var anchorX = [Double](repeating: 0, count: units.units.count)
        for part in order.topRoots.indices where !order.topRoots[part].isEmpty {
            var tree = LayoutTree()
            tree.reserveCapacity(units.units.count + 1)
            var unitOfNode = [-1]
            var queue: [(unit: Int, node: Int)] = []
            func add(_ unit: Int, under parent: Int, virtual: Bool) {
                let node = addNode(unit, under: parent, virtual: virtual, order: order, tree: &tree)
                while unitOfNode.count < tree.count { unitOfNode.append(-1) }
                unitOfNode[node] = unit
                queue.append((unit, node))
            }
            // Top roots below the part's top row hang from one shared chain of placeholders,
            // one per row (a chain per root would cost roots × rows): row r's roots stand
            // right of the roots of the rows above.
            var chain = [0]
            let byRow = order.topRoots[part].enumerated().sorted { (units.units[$0.element].row, $0.offset) < (units.units[$1.element].row, $1.offset) }
            for root in byRow.map(\.element) {
                let row = units.units[root].row
                while chain.count <= row { chain.append(tree.addNode(under: chain.last!, leftExtent: 0, rightExtent: 0)) }
                unitOfNode += Array(repeating: -1, count: tree.count - unitOfNode.count)
                add(root, under: chain[row], virtual: false)
            }
            var head = 0
            while head < queue.count {
                let (unit, node) = queue[head]
                head += 1
                for graft in order.graftsBefore[unit] { add(graft, under: node, virtual: true) }
                for k in placementsInDrawnOrder(unit, order: order) {
                    for child in order.children[unit][k] { add(child, under: node, virtual: false) }
                }
                for graft in order.graftsAfter[unit] { add(graft, under: node, virtual: true) }
            }
            let x = TidyTreeLayout(tree: tree) { left, right in
                tree.rightExtent[left] + gap(tree, left, right, unitOfNode) + tree.leftExtent[right]
            }.anchors()
            for node in 1..<tree.count where unitOfNode[node] >= 0 { anchorX[unitOfNode[node]] = x[node] }
        }
        return anchorX
    }

    /// Siblings (children of one unit) keep the sibling gap, anyone else the cousin gap.
    private func gap(_ tree: LayoutTree, _ a: Int, _ b: Int, _ unitOfNode: [Int]) -> Double {
        tree.parent[a] == tree.parent[b] && !tree.isVirtual[a] && !tree.isVirtual[b] && unitOfNode[a] >= 0 && unitOfNode[b] >= 0
            ? style.siblingGap : style.cousinGap
    }

    /// A tree node for `unit`: extents around its anchor box, and the shift that centres the
    /// middle of its hang points (of unions with children in the tree) over its children.
    private func addNode(_ unit: Int, under parent: Int, virtual: Bool, order: FamilyOrder, tree: inout LayoutTree) -> Int {
        let value = units.units[unit]
        let half = boxWidth(row: value.row) / 2
        let anchor = offset(of: forest.anchorBox[unit], order: order)
        let last = offset(ofDrawn: value.boxes.count - 1, unit: unit, order: order)
        var firstHang: Double?, lastHang = 0.0
        for k in placementsInDrawnOrder(unit, order: order) where !order.children[unit][k].isEmpty {
            let hang = hangOffset(value.unions[k], unit: unit, order: order) - anchor
            if firstHang == nil { firstHang = hang }
            lastHang = hang
        }
        let shift = firstHang.map { -($0 + lastHang) / 2 } ?? 0
        return tree.addNode(under: parent, leftExtent: anchor + half, rightExtent: last - anchor + half,
                            childCentreShift: shift, isVirtual: virtual)
    }
}

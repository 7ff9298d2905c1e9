import FamilyModel

/// One box of the chart: a person in their primary place, or a reference to a person
/// whose primary box is elsewhere (pedigree collapse, an in-law with their own parents).
struct ChartBox {
    var person: Int
    var isReference: Bool
    /// Whether the box stands as a partner in someone else's unit (not as the unit's anchor).
    var isPartner: Bool
    /// A reference that carries the unions of a person with more partners than their own
    /// box has room for (`ReferenceReason.manyPartners`).
    var carriesFurtherPartners = false
    /// Offset of the box centre from its unit's anchor, in points.
    var offset: Double
    var unit: Int
}

/// A union drawn in a unit: the partner's box (if the union has a second partner), where
/// its children hang from, and those children.
struct DrawnUnion {
    var union: Int
    /// Box of the other partner, or nil for a single parent.
    var partnerBox: Int?
    /// Which partner slot the partner stands in: +1, +2… to the right, −1, −2… to the left, 0 none.
    var slot: Int
    /// Offset of the hang point from the anchor (the middle of the gap beside the partner, or 0).
    var hangOffset: Double
    /// Anchor boxes of the children drawn under this union (tree children), in order.
    var childBoxes: [Int] = []
    /// How each of `childBoxes` belongs to the union.
    var childLinks: [ChildLink] = []
    /// Boxes of children drawn under other parents (seed cross links).
    var crossLinkBoxes: [Int] = []
}

/// A box group that moves as one: a person and their partners, "coat-hanger" style
/// (first partner right, second left, third right beyond the first…), each union with
/// its own bar and its own children.
struct ChartUnit {
    /// Box of the person the unit hangs by (the anchor, at offset 0).
    var anchorBox: Int
    /// Boxes left to right.
    var boxes: [Int]
    /// Unions in left-to-right order of their hang points.
    var unions: [DrawnUnion]
    var node: Int
    var row: Int
    /// The branch (see `PersonBox.lineage`), nil for root units.
    var lineage: Int?
}

/// Which part of the family to draw.
struct ChartScope {
    /// Which side a person's partners stand on.
    var partnerOrder = PartnerOrder.marriage
    /// Persons to start trees from; nil for the graph's own roots (and, without a
    /// generation limit, a tree for anyone they do not reach).
    var roots: [Int]?
    /// Rows to draw at most (1 = the roots and their partners only).
    var generationLimit: Int?
    /// Roots drawn as a box alone, without partners or children (an hourglass's siblings).
    var leafRoots: Set<Int> = []
}

/// Turns a validated family into units hung on a `LayoutTree`, breadth-first from the
/// roots, so everyone is drawn at the shallowest place the traversal meets them.
///
/// Rule for persons met twice: a person's primary box is under their own parents when
/// the chart reaches them as a child, else the first place the traversal meets them (as
/// a root or a partner); every union is drawn once, in the unit of whichever partner is
/// reached first. Where a drawn union meets a person who already has a box, a seed family
/// (whose rows are given) gets a cross link from that union to the existing box; other
/// inputs get a reference box in the new place (marked, saying where the person is
/// drawn), which carries the person's unions not drawn yet — except that a person first
/// met as a partner and then as a child moves: the partner box becomes the reference and
/// the new place under the parents the primary box. Each person therefore has one
/// primary box, and the traversal is linear.
///
/// Seed roots after the first generation hang from one shared chain of zero-width
/// placeholder nodes so every row stays one generation.
struct ChartUnits {
    private(set) var tree = LayoutTree()
    private(set) var boxes: [ChartBox] = []
    private(set) var units: [ChartUnit] = []
    /// `primaryBox[person]`, or -1 when the person is not drawn.
    private(set) var primaryBox: [Int]

    private let graph: FamilyGraph
    private let partnerOrder: PartnerOrder
    private let style: LayoutStyle
    /// Box width of each row; rows beyond the list use the style's width.
    private let rowWidths: [Double]
    private let leafRoots: Set<Int>
    private var unionDrawn: [Bool]
    /// Units whose children are still to be visited, breadth-first.
    private var queue: [Int] = []
    /// Branches (children of root units) numbered so far.
    private var branches = 0
    /// Seed generations above the chosen roots, left out so the chart starts at its top row.
    private var generationOffset = 0
    /// `placeholders[r]`: the zero-width node in row r that roots of row r + 1 hang from.
    private var placeholders: [Int] = []
    /// For a person with more unions than one unit has room for, once a unit has looked at
    /// them all: the index in `graph.unionsOf[person]` before which every union is drawn.
    /// Each further unit starts there (from the first union, a man with 8,000 wives cost
    /// 8,000² / room steps: 128,000 took 4.9 s).
    private var unionCursor: [Int: Int] = [:]

    /// - Complexity: O(n + e) for n persons and e union links.
    init(graph: FamilyGraph, style: LayoutStyle, scope: ChartScope = ChartScope(), rowWidths: [Double] = []) {
        self.graph = graph
        partnerOrder = scope.partnerOrder
        self.style = style
        self.rowWidths = rowWidths
        leafRoots = scope.leafRoots
        primaryBox = Array(repeating: -1, count: graph.count)
        unionDrawn = Array(repeating: false, count: graph.unions.count)
        boxes.reserveCapacity(graph.count + graph.count / 16)
        units.reserveCapacity(graph.count)
        let limit = scope.generationLimit ?? Int.max
        if graph.hasFixedGenerations, let roots = scope.roots {
            generationOffset = roots.map { graph.persons[$0].generation }.min() ?? 0
        }

        for root in scope.roots ?? graph.roots where primaryBox[root] < 0 && rootRow(root) < limit { addRoot(root) }
        visitChildren(limit: limit)
        if scope.roots == nil && scope.generationLimit == nil {
            // A partner drawn in someone else's unit may have unions of their own that no unit
            // drew (a second partner's family from another marriage): each such person starts a
            // tree as a reference box carrying those unions, so no child link is lost.
            for person in graph.persons.indices where primaryBox[person] >= 0
                && graph.unionsOf[person].contains(where: { !unionDrawn[$0] }) {
                addRoot(person, isReference: true)
                visitChildren(limit: limit)
            }
            // Anyone the roots do not reach (a parentless partner's other family) starts a tree.
            for person in graph.persons.indices where primaryBox[person] < 0 {
                addRoot(person)
                visitChildren(limit: limit)
            }
        }
    }

    /// The row a root stands in: its seed generation (less the offset), else the top.
    private func rootRow(_ root: Int) -> Int {
        graph.hasFixedGenerations ? graph.persons[root].generation - generationOffset : 0
    }

    private mutating func addRoot(_ root: Int, isReference: Bool = false) {
        let row = rootRow(root)
        // One chain of placeholders shared by every root below the top row (a chain per
        // root made roots × generations nodes: 74 KB of empty generations took 3.5 GB).
        while placeholders.count < row {
            placeholders.append(tree.addNode(under: placeholders.last ?? 0, leftExtent: 0, rightExtent: 0))
        }
        queue += makeUnits(anchor: root, isReference: isReference, under: row == 0 ? 0 : placeholders[row - 1], row: row)
    }

    private mutating func visitChildren(limit: Int) {
        var head = 0
        while head < queue.count {
            let u = queue[head]
            head += 1
            let childRow = units[u].row + 1
            guard childRow < limit else { continue }
            for k in units[u].unions.indices {
                let union = graph.unions[units[u].unions[k].union]
                // Siblings by birth date where known, else in input order (no sorting when nobody has a date).
                let order = union.children.count > 1 && union.children.contains(where: { graph.persons[$0].birthDate != nil })
                    ? orderedByDate(Array(union.children.indices)) { graph.persons[union.children[$0]].birthDate } : nil
                for p in union.children.indices {
                    let position = order?[p] ?? p
                    let child = union.children[position]
                    let existing = primaryBox[child]
                    if existing >= 0, graph.hasFixedGenerations {
                        units[u].unions[k].crossLinkBoxes.append(existing)
                        continue
                    }
                    if existing >= 0, boxes[existing].isPartner, !leafRoots.contains(child) {
                        // Met as a partner first: the person's own place is here, under the parents
                        // (but an hourglass's sibling keeps their place in the focus's row).
                        boxes[existing].isReference = true
                        primaryBox[child] = -1
                    }
                    let made = makeUnits(anchor: child, isReference: primaryBox[child] >= 0, under: units[u].node, row: childRow)
                    let lineage = units[u].lineage ?? branches
                    if units[u].lineage == nil { branches += 1 }
                    for c in made { units[c].lineage = lineage }
                    units[u].unions[k].childBoxes.append(units[made[0]].anchorBox)
                    units[u].unions[k].childLinks.append(union.childLinks[position])
                    queue += made
                }
            }
        }
        queue.removeAll(keepingCapacity: true)
    }

    /// `makeUnit`, then for a person with more partners than the bars rising from one box
    /// can keep apart (`FamilyGeometry.archesPerSide` on each side, and one partner beside
    /// it on each), a reference unit of theirs beside it for each further batch of unions.
    /// Such a unit is a virtual child of the parents' node: no line of theirs reaches it,
    /// so they centre over their children's own boxes, not over it.
    private mutating func makeUnits(anchor: Int, isReference: Bool, under parentNode: Int, row: Int) -> [Int] {
        var made = [makeUnit(anchor: anchor, isReference: isReference, under: parentNode, row: row)]
        while made.count <= graph.unionsOf[anchor].count, hasUndrawnUnion(anchor),
              !(row == 0 && leafRoots.contains(anchor)) {
            let u = makeUnit(anchor: anchor, isReference: true, under: parentNode, row: row, isVirtual: true)
            boxes[units[u].anchorBox].carriesFurtherPartners = true
            made.append(u)
        }
        return made
    }

    /// Whether some union of `person` is not drawn yet.
    private func hasUndrawnUnion(_ person: Int) -> Bool {
        let unions = graph.unionsOf[person]
        let start = unionCursor.isEmpty ? 0 : unionCursor[person] ?? 0
        return unions[start...].contains { !unionDrawn[$0] }
    }

    /// Boxes for `anchor` and the partners of its unions not drawn yet (as many as the
    /// anchor's box has room for the bars of), and a tree node.
    private mutating func makeUnit(anchor: Int, isReference: Bool, under parentNode: Int, row: Int, isVirtual: Bool = false) -> Int {
        let u = units.count
        let width = boxWidth(row: row)
        let room = 2 * FamilyGeometry.archesPerSide(boxWidth: width) + 2
        let span = width + style.coupleGap
        let halfWidth = width / 2
        let anchorBox = addBox(anchor, isReference: isReference, isPartner: false, offset: 0, unit: u)
        var drawn: [DrawnUnion] = []
        var partnered = 0
        var mirrored = false
        let unions = graph.unionsOf[anchor]
        // A unit after the first starts at the cursor and stops when full: the first drew every single-parent union.
        let cursor = unions.count > room && !unionCursor.isEmpty ? unionCursor[anchor] : nil
        var index = row == 0 && leafRoots.contains(anchor) ? unions.count : cursor ?? 0
        while index < unions.count {
            let union = unions[index]
            index += 1
            guard !unionDrawn[union] else { continue }
            let partner = graph.unions[union].partners.first(where: { $0 != anchor })
            guard partner == nil || partnered < room else {  // for a reference unit beside this one
                if cursor != nil { break }
                continue
            }
            unionDrawn[union] = true
            guard let partner else {
                drawn.append(DrawnUnion(union: union, partnerBox: nil, slot: 0, hangOffset: 0))
                continue
            }
            partnered += 1
            var slot = partnered % 2 == 1 ? (partnered + 1) / 2 : -(partnered / 2)
            if partnered == 1, partnerOrder == .maleLeft {
                let mine = graph.persons[anchor].gender, theirs = graph.persons[partner].gender
                mirrored = (mine == .female && theirs != .female) || (mine == .unknown && theirs == .male)
            }
            if mirrored { slot = -slot }  // a woman's first husband stands on her left
            let offset = Double(slot) * span
            let box = addBox(partner, isReference: primaryBox[partner] >= 0, isPartner: true, offset: offset, unit: u)
            let hang = (Double(slot) - (slot > 0 ? 0.5 : -0.5)) * span
            drawn.append(DrawnUnion(union: union, partnerBox: box, slot: slot, hangOffset: hang))
        }
        if unions.count > room {
            var first = cursor ?? 0
            while first < unions.count && unionDrawn[unions[first]] { first += 1 }
            unionCursor[anchor] = first
        }
        // Left to right: outer left partners first, the single-parent union under the anchor, then right.
        if drawn.count > 1 { drawn.sort { $0.hangOffset < $1.hangOffset } }
        var lefts = 0, rights = 0
        var firstHang: Double?, lastHang = 0.0
        for union in drawn {
            if union.slot < 0 { lefts += 1 } else if union.slot > 0 { rights += 1 }
            if !graph.unions[union.union].children.isEmpty {
                if firstHang == nil { firstHang = union.hangOffset }
                lastHang = union.hangOffset
            }
        }
        // The anchor stands this far from its children's midpoint: the middle of the hang points, mirrored.
        let shift = firstHang.map { -($0 + lastHang) / 2 } ?? 0
        let node = tree.addNode(under: parentNode, leftExtent: halfWidth + Double(lefts) * span,
                                rightExtent: halfWidth + Double(rights) * span, childCentreShift: shift, isVirtual: isVirtual)
        var unitBoxes = [anchorBox]
        if !drawn.isEmpty {
            unitBoxes.reserveCapacity(drawn.count + 1)
            for union in drawn { if let box = union.partnerBox { unitBoxes.append(box) } }
            if unitBoxes.count > 2 { unitBoxes.sort { boxes[$0].offset < boxes[$1].offset } }
            else if unitBoxes.count == 2, boxes[unitBoxes[1]].offset < 0 { unitBoxes.swapAt(0, 1) }
        }
        units.append(ChartUnit(anchorBox: anchorBox, boxes: unitBoxes, unions: drawn, node: node, row: row))
        return u
    }

    /// The width of the boxes in `row`.
    func boxWidth(row: Int) -> Double { row < rowWidths.count ? rowWidths[row] : style.boxWidth }

    private mutating func addBox(_ person: Int, isReference: Bool, isPartner: Bool, offset: Double, unit: Int) -> Int {
        let b = boxes.count
        boxes.append(ChartBox(person: person, isReference: isReference, isPartner: isPartner, offset: offset, unit: unit))
        if !isReference { primaryBox[person] = b }
        return b
    }
}

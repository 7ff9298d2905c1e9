import FamilyModel

/// A child link: the union and the child's place in its list of children.
struct ChildLinkKey: Hashable {
    var union: Int
    var index: Int
}

/// A box of the family chart: a person's own box, or a reference to it.
struct FamilyBox {
    var person: Int
    /// Why this is a reference box; nil for the person's own box.
    var reference: ReferenceReason?
    var unit = -1
    /// Place in the unit, left to right.
    var position = 0
}

/// How a drawn union hangs its children: from the gap beside its outer partner, or (one
/// partner) from the bottom of the box.
struct FamilyUnionPlacement {
    var union: Int
    /// The partner boxes: the person whose partner tree reaches the other first, then the other.
    var boxes: [Int]
    /// For a couple, the left box position of the gap the children hang from; for a single
    /// parent, the box position itself.
    var hangPosition: Int
    var isCouple: Bool { boxes.count == 2 }
    /// 0 for partners side by side (and single parents), else how many arches nest inside
    /// this couple's bar, plus one (its lane above the row).
    var archDepth = 0
    /// Boxes of the children in the row below that hang from this union (their own boxes
    /// and references), in the union's order: one per child, so `childBoxes[k]` is the box
    /// of the union's child k.
    var childBoxes: [Int] = []
    /// How each of `childBoxes` belongs to the union.
    var childLinks: [ChildLink] = []
}

/// A row's group of boxes joined by couple bars: a person and their partners, their
/// partners' other partners and so on ("coat-hanger": the person with the most partners
/// in the middle, first partner right, second left, third right beyond the first…; a
/// partner's further partners continue outward). The bars never cross: each bar spans a
/// contiguous run of boxes, and bars that jump over boxes arch over them in nested lanes.
struct FamilyUnit {
    var part: Int
    var row: Int
    /// Boxes left to right.
    var boxes: [Int]
    var unions: [FamilyUnionPlacement] = []
    /// Members that hang from a family in the row above: (box, union).
    var upLinks: [(box: Int, union: Int)] = []
    /// The box the partner group grew from: the person with the most partners.
    var hub: Int
}

/// Phase 2 of the family layout: boxes (own and references) grouped into units.
struct FamilyUnits {
    private(set) var boxes: [FamilyBox] = []
    private(set) var units: [FamilyUnit] = []
    /// The unit and placement index of every drawn union, or -1.
    private(set) var unitOfUnion: [Int]
    private(set) var placementOfUnion: [Int]
    /// Each person's own box.
    private(set) var primaryBox: [Int]
    /// Units `0..<partnerUnitCount` are the partner groups (the same in every pass for one
    /// family); the units after them are single child references.
    private(set) var partnerUnitCount = 0

    /// Whether box `p` is person `p`'s own box for every person `p` (the boxes begin with
    /// every person's own, in person order; references follow).
    var hasOwnBoxesFirst: Bool {
        primaryBox.indices.allSatisfy { primaryBox[$0] == $0 && boxes[$0].person == $0 && boxes[$0].reference == nil }
    }

    /// - Complexity: O(n + e) (plus sorting each unit's arches).
    /// - Parameters:
    ///   - referenced: child links (union, index in its children) to draw as references
    ///     although the child's own box could hang from the union.
    ///   - maximumArchesPerSide: how many couple bars may arch from one side of a box
    ///     (`FamilyGeometry.archesPerSide`): a person with more partners than their box can
    ///     carry bars for (a hub: two sides of arches and a partner beside it on each;
    ///     anyone else: one side and a partner beside it) has the further unions drawn
    ///     beside a reference box (`ReferenceReason.manyPartners`).
    init(graph: FamilyGraph, rows: FamilyRows, partnerOrder: PartnerOrder, referenced: Set<ChildLinkKey> = [],
         maximumArchesPerSide: Int = .max) {
        unitOfUnion = Array(repeating: -1, count: graph.unions.count)
        placementOfUnion = Array(repeating: -1, count: graph.unions.count)
        primaryBox = Array(0..<graph.count)
        boxes.reserveCapacity(graph.count + graph.count / 8)
        for p in 0..<graph.count { boxes.append(FamilyBox(person: p)) }
        units.reserveCapacity(graph.count)  // a unit holds a person's own box at least, or a reference

        // Partner boxes of every union: the partner's own box where the rows agree, else a reference.
        var unionBoxes = UnionBoxes(partnerCounts: graph.unions.indices.lazy.map { graph.unions[$0].partners.count })
        // Unions are read by index throughout: a loop over `graph.unions` copies each union,
        // retaining and releasing its four arrays.
        for u in graph.unions.indices {
            let partners = graph.unions[u].partners
            for (slot, p) in partners.enumerated() {
                if rows.partnerKept[u, slot] {
                    unionBoxes.append(p, to: u)
                } else {
                    unionBoxes.append(addBox(p, .partnerInOtherRow), to: u)
                }
            }
        }
        // Each box's couples (union, partner's box): an own box's in the order of the person's
        // unions, a reference's (it stands in one union) after; one flat list, box after box.
        var couples: [(box: Int, link: (union: Int, other: Int))] = []
        for p in 0..<graph.count {
            for u in graph.unionsOf[p] where unionBoxes.count(u) == 2 {
                let mine = (0..<2).first { boxes[unionBoxes[u, $0]].person == p && boxes[unionBoxes[u, $0]].reference == nil }
                guard let mine else { continue }
                couples.append((unionBoxes[u, mine], (u, unionBoxes[u, 1 - mine])))
            }
        }
        for u in graph.unions.indices where unionBoxes.count(u) == 2 {
            for k in 0..<2 where boxes[unionBoxes[u, k]].reference != nil { couples.append((unionBoxes[u, k], (u, unionBoxes[u, 1 - k]))) }
        }
        let links = FlatLists(grouping: couples, into: boxes.count, list: { $0.box }, element: { $0.link })
        couples = []

        // Units: partner trees grown breadth-first from a hub, in-order arranged.
        var visited = [Bool](repeating: false, count: boxes.count)
        var claimed = [Bool](repeating: false, count: graph.unions.count)
        var treeChildren = [[(union: Int, box: Int)]](repeating: [], count: boxes.count)
        let boxesBeforeUnits = boxes.count
        var seen = [Bool](repeating: false, count: boxesBeforeUnits)  // boxes already in a component
        var members: [Int] = [], order: [Int] = []  // one buffer each for every component
        let (hubRoom, partnerRoom) = maximumArchesPerSide >= Int.max / 4 ? (Int.max, Int.max)
            : (2 * maximumArchesPerSide + 2, maximumArchesPerSide + 1)
        /// How many partners `box` can have bars to in the unit grown from `hub`.
        func room(_ box: Int, hub: Int) -> Int { box == hub ? hubRoom : partnerRoom }
        // Unions no box had room for: the reference standing in for the crowded person, and
        // the partner.
        var crowded: [(union: Int, reference: Int, other: Int)] = [], nextCrowded = 0
        for start in 0..<boxesBeforeUnits where !visited[start] {
            // The hub: most partners; then someone who hangs from their own parents; then input order.
            component(from: start, links: links, seen: &seen, into: &members)
            var hub = members.min { a, b in
                (-links[a].count, hasOwnParents(a, rows) ? 0 : 1, a) < (-links[b].count, hasOwnParents(b, rows) ? 0 : 1, b)
            }!
            visited[hub] = true
            while true {
                let firstCrowded = crowded.count
                // Breadth-first spanning tree; a union that would close a ring gets a reference
                // instead, and one whose box has no room for another bar stands aside.
                order.removeAll(keepingCapacity: true)
                order.append(hub)
                var head = 0
                while head < order.count {
                    let box = order[head]
                    head += 1
                    for (u, other) in links[box] where !claimed[u] {
                        claimed[u] = true
                        if treeChildren[box].count >= room(box, hub: hub) {
                            crowded.append((u, addBox(boxes[box].person, .manyPartners), other))
                            visited.append(true)
                            treeChildren.append([])
                            continue
                        }
                        var partner = other
                        if visited[other] {
                            partner = addBox(boxes[other].person, .partnerRing)
                            visited.append(true)
                            treeChildren.append([])
                        } else {
                            visited[other] = true
                            order.append(other)
                        }
                        treeChildren[box].append((u, partner))
                        unionBoxes.setCouple(u, box, partner)
                    }
                }
                // A union crowded out of this unit whose partner stands in it with room to
                // spare: the reference stands beside the partner.
                var kept = firstCrowded
                for i in firstCrowded..<crowded.count {
                    let c = crowded[i]
                    if boxes[c.other].unit < 0 && visited[c.other]
                        && treeChildren[c.other].count < room(c.other, hub: hub) {
                        treeChildren[c.other].append((c.union, c.reference))
                        unionBoxes.setCouple(c.union, c.other, c.reference)
                    } else {
                        crowded[kept] = c
                        kept += 1
                    }
                }
                crowded.removeLast(crowded.count - kept)
                let row = placedRow(of: hub, graph: graph, rows: rows, unionBoxes: unionBoxes)
                let mirrored = partnerOrder == .maleLeft && Self.mirrorsForMaleLeft(hub: hub, children: treeChildren[hub], boxes: boxes, graph: graph)
                let sequence = Self.inOrder(hub: hub, children: treeChildren, mirrored: mirrored)
                makeUnit(part: rows.personPart[boxes[hub].person], row: row, sequence: sequence, hub: hub, treeChildren: treeChildren)
                // The next crowded union makes a unit of its own around the partner (their
                // own box, with their further partners, or a reference when placed already).
                guard nextCrowded < crowded.count else { break }
                let next = crowded[nextCrowded]
                nextCrowded += 1
                hub = next.other
                if visited[hub] {
                    hub = addBox(boxes[next.other].person, .manyPartners)
                    visited.append(true)
                    treeChildren.append([])
                } else {
                    visited[hub] = true
                }
                treeChildren[hub].append((next.union, next.reference))
                unionBoxes.setCouple(next.union, hub, next.reference)
            }
        }
        partnerUnitCount = units.count
        // Single-parent unions hang from their partner's box.
        for u in graph.unions.indices where graph.unions[u].partners.count == 1 && unionBoxes.count(u) == 1 {
            let box = unionBoxes[u, 0]
            addPlacement(FamilyUnionPlacement(union: u, boxes: [box], hangPosition: boxes[box].position), unit: boxes[box].unit)
        }
        for u in units.indices where units[u].unions.count > 1 { units[u].unions.sort { Self.hangOrder($0) < Self.hangOrder($1) } }
        for unit in units.indices { for k in units[unit].unions.indices { placementOfUnion[units[unit].unions[k].union] = k } }

        // Children: own boxes hang from their primary family; every other child link gets a reference there.
        // Each union's boxes are gathered here, at their exact size, and stored once (appending
        // to them in place, three levels down, grew the list a step at a time; reusing one
        // buffer for every union left each stored list as long as the longest); its links are
        // the union's own.
        for u in graph.unions.indices where unitOfUnion[u] >= 0 && !graph.unions[u].children.isEmpty {
            let children = graph.unions[u].children
            var childBoxes: [Int] = []
            childBoxes.reserveCapacity(children.count)
            for (k, c) in children.enumerated() {
                let box: Int
                if rows.childKept[u, k] && (referenced.isEmpty || !referenced.contains(ChildLinkKey(union: u, index: k))) {
                    box = primaryBox[c]
                } else {
                    let reason: ReferenceReason = rows.primaryParentUnion[c] != u ? .otherFamily
                        : rows.childKept[u, k] ? .farFromParents : .childInOtherRow
                    box = addBox(c, reason)
                    let parentUnit = units[unitOfUnion[u]]
                    boxes[box].unit = units.count
                    units.append(FamilyUnit(part: parentUnit.part, row: parentUnit.row + 1, boxes: [box], hub: box))
                }
                units[boxes[box].unit].upLinks.append((box, u))
                childBoxes.append(box)
            }
            units[unitOfUnion[u]].unions[placementOfUnion[u]].childBoxes = childBoxes
            units[unitOfUnion[u]].unions[placementOfUnion[u]].childLinks = graph.unions[u].childLinks
        }
    }

    /// Whether `box` is a person's own box that hangs from their family in the row above.
    private func hasOwnParents(_ box: Int, _ rows: FamilyRows) -> Bool {
        guard boxes[box].reference == nil else { return false }
        return rows.hangsFromOwnFamily[boxes[box].person]
    }

    private mutating func addBox(_ person: Int, _ reason: ReferenceReason) -> Int {
        boxes.append(FamilyBox(person: person, reference: reason))
        return boxes.count - 1
    }

    /// Every box joined to `start` by couples, breadth-first, into `members` (emptied first);
    /// marks them in `seen` (each box belongs to one component, so one array serves every component).
    private func component(from start: Int, links: FlatLists<(union: Int, other: Int)>, seen: inout [Bool], into members: inout [Int]) {
        members.removeAll(keepingCapacity: true)
        members.append(start)
        seen[start] = true
        var head = 0
        while head < members.count {
            for (_, other) in links[members[head]] where !seen[other] {
                seen[other] = true
                members.append(other)
            }
            head += 1
        }
    }

    /// The row of a unit: its hub's own row, or for a reference hub the row of the union it stands in.
    private func placedRow(of hub: Int, graph: FamilyGraph, rows: FamilyRows, unionBoxes: UnionBoxes) -> Int {
        if boxes[hub].reference == nil { return rows.personRow[boxes[hub].person] }
        let u = graph.unionsOf[boxes[hub].person].first { unionBoxes.contains(hub, in: $0) }!
        return rows.unionRow[u]
    }

    /// Boxes left to right: the hub's partners alternate right and left (nearest first),
    /// each partner's own further partners continue outward on their side.
    static func inOrder(hub: Int, children: [[(union: Int, box: Int)]], mirrored: Bool) -> [Int] {
        guard !children[hub].isEmpty else { return [hub] }  // most units: one person without partners
        if children[hub].count == 1 && children[children[hub][0].box].isEmpty {  // then a couple
            return mirrored ? [children[hub][0].box, hub] : [hub, children[hub][0].box]
        }
        func preorder(_ root: Int) -> [Int] {
            var result: [Int] = [], stack = [root]
            while let box = stack.popLast() {
                result.append(box)
                for child in children[box].reversed() { stack.append(child.box) }
            }
            return result
        }
        var left: [Int] = [], right: [Int] = []
        for (k, child) in children[hub].enumerated() {
            if (k % 2 == 0) != mirrored { right += preorder(child.box) } else { left += preorder(child.box) }
        }
        return left.reversed() + [hub] + right
    }

    /// Whether a woman hub's first partner is a man (or an unknown hub's), so partners
    /// mirror to stand men left (`--partner-order male-left`).
    private static func mirrorsForMaleLeft(hub: Int, children: [(union: Int, box: Int)], boxes: [FamilyBox], graph: FamilyGraph) -> Bool {
        guard let first = children.first else { return false }
        let mine = graph.persons[boxes[hub].person].gender, theirs = graph.persons[boxes[first.box].person].gender
        return (mine == .female && theirs != .female) || (mine == .unknown && theirs == .male)
    }

    private mutating func makeUnit(part: Int, row: Int, sequence: [Int], hub: Int, treeChildren: [[(union: Int, box: Int)]]) {
        let unit = units.count
        for (position, box) in sequence.enumerated() {
            boxes[box].unit = unit
            boxes[box].position = position
        }
        units.append(FamilyUnit(part: part, row: row, boxes: sequence, hub: hub))
        for box in sequence {
            for (u, other) in treeChildren[box] {
                let (a, c) = (boxes[box].position, boxes[other].position)
                let hang = c > a ? c - 1 : c  // the gap beside the partner, on the person's side
                addPlacement(FamilyUnionPlacement(union: u, boxes: [box, other], hangPosition: hang), unit: unit)
            }
        }
        Self.nestArches(&units[unit].unions, boxes: boxes)
    }

    private mutating func addPlacement(_ placement: FamilyUnionPlacement, unit: Int) {
        unitOfUnion[placement.union] = unit
        units[unit].unions.append(placement)
    }

    /// Left-to-right order of hang points: a gap after box k sorts between boxes k and k+1.
    static func hangOrder(_ placement: FamilyUnionPlacement) -> Double {
        hangOrder(position: placement.hangPosition, isCouple: placement.isCouple)
    }

    /// `hangOrder` of a union placed at `position` (its `hangPosition`), a couple or not.
    static func hangOrder(position: Int, isCouple: Bool) -> Double {
        Double(position) + (isCouple ? 0.5 : 0)
    }

    /// Arch lanes: a couple bar that jumps over boxes gets 1 + the deepest lane nested inside it.
    /// The bars' spans are laminar (in-order layout), so a stack over sorted spans finds the nesting.
    static func nestArches(_ placements: inout [FamilyUnionPlacement], boxes: [FamilyBox]) {
        var arches: [(index: Int, low: Int, high: Int)] = []
        for (k, p) in placements.enumerated() where p.isCouple {
            let a = boxes[p.boxes[0]].position, b = boxes[p.boxes[1]].position
            if abs(a - b) > 1 { arches.append((k, min(a, b), max(a, b))) }
        }
        guard !arches.isEmpty else { return }
        arches.sort { ($0.low, -$0.high) < ($1.low, -$1.high) }
        var parent = [Int](repeating: -1, count: arches.count)
        var stack: [Int] = []
        for (i, arch) in arches.enumerated() {
            while let top = stack.last, !(arches[top].low <= arch.low && arch.high <= arches[top].high) { stack.removeLast() }
            parent[i] = stack.last ?? -1
            stack.append(i)
        }
        var depth = [Int](repeating: 1, count: arches.count)
        for i in arches.indices.reversed() where parent[i] >= 0 { depth[parent[i]] = max(depth[parent[i]], depth[i] + 1) }
        for (i, arch) in arches.enumerated() { placements[arch.index].archDepth = depth[i] }
    }
}

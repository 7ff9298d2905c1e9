import FamilyModel

/// Phase 4 of the family layout: the order of siblings, the side of grafted families, the
/// order of top roots and the facing of couples, chosen to shorten and uncross the lines
/// that join families (up-links that are not tree links).
///
/// Start: siblings by birth date (input order where undated), grafts right of their host,
/// top roots in input order. Then a fixed number of rounds, each placing the chart and
/// moving every subtree toward the barycentre of the far ends of the lines that leave it
/// (its own position counting once), as in Sugiyama-style layer sweeps: siblings sorted by
/// that key (stable, so unrelated siblings keep their birth order), grafts before or after
/// their host's children by the side their lines go to, and a couple whose partners both
/// have parents turned to face them. The order with the fewest crossings between parent
/// and child lines is kept. Deterministic: no randomness, ties broken by current order.
struct FamilyOrdering {
    static let rounds = 8

    /// The best order found, its number of crossing line pairs, and the box centres it was
    /// placed at (`placement.boxCentres(unitAnchorX: placement.place(order), order: order)`,
    /// kept from its round so that the caller need not place the chart once more).
    ///
    /// A first pass over a family whose lines all follow the spanning forest (no cross
    /// link) has nothing to order by: a round moves units only toward the far ends of cross
    /// links (grafts exist only for them; a unit with one up-link has no couple to turn), so
    /// every round would keep the first order. That order is placed once and returned
    /// with its crossings not counted (nil): the caller counts them if it needs them.
    /// - Parameter previous: the order an earlier pass over the same family found; its
    ///   choices are the starting point (units keep their numbers between passes).
    static func order(graph: FamilyGraph, units: FamilyUnits, forest: FamilyForest,
                      placement: FamilyPlacement, previous: FamilyOrder? = nil) -> (order: FamilyOrder, crossings: Int?, boxX: [Double]) {
        var order = initialOrder(graph: graph, units: units, forest: forest)
        if previous == nil && forest.crossLinks.isEmpty {
            return (order, nil, placement.boxCentres(unitAnchorX: placement.place(order), order: order))
        }
        if let previous { order.adopt(previous, partnerUnits: units.partnerUnitCount) }
        var birthRank = [Int](repeating: 0, count: units.units.count)
        for list in 0..<order.children.count { for (rank, u) in order.children[list].enumerated() { birthRank[u] = rank } }
        for (rank, u) in order.topRoots.joined().enumerated() { birthRank[u] = rank }
        for (rank, u) in order.graftsAfter.joined().enumerated() { birthRank[u] = rank }
        var best = order, bestCrossings = Int.max, bestX: [Double] = [], roundsWithoutGain = 0
        for round in 0...rounds {
            let x = placement.boxCentres(unitAnchorX: placement.place(order), order: order)
            let crossings = FamilyCrossings.count(units: units, placement: placement, order: order, boxX: x)
            if crossings < bestCrossings {
                best = order
                bestCrossings = crossings
                bestX = x
                roundsWithoutGain = 0
            } else {
                roundsWithoutGain += 1
            }
            // Stop at no crossings, or when a round of each kind (families, siblings) in a row
            // gained nothing (a later pass, starting from an earlier pass's order, sooner).
            if crossings == 0 || round == rounds || roundsWithoutGain >= (previous == nil ? 3 : 2) { break }
            improve(&order, units: units, forest: forest, placement: placement, boxX: x, birthRank: birthRank,
                    movesFamilies: round % 2 == 1)
        }
        return (best, bestCrossings, bestX)
    }

    static func initialOrder(graph: FamilyGraph, units: FamilyUnits, forest: FamilyForest) -> FamilyOrder {
        let count = units.units.count
        var children = FlatLists<Int>()
        children.reserveCapacity(lists: units.units.count, elements: count)  // about a list per unit; each unit hangs once at most
        var firstChildList = [Int]()
        firstChildList.reserveCapacity(count + 1)
        var kids: [Int] = []
        // The arrays the birth-date key reads, not the structs that hold them: a closure that
        // captured the graph, units and forest copied (retained) them for every family.
        let persons = graph.persons, boxes = units.boxes, anchors = forest.anchorBox
        for u in units.units.indices {
            firstChildList.append(children.count)
            for k in units.units[u].unions.indices {
                kids.removeAll(keepingCapacity: true)
                let union = units.units[u].unions[k].union
                for box in units.units[u].unions[k].childBoxes {
                    let child = units.boxes[box].unit
                    if forest.treeUnion[child] == union && forest.anchorBox[child] == box { kids.append(child) }
                }
                if kids.count > 1 {
                    kids = orderedByDate(kids) { persons[boxes[anchors[$0]].person].birthDate }
                }
                children.append(list: kids)
            }
        }
        firstChildList.append(children.count)
        return FamilyOrder(mirrored: Array(repeating: false, count: count), children: children, firstChildList: firstChildList,
                           graftsBefore: Array(repeating: [], count: count), graftsAfter: forest.grafts,
                           topRoots: forest.topRoots)
    }

    /// One round. Each joining line pulls every unit on the path from either end up to
    /// (not including) the ends' nearest common ancestor toward the other end: a sibling
    /// whose subtree is pulled left moves to the left end of its sibling group, pulled
    /// right to the right end (kinship2's and Madeline's rule for a couple whose families
    /// are both drawn, applied along the whole line up), unpulled siblings keep their
    /// birth order in between. Grafted families go before or after their host's children
    /// the same way; couples turn to face their parents.
    private static func improve(_ order: inout FamilyOrder, units: FamilyUnits, forest: FamilyForest,
                                placement: FamilyPlacement, boxX: [Double], birthRank: [Int], movesFamilies: Bool) {
        let count = units.units.count
        var pull = [Double](repeating: 0, count: count)
        var target = [Double](repeating: 0, count: count)
        var targetWeight = [Double](repeating: 0, count: count)
        let anchorX = (0..<count).map { boxX[forest.anchorBox[$0]] }
        func parent(_ u: Int) -> Int { forest.parentUnit(of: u, units: units) }
        /// Pulls the chain from `from` up toward x, stopping below `stop`.
        func pullChain(from start: Int, toward x: Double, stop: Int) {
            // A line pulls hardest on the units nearest its end: half as much each level up.
            var unit = start, steps = 0, weight = 1.0
            while unit != stop && unit >= 0 && steps < maximumPullDepth {
                let up = parent(unit)
                let reference = up >= 0 ? anchorX[up] : anchorX[unit]
                if x < reference - 0.5 { pull[unit] -= weight } else if x > reference + 0.5 { pull[unit] += weight }
                target[unit] += x * weight
                targetWeight[unit] += weight
                unit = up
                steps += 1
                weight /= 2
            }
        }
        for link in forest.crossLinks {
            let a = link.unit, b = units.unitOfUnion[link.union]
            let stop = commonAncestor(a, b, units: units, forest: forest)
            pullChain(from: a, toward: placement.hangX(of: link.union, order: order, boxX: boxX), stop: stop)
            pullChain(from: b, toward: boxX[link.box], stop: stop)
        }
        func arranged(_ list: [Int]) -> [Int] {
            guard list.count > 1 else { return list }
            func key(_ u: Int) -> (Int, Double, Int) {
                let side = pull[u] < -1e-9 ? 0 : pull[u] > 1e-9 ? 2 : 1
                return (side, side == 1 ? 0 : target[u] / max(targetWeight[u], 1e-9), birthRank[u])
            }
            return list.sorted { key($0) < key($1) }
        }
        // Rounds alternate between moving whole families (grafts, top roots) and moving
        // siblings toward them, so the two never chase each other.
        if movesFamilies {
            for u in 0..<count where !(order.graftsBefore[u].isEmpty && order.graftsAfter[u].isEmpty) {
                let grafted = order.graftsBefore[u] + order.graftsAfter[u]
                order.graftsBefore[u] = arranged(grafted.filter { pull[$0] < -1e-9 })
                order.graftsAfter[u] = arranged(grafted.filter { pull[$0] >= -1e-9 })
            }
            // Top roots have no group to keep: each goes to the barycentre of its lines' far
            // ends, so in-law families flank the family they married into. The biggest tree
            // of the part (and any root without lines) keeps its place: the others gather
            // round it instead of all of them chasing each other.
            var size = [Int](repeating: 1, count: count)
            for unit in postOrder(order, units: units) {
                let up = parent(unit)
                if up >= 0 { size[up] += size[unit] }
            }
            for part in order.topRoots.indices where order.topRoots[part].count > 1 {
                let anchor = order.topRoots[part].max { (size[$0], -$0) < (size[$1], -$1) }!
                func key(_ u: Int) -> Double { u != anchor && targetWeight[u] > 1e-9 ? target[u] / targetWeight[u] : anchorX[u] }
                order.topRoots[part] = order.topRoots[part].enumerated()
                    .sorted { (key($0.element), $0.offset) < (key($1.element), $1.offset) }.map(\.element)
            }
            return
        }
        // Couples whose partners both hang from families face them: the partner whose
        // parents stand further left stands left.
        for u in units.units.indices where units.units[u].upLinks.count > 1 && units.units[u].boxes.count > 1 {
            var pairs: [(position: Int, target: Double)] = []
            for link in units.units[u].upLinks.prefix(64) where units.boxes[link.box].unit == u {
                pairs.append((units.boxes[link.box].position, placement.hangX(of: link.union, order: order, boxX: boxX)))
            }
            var forward = 0, backward = 0
            for i in pairs.indices {
                for j in pairs.indices where i < j && pairs[i].position != pairs[j].position && pairs[i].target != pairs[j].target {
                    if (pairs[i].position < pairs[j].position) == (pairs[i].target < pairs[j].target) { forward += 1 } else { backward += 1 }
                }
            }
            if forward != backward { order.mirrored[u] = backward > forward }
        }
    }

    /// Lines pull at most this many units up from each end (enough to bring two families
    /// together; keeps a round linear on deep charts).
    static let maximumPullDepth = 64

    /// The nearest unit both hang from (through tree links and grafts), or -1 when they
    /// meet only at the top (or further up than `maximumPullDepth` rows).
    static func commonAncestor(_ a: Int, _ b: Int, units: FamilyUnits, forest: FamilyForest) -> Int {
        var (x, y) = (a, b), steps = 0
        while x != y && x >= 0 && y >= 0 && steps < 2 * maximumPullDepth {
            if units.units[x].row >= units.units[y].row { x = forest.parentUnit(of: x, units: units) } else { y = forest.parentUnit(of: y, units: units) }
            steps += 1
        }
        return x == y ? x : -1
    }

    /// Units children first (tree children and grafts), without recursion.
    static func postOrder(_ order: FamilyOrder, units: FamilyUnits) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(units.units.count)
        var stack: [(unit: Int, expanded: Bool)] = []
        for roots in order.topRoots { for root in roots.reversed() { stack.append((root, false)) } }
        while let (unit, expanded) = stack.popLast() {
            if expanded { result.append(unit); continue }
            stack.append((unit, true))
            for graft in order.graftsAfter[unit].reversed() { stack.append((graft, false)) }
            for list in order.childLists(of: unit).reversed() { for child in order.children[list].reversed() { stack.append((child, false)) } }
            for graft in order.graftsBefore[unit].reversed() { stack.append((graft, false)) }
        }
        return result
    }
}

extension FamilyOrder {
    /// Takes over an earlier pass's choices: facings, sibling orders (children it did not
    /// have, new references, go last in birth order), graft sides and top-root order.
    mutating func adopt(_ previous: FamilyOrder, partnerUnits: Int) {
        let known = min(partnerUnits, previous.mirrored.count)
        for u in 0..<known { mirrored[u] = previous.mirrored[u] }
        func rank(in list: [Int]) -> [Int: Int] {
            var ranks: [Int: Int] = [:]
            for (r, u) in list.enumerated() where u < partnerUnits { ranks[u] = r }
            return ranks
        }
        func reorder(_ list: [Int], by ranks: [Int: Int]) -> [Int] {
            list.enumerated().sorted { a, b in
                (ranks[a.element] ?? Int.max, a.offset) < (ranks[b.element] ?? Int.max, b.offset)
            }.map(\.element)
        }
        var before = Set<Int>()
        for list in previous.graftsBefore { before.formUnion(list) }
        for u in graftsAfter.indices where !graftsAfter[u].isEmpty || !graftsBefore[u].isEmpty {
            let all = graftsBefore[u] + graftsAfter[u]
            graftsBefore[u] = all.filter(before.contains)
            graftsAfter[u] = all.filter { !before.contains($0) }
        }
        for part in topRoots.indices where part < previous.topRoots.count {
            topRoots[part] = reorder(topRoots[part], by: rank(in: previous.topRoots[part]))
        }
    }
}

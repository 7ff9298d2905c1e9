/// Phase 3 of the family layout: a spanning forest of the units, the shape the tidy tree
/// engine places.
///
/// Every unit with a family in the row above hangs from exactly one of them (its *tree
/// link*); its other up-links (a couple whose partners both have parents) are drawn as
/// connectors to the same boxes but do not steer the placement. A group whose hub (the
/// person with several partners) has parents hangs from them; other tree links are given
/// out breadth-first from the roots (units nobody hangs from), the top rows first, so a
/// founder's descendants stay together and a family that married in joins through the
/// marriage. A root below the part's top row — the parents of someone who married in — is
/// *grafted*: placed as a virtual child of a unit one row above it, on the line of the
/// family it married into, so its tree stands next to that marriage instead of at the far
/// end of the chart. Roots that cannot be grafted stand side by side at the top.
struct FamilyForest {
    /// The union a unit hangs from, or -1 for a root.
    private(set) var treeUnion: [Int]
    /// The member box by which a unit hangs (its anchor for centring); for a root, its first box.
    private(set) var anchorBox: [Int]
    /// For a grafted root, the unit it is placed under; else -1.
    private(set) var graftParent: [Int]
    /// Roots placed at the top of their part, per part, in order.
    private(set) var topRoots: [[Int]]
    /// Grafted roots under each unit.
    private(set) var grafts: [[Int]]
    /// Up-links that are not tree links: (unit of the child box, child box, union).
    private(set) var crossLinks: [(unit: Int, box: Int, union: Int)] = []

    /// - Complexity: O(n + e): each unit is claimed once; a graft walks up at most the
    ///   height of the grafted tree.
    /// - Parameter primaryUnion: each person's own (first) family, which their box hangs from.
    init(units: FamilyUnits, partCount: Int, primaryUnion: [Int]) {
        let count = units.units.count
        treeUnion = Array(repeating: -1, count: count)
        anchorBox = units.units.map { $0.boxes[0] }
        graftParent = Array(repeating: -1, count: count)
        grafts = Array(repeating: [], count: count)
        topRoots = Array(repeating: [], count: partCount)

        // Roots, top rows first, then in input order of their first person.
        var roots = units.units.indices.filter { units.units[$0].upLinks.isEmpty }
        roots.sort { a, b in
            (units.units[a].row, units.boxes[units.units[a].boxes[0]].person, a) < (units.units[b].row, units.boxes[units.units[b].boxes[0]].person, b)
        }
        // A partner group whose hub (the person with the partners) has parents hangs from
        // them; any other group from whichever of its families a root reaches first.
        // A box with lines from two families (birth and adoptive) hangs from its own (first) family.
        var preferred = [(box: Int, union: Int)?](repeating: nil, count: count)
        // (Units are read by index here and below: a copy of a unit retains its three arrays.)
        for u in units.units.indices {
            let hub = units.units[u].hub
            let primary = units.boxes[hub].reference == nil ? primaryUnion[units.boxes[hub].person] : -1
            var first: (box: Int, union: Int)?
            for link in units.units[u].upLinks where link.box == hub {
                if link.union == primary { first = link; break }
                if first == nil { first = link }
            }
            preferred[u] = first
        }
        // Claim breadth-first from each root in turn; remember which tree claimed each unit.
        var treeOf = [Int](repeating: -1, count: count)
        var queue: [Int] = []
        for (rank, root) in roots.enumerated() {
            treeOf[root] = rank
            queue.append(root)
            var head = 0
            while head < queue.count {
                let unit = queue[head]
                head += 1
                for k in units.units[unit].unions.indices {
                    let union = units.units[unit].unions[k].union
                    for child in units.units[unit].unions[k].childBoxes {
                        let w = units.boxes[child].unit
                        guard treeOf[w] < 0 else { continue }
                        if let link = preferred[w], link.box != child || link.union != union { continue }
                        treeOf[w] = rank
                        treeUnion[w] = union
                        anchorBox[w] = child
                        queue.append(w)
                    }
                }
            }
            queue.removeAll(keepingCapacity: true)
        }
        for unit in units.units.indices {
            for link in units.units[unit].upLinks where !(link.union == treeUnion[unit] && link.box == anchorBox[unit]) {
                crossLinks.append((unit, link.box, link.union))
            }
        }

        // Graft later roots next to the earliest tree they married into.
        var candidates = [[(tree: Int, unit: Int)]](repeating: [], count: roots.count)
        for link in crossLinks {
            let parent = units.unitOfUnion[link.union]
            let (a, b) = (treeOf[link.unit], treeOf[parent])
            if a > b { candidates[a].append((b, parent)) } else if b > a { candidates[b].append((a, link.unit)) }
        }
        for (rank, root) in roots.enumerated() {
            let row = units.units[root].row
            var placed = false
            if row > 0 {
                for candidate in candidates[rank].sorted(by: { $0.tree < $1.tree }).prefix(4) {
                    if let host = ancestor(of: candidate.unit, inRow: row - 1, units: units) {
                        graftParent[root] = host
                        grafts[host].append(root)
                        placed = true
                        break
                    }
                }
            }
            if !placed { topRoots[units.units[root].part].append(root) }
        }
    }

    /// The unit a unit hangs from (its tree link's unit, or the unit it is grafted under), or -1.
    func parentUnit(of unit: Int, units: FamilyUnits) -> Int {
        treeUnion[unit] >= 0 ? units.unitOfUnion[treeUnion[unit]] : graftParent[unit]
    }

    /// The unit above `unit` (following tree links and grafts) that stands in `row`, if the
    /// chain reaches that row.
    private func ancestor(of unit: Int, inRow row: Int, units: FamilyUnits) -> Int? {
        var current = unit
        while units.units[current].row > row {
            let up = parentUnit(of: current, units: units)
            guard up >= 0 else { return nil }
            current = up
        }
        return units.units[current].row == row ? current : nil
    }
}

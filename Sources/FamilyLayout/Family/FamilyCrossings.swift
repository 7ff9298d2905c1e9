/// Counts pairs of parent→child lines that cross: two lines from different hang points
/// between the same two rows cross when their tops and bottoms are in opposite orders.
/// This is the measure the ordering phase minimises (the drawn orthogonal connectors cross
/// in the same places, give or take lines that only touch).
enum FamilyCrossings {
    /// - Complexity: O(e log e) for e lines (a Fenwick tree over each gap's line bottoms).
    static func count(units: FamilyUnits, placement: FamilyPlacement, order: FamilyOrder, boxX: [Double]) -> Int {
        var gaps: [GapKey: [(top: Double, bottom: Double)]] = [:]
        for unit in units.units {
            for p in unit.unions where !p.childBoxes.isEmpty {
                let top = FamilyOrdering.hangX(p.union, units: units, placement: placement, order: order, boxX: boxX)
                let key = GapKey(part: unit.part, row: unit.row)
                for child in p.childBoxes { gaps[key, default: []].append((top, boxX[child])) }
            }
        }
        var total = 0
        for lines in gaps.values { total += inversions(lines) }
        return total
    }

    /// Pairs with top_i < top_j and bottom_i > bottom_j.
    static func inversions(_ lines: [(top: Double, bottom: Double)]) -> Int {
        guard lines.count > 1 else { return 0 }
        let bottoms = Array(Set(lines.map(\.bottom))).sorted()
        var rank: [Double: Int] = [:]
        for (i, b) in bottoms.enumerated() { rank[b] = i + 1 }
        var tree = [Int](repeating: 0, count: bottoms.count + 1)
        let sorted = lines.sorted { ($0.top, $0.bottom) < ($1.top, $1.bottom) }
        var total = 0, inserted = 0, i = 0
        while i < sorted.count {
            var j = i
            while j < sorted.count && sorted[j].top == sorted[i].top { j += 1 }
            for k in i..<j {  // lines already inserted with a larger bottom
                var r = rank[sorted[k].bottom]!, atMost = 0
                while r > 0 { atMost += tree[r]; r -= r & -r }
                total += inserted - atMost
            }
            for k in i..<j {
                var r = rank[sorted[k].bottom]!
                while r < tree.count { tree[r] += 1; r += r & -r }
                inserted += 1
            }
            i = j
        }
        return total
    }
}

struct GapKey: Hashable {
    let part: Int, row: Int
}

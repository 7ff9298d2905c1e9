/// Counts pairs of parent→child lines that cross: two lines from different hang points
/// between the same two rows cross when their tops and bottoms are in opposite orders.
/// This is the measure the ordering phase minimises (the drawn orthogonal connectors cross
/// in the same places, give or take lines that only touch).
enum FamilyCrossings {
    /// - Complexity: O(e log e) for e lines (a Fenwick tree over each gap's line bottoms).
    static func count(units: FamilyUnits, placement: FamilyPlacement, order: FamilyOrder, boxX: [Double]) -> Int {
        var gaps: [GapKey: [(top: Double, bottom: Double)]] = [:]
        // Units and placements by index (copies retain their arrays); each family's lines
        // go into their gap's list at one lookup.
        for u in units.units.indices {
            for k in units.units[u].unions.indices where !units.units[u].unions[k].childBoxes.isEmpty {
                let top = placement.hangX(of: units.units[u].unions[k].union, order: order, boxX: boxX)
                let key = GapKey(part: units.units[u].part, row: units.units[u].row)
                gaps[key, default: []].append(contentsOf: units.units[u].unions[k].childBoxes.lazy.map { (top, boxX[$0]) })
            }
        }
        var total = 0
        for lines in gaps.values { total += inversions(lines) }
        return total
    }

    /// Pairs with top_i < top_j and bottom_i > bottom_j.
    static func inversions(_ lines: [(top: Double, bottom: Double)]) -> Int {
        guard lines.count > 1 else { return 0 }
        // Rank the bottoms (equal bottoms share a rank), then sweep the tops with a Fenwick tree.
        let byBottom = lines.indices.sorted { lines[$0].bottom < lines[$1].bottom }
        var rank = [Int](repeating: 0, count: lines.count)
        var current = 0
        for (k, i) in byBottom.enumerated() {
            if k == 0 || lines[i].bottom != lines[byBottom[k - 1]].bottom { current += 1 }
            rank[i] = current
        }
        var tree = [Int](repeating: 0, count: current + 1)
        let byTop = lines.indices.sorted { (lines[$0].top, rank[$0]) < (lines[$1].top, rank[$1]) }
        var total = 0, inserted = 0, i = 0
        while i < byTop.count {
            var j = i
            while j < byTop.count && lines[byTop[j]].top == lines[byTop[i]].top { j += 1 }
            for k in i..<j {  // lines already inserted with a larger bottom
                var r = rank[byTop[k]], atMost = 0
                while r > 0 { atMost += tree[r]; r -= r & -r }
                total += inserted - atMost
            }
            for k in i..<j {
                var r = rank[byTop[k]]
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

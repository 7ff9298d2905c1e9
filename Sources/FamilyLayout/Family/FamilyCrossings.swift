/// Counts pairs of parent→child lines that cross: two lines from different hang points
/// between the same two rows cross when their tops and bottoms are in opposite orders.
/// This is the measure the ordering phase minimises (the drawn orthogonal connectors cross
/// in the same places, give or take lines that only touch).
enum FamilyCrossings {
    /// - Complexity: O(e log e) for e lines (a Fenwick tree over each gap's line bottoms).
    static func count(units: FamilyUnits, placement: FamilyPlacement, order: FamilyOrder, boxX: [Double]) -> Int {
        // Each gap (a part's row and the row under it) numbered densely in order of first
        // sight; its lines gathered in `FlatLists`, gap after gap (counted, then placed),
        // instead of an array per gap in a dictionary.
        var gapNumber: [GapKey: Int] = [:]
        var gapOfUnion: [Int32] = []  // by (unit, placement with children), in the order below
        var linesInGap: [Int] = []
        var lastKey: GapKey?, lastGap = 0
        for u in units.units.indices {
            let key = GapKey(part: units.units[u].part, row: units.units[u].row)
            for k in units.units[u].unions.indices where !units.units[u].unions[k].childBoxes.isEmpty {
                if key != lastKey {
                    lastGap = gapNumber[key] ?? {
                        gapNumber[key] = linesInGap.count
                        linesInGap.append(0)
                        return linesInGap.count - 1
                    }()
                    lastKey = key
                }
                gapOfUnion.append(Int32(lastGap))
                linesInGap[lastGap] += units.units[u].unions[k].childBoxes.count
            }
        }
        var lines = FlatLists<(top: Double, bottom: Double)>(counts: linesInGap, repeating: (0, 0))
        var filled = [Int](repeating: 0, count: linesInGap.count)
        var family = 0
        for u in units.units.indices {
            for k in units.units[u].unions.indices where !units.units[u].unions[k].childBoxes.isEmpty {
                let top = placement.hangX(of: units.units[u].unions[k].union, order: order, boxX: boxX)
                let g = Int(gapOfUnion[family])
                family += 1
                for child in units.units[u].unions[k].childBoxes {
                    lines[g, filled[g]] = (top, boxX[child])
                    filled[g] += 1
                }
            }
        }
        var total = 0
        for g in linesInGap.indices { total += inversions(lines[g]) }
        return total
    }

    /// Pairs with top_i < top_j and bottom_i > bottom_j.
    static func inversions<Lines: RandomAccessCollection>(_ lines: Lines) -> Int
        where Lines.Element == (top: Double, bottom: Double), Lines.Index == Int {
        guard lines.count > 1 else { return 0 }
        let base = lines.startIndex
        // Lines by top, then bottom: where the bottoms then never fall (as in most gaps of a
        // chart), no pair crosses, and there is nothing more to count.
        let byTop = lines.indices.sorted { (lines[$0].top, lines[$0].bottom) < (lines[$1].top, lines[$1].bottom) }
        if zip(byTop, byTop.dropFirst()).allSatisfy({ lines[$0].bottom <= lines[$1].bottom }) { return 0 }
        // Rank the bottoms (equal bottoms share a rank), then sweep the tops with a Fenwick tree.
        let byBottom = lines.indices.sorted { lines[$0].bottom < lines[$1].bottom }
        var rank = [Int](repeating: 0, count: lines.count)
        var current = 0
        for (k, i) in byBottom.enumerated() {
            if k == 0 || lines[i].bottom != lines[byBottom[k - 1]].bottom { current += 1 }
            rank[i - base] = current
        }
        var tree = [Int](repeating: 0, count: current + 1)
        var total = 0, inserted = 0, i = 0
        while i < byTop.count {
            var j = i
            while j < byTop.count && lines[byTop[j]].top == lines[byTop[i]].top { j += 1 }
            for k in i..<j {  // lines already inserted with a larger bottom
                var r = rank[byTop[k] - base], atMost = 0
                while r > 0 { atMost += tree[r]; r -= r & -r }
                total += inserted - atMost
            }
            for k in i..<j {
                var r = rank[byTop[k] - base]
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

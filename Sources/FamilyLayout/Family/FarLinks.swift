/// Chooses the cross links (lines from a second family to a couple that hangs from the
/// first) that would read worse as lines than as reference boxes: those that cross more
/// than `maximumCrossings` other lines on their way, or run further than `maximumSpans`
/// box spans. Crossings are estimated in the placed chart: the drops of other unions'
/// lines between the link's two ends, in its gap.
struct FarLinks {
    var maximumCrossings: Int
    var maximumSpans: Double

    /// - Complexity: O(e log e) for e lines.
    func select(_ pass: FamilyChart.Pass) -> Set<ChildLinkKey> {
        let units = pass.units
        // A chart without cross links (a tree and its in-laws) has nothing to choose.
        guard !pass.forest.crossLinks.isEmpty else { return [] }
        var hasCrossLink = [Bool](repeating: false, count: units.unitOfUnion.count)
        for link in pass.forest.crossLinks { hasCrossLink[link.union] = true }
        // Every drop (hang points and children) in each gap, with its union, sorted by x;
        // and each child box's place in each of its unions' lists of children (a box may
        // hang from one family and have lines from others), for the unions with cross links.
        var drops: [GapKey: [(x: Double, union: Int)]] = [:]
        var childIndex: [UnionChild: Int] = [:]
        for u in units.units.indices {  // by index: a loop over the units copies each, with its arrays
            let key = GapKey(part: units.units[u].part, row: units.units[u].row)
            for p in units.units[u].unions where !p.childBoxes.isEmpty {
                drops[key, default: []].append((hang(p.union, pass), p.union))
                for child in p.childBoxes { drops[key, default: []].append((pass.boxX[child], p.union)) }
                guard hasCrossLink[p.union] else { continue }
                for (index, child) in p.childBoxes.enumerated() { childIndex[UnionChild(union: p.union, box: child)] = index }
            }
        }
        for key in Array(drops.keys) { drops[key]!.sort { $0.x < $1.x } }
        var far = Set<ChildLinkKey>()
        for link in pass.forest.crossLinks {
            let unit = units.units[units.unitOfUnion[link.union]]
            let (a, b) = (hang(link.union, pass), pass.boxX[link.box])
            let (low, high) = (min(a, b), max(a, b))
            let span = pass.placement.span(row: unit.row + 1)
            var crossing = 0
            if let list = drops[GapKey(part: unit.part, row: unit.row)] {
                var i = firstIndex(in: list, above: low)
                while i < list.count, list[i].x < high - 1e-6, crossing <= maximumCrossings {
                    if list[i].union != link.union { crossing += 1 }
                    i += 1
                }
            }
            if crossing > maximumCrossings || high - low > maximumSpans * span {
                far.insert(ChildLinkKey(union: link.union, index: childIndex[UnionChild(union: link.union, box: link.box)]!))
            }
        }
        return far
    }

    private func hang(_ union: Int, _ pass: FamilyChart.Pass) -> Double {
        pass.placement.hangX(of: union, order: pass.order, boxX: pass.boxX)
    }

    private func firstIndex(in list: [(x: Double, union: Int)], above bound: Double) -> Int {
        list.partitionPoint { $0.x <= bound + 1e-6 }
    }
}

/// A child box under one of its unions.
private struct UnionChild: Hashable {
    let union: Int, box: Int
}

/// A last touch on the placed family chart: a couple nobody hangs from and none of whose
/// children hang from them in the tree (the parents of someone who married in, with no
/// other child drawn) is placed by the tidy engine merely beside its neighbours. Nothing
/// centres on it, so it slides along its row, between its neighbours' minimum gaps and
/// within its part's width (the width limit has been met already), to stand over the
/// children its lines go to.
///
/// - Complexity: O(u log u) for u units (a sort per row).
struct FreeUnitSlide {
    let pass: FamilyChart.Pass
    let style: LayoutStyle
    /// Leaf stacks (`--compact`): a free unit keeps clear of their columns in the rows below their tops.
    var stacks: [LeafStackPlan] = []

    /// `boxX` with the free units moved.
    func apply(to boxX: [Double]) -> [Double] {
        let units = pass.units, forest = pass.forest, order = pass.order
        var x = boxX
        // Units free to move: roots (no up-link) with no tree children and no grafts.
        var free = [Bool](repeating: false, count: units.units.count)
        var targets = [(low: Double, high: Double)?](repeating: nil, count: units.units.count)
        for u in units.units.indices where units.units[u].upLinks.isEmpty && forest.treeUnion[u] < 0 {
            guard !order.hasChildUnits(u), order.graftsBefore[u].isEmpty, order.graftsAfter[u].isEmpty else { continue }
            free[u] = true
        }
        for link in forest.crossLinks {
            let parent = units.unitOfUnion[link.union]
            guard free[parent] else { continue }
            let childX = x[link.box]
            targets[parent] = targets[parent].map { (min($0.low, childX), max($0.high, childX)) } ?? (childX, childX)
        }
        // Each row's units left to right, with their extents.
        guard targets.contains(where: { $0 != nil }) else { return x }
        var rows: [GapKey: [Int]] = [:]
        var partExtent = [(low: Double, high: Double)](repeating: (.infinity, -.infinity),
                                                       count: (units.units.map(\.part).max() ?? -1) + 1)
        for (u, unit) in units.units.enumerated() {
            rows[GapKey(part: unit.part, row: unit.row), default: []].append(u)
            let half = pass.placement.boxWidth(row: unit.row) / 2
            for box in unit.boxes {
                partExtent[unit.part].low = min(partExtent[unit.part].low, x[box] - half)
                partExtent[unit.part].high = max(partExtent[unit.part].high, x[box] + half)
            }
        }
        var columns: [GapKey: [(low: Double, high: Double)]] = [:]
        for plan in stacks where plan.extraRows > 0 {
            let top = units.units[plan.units[0]], half = pass.placement.boxWidth(row: plan.row) / 2, centre = x[top.boxes[0]]
            for row in (plan.row + 1)...(plan.row + plan.extraRows) {
                columns[GapKey(part: top.part, row: row), default: []].append((centre - half - LeafStacks.spineInset, centre + half))
            }
        }
        for (key, members) in rows where members.contains(where: { free[$0] && targets[$0] != nil }) {
            let half = pass.placement.boxWidth(row: units.units[members[0]].row) / 2
            func extent(_ u: Int) -> (low: Double, high: Double) {
                let boxes = units.units[u].boxes.map { x[$0] }
                return (boxes.min()! - half, boxes.max()! + half)
            }
            let sorted = members.sorted { extent($0).low < extent($1).low }
            for (k, u) in sorted.enumerated() {
                guard free[u], let target = targets[u] else { continue }
                let hang = units.units[u].unions.first.map {
                    pass.placement.hangX(of: $0.union, order: order, boxX: x)
                } ?? x[units.units[u].boxes[0]]
                let own = extent(u)
                let part = partExtent[units.units[u].part]
                var least = k > 0 ? min(0, extent(sorted[k - 1]).high + style.cousinGap - own.low) : min(0, part.low - own.low)
                var most = k + 1 < sorted.count ? max(0, extent(sorted[k + 1]).low - style.cousinGap - own.high) : max(0, part.high - own.high)
                for column in columns[key] ?? [] {
                    if column.high <= own.low { least = max(least, min(0, column.high + style.cousinGap - own.low)) }
                    if column.low >= own.high { most = min(most, max(0, column.low - style.cousinGap - own.high)) }
                }
                let shift = min(max((target.low + target.high) / 2 - hang, least), most)
                guard shift.isFinite, abs(shift) > 1e-9 else { continue }
                for box in units.units[u].boxes { x[box] += shift }
            }
        }
        return x
    }
}

/// A leaf stack planned for `--compact`: leaves of one family (see `LeafStacks`), top first.
struct LeafStackPlan: Equatable {
    var union: Int
    /// The leaves' units (one box each), top first: consecutive children in birth order.
    var units: [Int]
    /// The row of the top leaf (the family's children's row).
    var row: Int
    /// How many rows below `row` the stack reaches into (`LeafStacks.extraRows`).
    var extraRows: Int
}

/// `--compact`: spend paper as a printer would. Childless siblings without partners
/// (*leaves*) who stand next to each other in birth order under their parents' line may
/// stand one under another instead, in a column hung from an upright *spine* just left of
/// them (yFiles' stacked leaf placement, d3-org-chart's compact leaves): the row gets
/// narrower by all but one of their boxes, and the column takes room in the rows below.
///
/// A stack is planned only where that room is free at the compacted placement: no box of
/// the rows it reaches into, no line in the gaps it passes through, and no earlier stack
/// stands in its column (so every unit below stays on its side of the stack, and every
/// line keeps clear of it). `SpanCompaction.narrowest(part:boxX:stacks:)` then moves the
/// stack's boxes as one column and keeps the units of those rows beside it, and the part
/// is squeezed again. The stacks are chosen per part: stacks of at most 2, 3, 4, 6 or 9
/// leaves (a longer run of leaves becomes several stacks side by side, in birth order), or
/// none, whichever gives the part the least area (its width times its rows; with
/// `exactHeights`, times its height as drawn, each cap also tried without stacks below the
/// part's last row).
///
/// A stacked box's pitch (`boxHeight + gap`) is less than the rows' (box and row gap), so
/// below the first no stacked box stands level with the next generation's row.
/// - Complexity: O(c (n log n + s)) for n units, s stacks and c caps tried.
struct LeafStacks {
    let pass: FamilyChart.Pass
    let boxHeight: Double
    /// The rows' pitch as drawn (box and the drawing style's row gap).
    let rowPitch: Double
    /// Whether a part's area is reckoned with its height as drawn: its last row's bottom or
    /// its lowest stacked box's, whichever is lower (not a whole row for each row a stack
    /// reaches below the part), and each cap is tried also with no stack reaching below the
    /// part's last row. A strip of many boxes and few rows (IvarKingOfDublin.ged: 15 rows,
    /// 37,766 pt wide) pays for a stack below its last row across its whole width: there it
    /// is 3,700,000 pt² smaller without (6 December). Tracks are not counted either way.
    var exactHeights = false

    /// Space between the boxes of a stack.
    static let gap = 12.0
    /// How far the spine stands left of the stack's boxes.
    static let spineInset = 7.0
    /// The most leaves a stack holds, tried in turn.
    static let caps = [2, 3, 4, 6, 9]

    /// Rows below the top leaf's that a stack of `leaves` reaches into.
    static func extraRows(leaves: Int, boxHeight: Double, rowPitch: Double) -> Int {
        leaves <= 1 ? 0 : Int((offset(of: leaves - 1, boxHeight: boxHeight) / rowPitch - 1e-9).rounded(.up))
    }

    /// How far below a stack's top box its box `index` stands (0 for the top).
    static func offset(of index: Int, boxHeight: Double) -> Double { Double(index) * (boxHeight + gap) }

    /// A run of leaves: one family's children standing next to each other in their row.
    struct Run {
        var union: Int
        var units: [Int]
        var row: Int
    }

    /// Every run of two or more leaves, by part, in the order of the family's children as
    /// placed at `boxX` (birth order: compaction keeps it).
    func runs(boxX: [Double], partCount: Int) -> [[Run]] {
        let units = pass.units, forest = pass.forest
        // Each unit's place in its row, left to right.
        var rows: [[Int]: [Int]] = [:]
        for (u, unit) in units.units.enumerated() { rows[[unit.part, unit.row], default: []].append(u) }
        var place = [Int](repeating: 0, count: units.units.count)
        for list in rows.values {
            for (k, u) in list.sorted(by: { (boxX[units.units[$0].boxes[0]], $0) < (boxX[units.units[$1].boxes[0]], $1) }).enumerated() {
                place[u] = k
            }
        }
        var found = [[Run]](repeating: [], count: partCount)
        for unit in units.units {
            for p in unit.unions where p.childBoxes.count > 1 {
                var run: [Int] = []
                func close() {
                    if run.count > 1 { found[unit.part].append(Run(union: p.union, units: run, row: unit.row + 1)) }
                    run.removeAll()
                }
                for child in p.childBoxes.sorted(by: { boxX[$0] < boxX[$1] }) {
                    let v = units.boxes[child].unit
                    let leaf = units.units[v].boxes.count == 1 && units.units[v].unions.isEmpty && units.units[v].upLinks.count == 1
                        && forest.treeUnion[v] == p.union && forest.anchorBox[v] == child
                    guard leaf else { close(); continue }
                    if let last = run.last, place[last] + 1 != place[v] { close() }
                    run.append(v)
                }
                close()
            }
        }
        return found
    }

    /// The stacks of at most `cap` leaves that fit below their columns at `boxX`: each run
    /// is cut, left to right, into stacks of even size (a stack shorter where the room
    /// below its column ends; a leaf left alone stays in its row).
    /// - Parameter lastRow: with `lowest`, the part's last row: a stack that would reach
    ///   below it holds at most `lowest` leaves (1: none stands below the part).
    func plans(_ runs: [Run], members: [Int], cap: Int, boxX: [Double], lastRow: Int = .max, lowest: Int = .max) -> [LeafStackPlan] {
        var room = Room(pass: pass, members: members, boxX: boxX)
        var plans: [LeafStackPlan] = []
        for run in runs.sorted(by: { ($0.row, boxX[pass.units.units[$0.units[0]].boxes[0]]) < ($1.row, boxX[pass.units.units[$1.units[0]].boxes[0]]) }) {
            let pieces = (run.units.count + cap - 1) / cap
            let size = (run.units.count + pieces - 1) / pieces
            var start = 0
            while start < run.units.count {
                var count = min(size, run.units.count - start)
                let top = run.units[start]
                let centre = boxX[pass.units.units[top].boxes[0]], half = pass.placement.boxWidth(row: run.row) / 2
                let column = (low: centre - half - Self.spineInset, high: centre + half)
                while count > 1, !room.isFree(column, below: run.row, rows: extraRows(count))
                    || (count > lowest && run.row + extraRows(count) > lastRow) { count -= 1 }
                if count > 1 {
                    let plan = LeafStackPlan(union: run.union, units: Array(run.units[start..<(start + count)]), row: run.row,
                                             extraRows: extraRows(count))
                    room.take(column, below: run.row, rows: plan.extraRows)
                    plans.append(plan)
                }
                start += count
            }
        }
        return plans
    }

    private func extraRows(_ leaves: Int) -> Int { Self.extraRows(leaves: leaves, boxHeight: boxHeight, rowPitch: rowPitch) }

    /// `--compact`'s stacks: for each part with runs of leaves, the cap whose stacks give
    /// the part the least area once squeezed again, or none. Returns the box centres moved
    /// and the stacks.
    func apply(to boxX: [Double], compaction: SpanCompaction) -> (boxX: [Double], stacks: [LeafStackPlan]) {
        let units = pass.units
        let partCount = (units.units.map(\.part).max() ?? -1) + 1
        let runs = runs(boxX: boxX, partCount: partCount)
        var parts = [[Int]](repeating: [], count: partCount)
        for u in units.units.indices where !runs[units.units[u].part].isEmpty { parts[units.units[u].part].append(u) }
        var x = boxX
        var stacks: [LeafStackPlan] = []
        for part in parts.indices where !runs[part].isEmpty {
            let members = parts[part]
            let rows = (members.map { units.units[$0].row }.max() ?? 0) + 1
            /// The part's height: its rows and the rows its stacks reach below them, or with
            /// `exactHeights` as drawn (tracks left out).
            func height(_ plans: [LeafStackPlan]) -> Double {
                guard exactHeights else { return Double(max(rows, plans.map { $0.row + $0.extraRows + 1 }.max() ?? 0)) * rowPitch }
                var bottom = Double(rows - 1) * rowPitch + boxHeight
                for plan in plans {
                    bottom = max(bottom, Double(plan.row) * rowPitch + Self.offset(of: plan.units.count - 1, boxHeight: boxHeight) + boxHeight)
                }
                return bottom
            }
            var best = (area: width(members, boxX) * height([]), shifts: [Double](), plans: [LeafStackPlan]())
            // Stacks planned alike under another cap (no run longer than the smaller one) are
            // not squeezed again: the part would come out the same.
            var tried: [[LeafStackPlan]] = []
            for cap in Self.caps {
                for lowest in exactHeights ? [1, Int.max] : [Int.max] {
                    let plans = plans(runs[part], members: members, cap: cap, boxX: boxX, lastRow: rows - 1, lowest: lowest)
                    guard !plans.isEmpty, !tried.contains(plans) else { continue }
                    tried.append(plans)
                    guard let solved = compaction.narrowest(part: members, boxX: boxX, stacks: plans) else { continue }
                    let candidate = solved.width * height(plans)
                    if candidate < best.area * (1 - 1e-9) { best = (candidate, solved.shifts, plans) }
                }
            }
            guard !best.plans.isEmpty else { continue }
            for (k, u) in members.enumerated() where best.shifts[k] != 0 {
                for box in units.units[u].boxes { x[box] += best.shifts[k] }
            }
            stacks += best.plans
        }
        return (x, stacks)
    }

    /// The width the members take at `boxX`.
    private func width(_ members: [Int], _ boxX: [Double]) -> Double {
        var low = Double.infinity, high = -Double.infinity
        for u in members {
            let half = pass.placement.boxWidth(row: pass.units.units[u].row) / 2
            for box in pass.units.units[u].boxes { low = min(low, boxX[box] - half); high = max(high, boxX[box] + half) }
        }
        return high - low
    }
}

/// What stands in a part's rows and gaps at a placement, to find a free column below a row.
private struct Room {
    /// Per row, the units' extents, sorted (they do not overlap).
    private var boxes: [Int: [(low: Double, high: Double)]] = [:]
    /// Per gap (by the row above it), the lines' extents sorted by their left end, with the
    /// greatest right end so far.
    private var lines: [Int: [(low: Double, high: Double, reach: Double)]] = [:]
    /// Columns taken by stacks planned already, per row.
    private var taken: [Int: [(low: Double, high: Double)]] = [:]

    init(pass: FamilyChart.Pass, members: [Int], boxX: [Double]) {
        let units = pass.units
        var lineList: [Int: [(low: Double, high: Double)]] = [:]
        for u in members {
            let unit = units.units[u]
            let half = pass.placement.boxWidth(row: unit.row) / 2
            let xs = unit.boxes.map { boxX[$0] }
            boxes[unit.row, default: []].append((xs.min()! - half, xs.max()! + half))
            for p in unit.unions where !p.childBoxes.isEmpty {
                let hang = pass.placement.hangX(of: p.union, order: pass.order, boxX: boxX)
                let drops = p.childBoxes.map { boxX[$0] }, childHalf = pass.placement.boxWidth(row: unit.row + 1) / 2
                // A stacked child's line comes down its spine, left of the child's box.
                lineList[unit.row, default: []].append((min(hang, drops.min()! - childHalf - LeafStacks.spineInset),
                                                        max(hang, drops.max()! + childHalf)))
            }
        }
        for (row, list) in boxes { boxes[row] = list.sorted { $0.low < $1.low } }
        for (row, list) in lineList {
            var reach = -Double.infinity
            lines[row] = list.sorted { $0.low < $1.low }.map { line in
                reach = max(reach, line.high)
                return (line.low, line.high, reach)
            }
        }
    }

    /// Whether nothing stands in `column` in the `rows` rows below `row`, nor in the gaps
    /// from `row`'s down to the last of them.
    func isFree(_ column: (low: Double, high: Double), below row: Int, rows: Int) -> Bool {
        guard rows > 0 else { return true }
        for r in (row + 1)...(row + rows) {
            if let list = boxes[r] {
                // The first extent ending right of the column's left edge must start right of its right edge.
                var low = 0, high = list.count
                while low < high {
                    let mid = (low + high) / 2
                    if list[mid].high <= column.low { low = mid + 1 } else { high = mid }
                }
                if low < list.count && list[low].low < column.high { return false }
            }
            if let list = taken[r], list.contains(where: { $0.low < column.high && column.low < $0.high }) { return false }
        }
        for gap in row..<(row + rows) {
            guard let list = lines[gap] else { continue }
            // The lines starting left of the column's right edge: does any reach into it?
            var low = 0, high = list.count
            while low < high {
                let mid = (low + high) / 2
                if list[mid].low < column.high { low = mid + 1 } else { high = mid }
            }
            if low > 0 && list[low - 1].reach > column.low { return false }
        }
        return true
    }

    /// Marks `column` taken in the `rows` rows below `row`.
    mutating func take(_ column: (low: Double, high: Double), below row: Int, rows: Int) {
        guard rows > 0 else { return }
        for r in (row + 1)...(row + rows) { taken[r, default: []].append(column) }
    }
}

/// After routing, in family and descendant charts: a couple's children hang from the middle
/// of the bar between them, a single parent's from the middle of their box's bottom edge;
/// where another family's line runs down within a few points of that drop, a reader cannot
/// tell which family a child hangs from. The hang point may stand anywhere on the bar's
/// horizontal piece in the gap (or on the middle third of the single parent's bottom edge),
/// so it moves along it, as little as it must, until no other family's upright line is
/// nearer than `minimum`; the drop to its track moves with it, and so does the descent of
/// an arching bar from its lane (checked clear too; it may stand anywhere in the gap it
/// comes down in, and moves also when the couple has no children drawn). A hang point
/// with no clear place keeps its place (the scene metrics report it).
struct HangNudging {
    /// Least distance between the centre lines of two families' upright lines.
    let minimum: Double
    /// Upright lines one above the other nearer than this read as one (the row gap).
    let reach: Double
    /// Space kept between a moved hang point and the end of its bar piece.
    static let endMargin = 3.0

    /// - Complexity: O(b log u + u) for b bars and u upright pieces near them.
    /// - Parameter families: the scene's line families, when the caller has them already.
    func apply(to scene: inout Scene, families known: LineFamilies? = nil) {
        let families = known ?? LineFamilies(of: scene)
        var uprights = UprightLines(scene: scene, families: families, minimum: minimum, reach: reach)
        // Connectors by their parents, to move their first piece with the hang point (one flat
        // list: an array per family cost a third of this pass at 100,000 persons).
        let familyOf = families.ofConnector
        let connectorsOf = FlatLists(grouping: familyOf.indices, into: families.count, list: { familyOf[$0] }, element: { $0 })
        // Each family's hang point and the piece it may move along: a couple's bar piece in
        // the gap, or the middle third of a single parent's bottom edge. (Each hang moves
        // only its own family's lines; a moved drop joins the uprights in its new place and
        // leaves its old one, so that a later hang keeps clear of where it stands now.)
        var hangs: [(family: Int, x: Double, window: (low: Double, high: Double), bar: Int?)] = []
        var edges: RowEdges?  // built when an arching bar's descent must move
        for b in scene.coupleBars.indices {
            if let window = piece(of: scene.coupleBars[b].points, hang: scene.coupleBars[b].hang) {
                hangs.append((families.ofBar[b], scene.coupleBars[b].hang.x, window, b))
            }
        }
        for family in 0..<connectorsOf.count where families.parentCount(family) == 1 {
            guard let first = connectorsOf[family].first else { continue }
            let parent = scene.persons[families.firstBox(family)]
            guard let start = scene.connectors[first].points.first, abs(start.x - parent.centerX) < 1e-9 else { continue }
            hangs.append((family, parent.centerX, (parent.centerX - parent.width / 6, parent.centerX + parent.width / 6), nil))
        }
        for (family, x, window, bar) in hangs {
            let mine = connectorsOf[family]
            var dropLow: Double, dropHigh: Double
            if let c = mine.first {
                // The drop from the hang point down to the track (or to a child straight below).
                let first = scene.connectors[c].points
                guard first.count >= 4, abs(first[1].x - first[0].x) < 1e-9 else { continue }
                (dropLow, dropHigh) = (first[0].y, first[1].y)
                // A run that steps between tracks (`SteppedRuns`) comes down to the lower of
                // the tracks it takes either side of the hang point.
                // (Read in place, point by point: a copy of each list would retain it.)
                for other in mine.dropFirst() where scene.connectors[other].points.count >= 4
                    && abs(scene.connectors[other].points[1].x - scene.connectors[other].points[0].x) < 1e-9 {
                    dropHigh = max(dropHigh, scene.connectors[other].points[1].y)
                }
            } else {
                // A couple without children drawn: only an arching bar's descent stands upright.
                guard let bar else { continue }
                (dropLow, dropHigh) = (scene.coupleBars[bar].hang.y, scene.coupleBars[bar].hang.y)
            }
            // The bar's points between its ends that stand at the hang point (an arching bar's
            // descent from its lane, and the hang point itself) move with it, and the descent
            // must be clear too.
            var descent: [Int] = []
            if let bar {
                let points = scene.coupleBars[bar].points
                descent = points.indices.dropFirst().dropLast().filter { abs(points[$0].x - x) < 1e-9 }
                for k in descent { dropLow = min(dropLow, points[k].y) }
            }
            guard !mine.isEmpty || !descent.isEmpty, !uprights.isClear(x, family: family, low: dropLow, high: dropHigh) else { continue }
            let margin = bar == nil ? 0 : Self.endMargin
            var window = window
            if let bar, !descent.isEmpty {
                // An arching bar comes down in the gap beside the partner: its descent may
                // stand anywhere in that gap, also on the far side of where it comes down.
                if edges == nil { edges = RowEdges(scene.persons) }
                let row = scene.persons[scene.coupleBars[bar].boxes[0]].y  // the partners' row
                window = edges!.gap(around: x, row: row, within: window)
            }
            let chosen = uprights.nearestClear(to: x, family: family, low: dropLow, high: dropHigh,
                                               between: window.low + margin, and: window.high - margin)
            guard let moved = chosen else { continue }
            if let bar {
                scene.coupleBars[bar].hang.x = moved
                for k in descent { scene.coupleBars[bar].points[k].x = moved }
            }
            for c in mine {
                // Its count, not its points, kept: a copy held while a point moves would copy the list.
                let count = scene.connectors[c].points.count
                if count == 2 {
                    // A child straight under the old hang point: its line now comes across
                    // on the family's own track, within its own run.
                    let (top, child) = (scene.connectors[c].points[0], scene.connectors[c].points[1])
                    scene.connectors[c].points = [Point(moved, top.y), Point(moved, dropHigh), Point(child.x, dropHigh), child]
                    continue
                }
                scene.connectors[c].points[0].x = moved
                if count >= 4 { scene.connectors[c].points[1].x = moved }
            }
            uprights.retire(family: family, x: x, low: dropLow, high: dropHigh)
            uprights.add(UprightLines.Piece(x: moved, low: dropLow, high: dropHigh, family: family))
        }
    }

    /// The horizontal piece of a bar (its `points`; the bar itself is not copied, with its
    /// lists) that its hang point stands on, as an x range.
    private func piece(of points: [Point], hang: Point) -> (low: Double, high: Double)? {
        for (p, q) in zip(points, points.dropFirst()) where abs(p.y - q.y) < 1e-9 && abs(p.y - hang.y) < 1e-9 {
            let (low, high) = (min(p.x, q.x), max(p.x, q.x))
            if hang.x >= low - 1e-9 && hang.x <= high + 1e-9 { return (low, high) }
        }
        return nil
    }
}

/// The boxes of each row (boxes standing at one y), left to right, to find the gap a line
/// comes down in.
private struct RowEdges {
    private var rows: [Double: [(low: Double, high: Double)]] = [:]

    init(_ boxes: [PersonBox]) {
        for box in boxes { rows[box.y, default: []].append((box.x, box.maxX)) }
        for y in rows.keys { rows[y]!.sort { $0.low < $1.low } }
    }

    /// The gap between the boxes of row `row` (their top) that `x` stands in, widened from
    /// `within` (a piece of the gap that holds `x`); `within` where no box of the row is found.
    func gap(around x: Double, row: Double, within: (low: Double, high: Double)) -> (low: Double, high: Double) {
        guard let boxes = rows[row] else { return within }
        // The first box that starts right of x; the one before it ends left of x, or x is in it.
        let lo = boxes.partitionPoint { $0.low <= x }
        let left = lo > 0 ? boxes[lo - 1].high : -Double.infinity, right = lo < boxes.count ? boxes[lo].low : Double.infinity
        guard left <= x, right >= x else { return within }
        return (min(within.low, max(left, within.low - Self.reach)), max(within.high, min(right, within.high + Self.reach)))
    }

    /// How far past its piece a descent may move at most (a gap between parts is wide).
    static let reach = 24.0
}

/// `--compact`: a run's pieces may step to another track (a dogleg), so that a gap needs as
/// many tracks as runs really overlap there, not as many as a chain of runs that each
/// overlap the next.
///
/// `ConnectorRouting` gives each run one track. Where run A must go above B and B above C
/// (each pair overlaps and that order crosses less), C lands two tracks under A even when
/// A and C are far apart: a staircase of runs can make a gap many tracks deep although
/// only two or three lines run side by side at any x. Here each run is cut into *pieces*
/// where it comes down itself (its parents' line, each child's drop) and halfway between
/// two places where another family's line comes down, and two pieces of different runs
/// are kept apart only where they overlap (or come within `ConnectorRouting.clearance`), in
/// the order their runs' tracks give. So B's left piece stays under A and B's right piece
/// may rise over C to A's track.
///
/// Every pair of overlapping pieces keeps its runs' order, so the lines cross exactly as
/// often as with whole runs: wherever a run comes down or steps, every other family's
/// piece passing that x is above both pieces that meet there or below both, as whole runs
/// would be. A step keeps a clearance from every other family's upright line and from
/// every other run's step, so it never seems to join another family's line.
///
/// - Complexity: O(p log p + q) for p pieces and q overlapping pairs of pieces; a gap with
///   more than `ConnectorRouting.pairBudget` pairs (or points near other runs, or drops
///   times steps to draw) keeps its runs whole.
enum SteppedRuns {
    /// One run's points left to right and the track of each piece between two of them
    /// (`tracks.count == xs.count - 1`); a run that needs no track has none.
    struct Shape: Equatable, Sendable {
        let xs: [Double]
        let tracks: [Int]
        /// Where the run steps: each `k` whose piece's track differs from the one before.
        let steps: [Int]

        init(xs: [Double], tracks: [Int]) {
            self.xs = xs
            self.tracks = tracks
            steps = tracks.indices.dropFirst().filter { tracks[$0] != tracks[$0 - 1] }
        }

        /// The points of a line along this run from `from` (its top) to `to` (a drop), one
        /// corner pair at each step between them, starting at the first piece's track:
        /// `y(track)` gives each track's height. O(log n) plus the steps passed.
        func path(from: Double, to: Double, y: (Int) -> Double) -> [Point] {
            guard let start = index(of: from), let end = index(of: to), start != end else { return [] }
            let (low, high) = (min(start, end), max(start, end))
            // The steps strictly between the two points, in the line's direction.
            var between = Array(steps[firstStep(above: low)..<firstStep(above: high - 1)])
            if end < start { between.reverse() }
            var points = [Point(xs[start], y(tracks[start < end ? start : start - 1]))]
            for k in between {
                let (before, after) = start < end ? (tracks[k - 1], tracks[k]) : (tracks[k], tracks[k - 1])
                points.append(Point(xs[k], y(before)))
                points.append(Point(xs[k], y(after)))
            }
            points.append(Point(xs[end], y(tracks[start < end ? end - 1 : end])))
            return points
        }

        /// Whether all pieces share one track.
        var isStraight: Bool { steps.isEmpty }

        /// The index of `x` among `xs` (within a millionth of a point), by bisection.
        private func index(of x: Double) -> Int? {
            let k = xs.partitionPoint { $0 < x - 1e-6 }
            return k < xs.count && abs(xs[k] - x) < 1e-6 ? k : nil
        }

        /// The first place in `steps` whose step lies after point `k`.
        private func firstStep(above k: Int) -> Int { steps.partitionPoint { $0 <= k } }
    }

    /// The pieces' tracks of every run in one gap, given the runs' own tracks from
    /// `ConnectorRouting.tracks(for:)`, and how many tracks the gap then needs (never more
    /// than `count`).
    /// - Parameter blocked: stretches of x where no run may step (their ends a clearance
    ///   wide already): above the next row's couple bars and the boxes their arches rise
    ///   from, where an upright step would seem to run on into them.
    static func shapes(for runs: [ConnectorRouting.Run], track: [Int], count: Int,
                       blocked: [(low: Double, high: Double)] = []) -> (shapes: [Shape], count: Int) {
        let clearance = ConnectorRouting.clearance
        // The points (tops and drops) of the other runs each run overlaps: a run never steps
        // within a clearance of another family's upright line.
        var others = [[Double]](repeating: [], count: runs.count)
        let byLow = runs.indices.filter { runs[$0].needsTrack }.sorted { (runs[$0].low, $0) < (runs[$1].low, $1) }
        var open: [Int] = []
        var nearPoints = 0
        for r in byLow {
            open.removeAll { runs[$0].high + clearance < runs[r].low }
            for a in open {
                others[a] += runs[r].drops
                others[a].append(runs[r].top)
                others[r] += runs[a].drops
                others[r].append(runs[a].top)
                nearPoints += runs[a].drops.count + runs[r].drops.count + 2
            }
            if nearPoints > ConnectorRouting.pairBudget { return (wholeShapes(runs, track: track), count) }
            open.append(r)
        }
        // Each run's pieces: it may step where it comes down itself, and halfway between two
        // places where another run comes down (so its neighbours change there, and it stands
        // as far from both as it can). `bounds[r]` are the ends of the pieces, left to right.
        var pointsOf = [[Double]](repeating: [], count: runs.count)  // each run's points and steps, left to right
        var bounds = [[Double]](repeating: [], count: runs.count)
        // Where the runs placed so far may step between their points, by cell of x a
        // clearance wide: two runs never step within a clearance of each other.
        var stepsInCell: [Int: [Double]] = [:]
        func cell(_ x: Double) -> Int { Int((x / clearance).rounded(.down)) }
        func isFree(_ x: Double) -> Bool {
            for k in (cell(x) - 1)...(cell(x) + 1) { for other in stepsInCell[k] ?? [] where abs(other - x) < clearance { return false } }
            return true
        }
        /// The place nearest the middle of `low...high` (strictly inside) that no other
        /// run's step comes near, if any.
        func stepBetween(_ low: Double, _ high: Double) -> Double? {
            let middle = (low + high) / 2
            var offset = 0.0
            while middle + offset < high || middle - offset > low {
                for x in [middle + offset, middle - offset] where x > low && x < high && isFree(x) { return x }
                offset += clearance
            }
            return nil
        }
        // The blocked stretches by their left ends, to find those over a run by bisection.
        let blockedByLow = blocked.sorted { $0.low < $1.low }
        let widestBlocked = blocked.map { $0.high - $0.low }.max() ?? 0
        for r in byLow {
            let run = runs[r]
            var near = others[r].map { (low: $0 - clearance, high: $0 + clearance) }
            var b = blockedByLow.partitionPoint { $0.low < run.low - widestBlocked }
            while b < blockedByLow.count && blockedByLow[b].low < run.high {
                if blockedByLow[b].high > run.low { near.append(blockedByLow[b]) }
                b += 1
            }
            near.sort { $0.low < $1.low }
            var zones: [(low: Double, high: Double)] = []
            for zone in near where zone.high > run.low && zone.low < run.high {
                if let last = zones.last, zone.low <= last.high { zones[zones.count - 1].high = max(last.high, zone.high) }
                else { zones.append(zone) }
            }
            let own = Self.unique((run.drops + [run.top]).sorted())
            // Its own points outside every zone (both lists sorted: one walk).
            var steps: [Double] = []
            var z = 0
            for x in own where x > run.low && x < run.high {
                while z < zones.count && zones[z].high < x { z += 1 }
                if z == zones.count || x < zones[z].low { steps.append(x) }
            }
            var free = run.low
            var between: [Double] = []
            for zone in zones {
                if zone.low > free, let x = stepBetween(free, zone.low) { between.append(x) }
                free = max(free, zone.high)
            }
            if run.high > free && free > run.low, let x = stepBetween(free, run.high) { between.append(x) }
            for x in between where x > run.low + 1e-6 && x < run.high - 1e-6 { stepsInCell[cell(x), default: []].append(x) }
            let inside = Self.unique((steps + between).filter { $0 > run.low + 1e-6 && $0 < run.high - 1e-6 }.sorted())
            bounds[r] = [run.low] + inside + [run.high]
            pointsOf[r] = Self.unique((own + inside).sorted())
        }
        // The pieces, by run, left to right.
        var pieceRun: [Int] = [], pieceLow: [Double] = [], pieceHigh: [Double] = []
        var firstPiece = [Int](repeating: 0, count: runs.count)
        for r in runs.indices {
            firstPiece[r] = pieceRun.count
            for k in 0..<max(0, bounds[r].count - 1) {
                pieceRun.append(r)
                pieceLow.append(bounds[r][k])
                pieceHigh.append(bounds[r][k + 1])
            }
        }
        let pieces = pieceRun.count
        guard pieces > 0 else { return (wholeShapes(runs, track: track), count) }

        // Overlapping pieces of different runs, by a sweep over their left ends; each pair
        // points from the piece of the higher run (the smaller track) to the lower one.
        let byLeft = (0..<pieces).sorted { (pieceLow[$0], $0) < (pieceLow[$1], $1) }
        var under = [[Int]](repeating: [], count: pieces)  // under[a]: pieces that must go below a
        var over = [[Int]](repeating: [], count: pieces)  // over[b]: pieces that must go above b
        var active: [Int] = []
        var pairs = 0
        for p in byLeft {
            active.removeAll { pieceHigh[$0] + clearance < pieceLow[p] }
            for a in active where pieceRun[a] != pieceRun[p] {
                let (upper, lower) = track[pieceRun[a]] < track[pieceRun[p]] ? (a, p) : (p, a)
                under[upper].append(lower)
                over[lower].append(upper)
                pairs += 1
            }
            if pairs > ConnectorRouting.pairBudget { return (wholeShapes(runs, track: track), count) }
            active.append(p)
        }

        // Runs from the highest track down: every piece that must go above one of a run's
        // pieces belongs to a run placed before it.
        let runOrder = byLow.sorted { (track[$0], $0) < (track[$1], $1) }
        func piecesOf(_ r: Int) -> Range<Int> { firstPiece[r]..<(firstPiece[r] + bounds[r].count - 1) }
        // How many pieces must stand below each piece (the longest chain down from it), so
        // that a piece placed no lower than `needed - 1 - below` leaves room for them all.
        var below = [Int](repeating: 0, count: pieces)
        for r in runOrder.reversed() {
            for p in piecesOf(r) { for lower in under[p] { below[p] = max(below[p], below[lower] + 1) } }
        }
        // The tracks the gap needs: the longest chain of pieces, each under the one before.
        var depth = [Int](repeating: 0, count: pieces)
        var needed = 0
        for r in runOrder {
            for p in piecesOf(r) {
                for upper in over[p] { depth[p] = max(depth[p], depth[upper] + 1) }
                needed = max(needed, depth[p] + 1 + below[p])
            }
        }
        guard needed < count else { return (wholeShapes(runs, track: track), count) }

        // Each run, from the highest down, takes for each stretch of pieces that can share a
        // track the highest track they may all take: under every piece above them, and high
        // enough to leave room for the pieces that must go below. A run steps only where no
        // one track suits its next piece too.
        var placed = [Int](repeating: 0, count: pieces)
        var shapes = [Shape](repeating: Shape(xs: [], tracks: []), count: runs.count)
        var drawnSteps = 0
        for r in runOrder {
            let range = piecesOf(r)
            var start = range.lowerBound
            while start < range.upperBound {
                var high = 0, low = needed - 1  // the stretch's range of tracks (high: the smallest)
                var end = start
                while end < range.upperBound {
                    let lowest = needed - 1 - below[end]
                    let highestFree = over[end].reduce(0) { max($0, placed[$1] + 1) }
                    if end > start && max(high, highestFree) > min(low, lowest) { break }
                    high = max(high, highestFree)
                    low = min(low, lowest)
                    end += 1
                }
                for p in start..<end { placed[p] = high }
                start = end
            }
            // Each stretch between two of the run's points takes its piece's track.
            let xs = pointsOf[r]
            var piece = range.lowerBound
            let tracks = (0..<(xs.count - 1)).map { k in
                while pieceHigh[piece] < xs[k + 1] - 1e-6 { piece += 1 }
                return placed[piece]
            }
            shapes[r] = Shape(xs: xs, tracks: tracks)
            // Each line along the run passes the steps between its top and its drop: a
            // family of many children on a run of many steps would draw too many points.
            drawnSteps += runs[r].drops.count * shapes[r].steps.count
            if drawnSteps > ConnectorRouting.pairBudget { return (wholeShapes(runs, track: track), count) }
        }
        return (shapes, needed)
    }

    /// Every run on its own track, as `ConnectorRouting` placed it.
    static func wholeShapes(_ runs: [ConnectorRouting.Run], track: [Int]) -> [Shape] {
        runs.indices.map { r in
            guard runs[r].needsTrack else { return Shape(xs: [], tracks: []) }
            let xs = unique((runs[r].drops + [runs[r].top]).sorted())
            return Shape(xs: xs, tracks: Array(repeating: track[r], count: xs.count - 1))
        }
    }

    /// Sorted `values` with each run of equal values (within a millionth of a point) kept once.
    private static func unique(_ values: [Double]) -> [Double] {
        var result: [Double] = []
        for x in values where result.last.map({ x - $0 > 1e-6 }) ?? true { result.append(x) }
        return result
    }
}

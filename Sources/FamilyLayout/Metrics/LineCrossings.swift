/// Where lines of different families cross on a scene: a horizontal run of one family's
/// connectors meeting an upright piece (a drop) of another's, as `scripts/bench` and
/// `scripts/print-survey` count them. `--compact` weighs two placements of a part by it.
extension Scene {
    /// Crossing pairs of run and drop of different couples, per part (`parts` parts; a
    /// line belongs to its parents' part). A piece shared by the lines to several children
    /// (the same ends, the same family) counts once.
    /// - Parameter families: the scene's line families, when the caller has them already
    ///   (families are compared by their numbers).
    /// - Complexity: O((r + d) log r + p log r + s) for r runs, d drops, p pairs of a drop
    ///   and a level of runs it passes, and s runs of a drop's own family at those levels.
    ///   (Each drop was once compared with every run of every level it passes: quadratic in
    ///   a gap of many families, and the pieces were hashed with their parents' lists.)
    func crossingsByPart(parts: Int, families known: LineFamilies? = nil) -> [Int] {
        let familyOf = (known ?? LineFamilies(of: self)).ofConnector
        var runs: [LinePiece] = [], drops: [LinePiece] = []
        for (c, connector) in connectors.enumerated() {
            let family = familyOf[c]
            let part = persons[connector.parentBoxes.first ?? connector.childBox].part
            let points = connector.points
            for k in points.indices.dropLast() {
                let (a, b) = (points[k], points[k + 1])
                if abs(a.y - b.y) < 1e-9, abs(a.x - b.x) > 1e-9 {
                    runs.append(LinePiece(part: part, at: a.y, low: min(a.x, b.x), high: max(a.x, b.x), family: family))
                } else if abs(a.x - b.x) < 1e-9, abs(a.y - b.y) > 1e-9 {
                    drops.append(LinePiece(part: part, at: a.x, low: min(a.y, b.y), high: max(a.y, b.y), family: family))
                }
            }
        }
        runs.sort()
        runs.removeConsecutiveDuplicates()
        drops.sort()
        drops.removeConsecutiveDuplicates()
        let levels = CrossingLevels(runs)
        var counts = [Int](repeating: 0, count: parts)
        for drop in drops {
            guard let levelRange = levels.range(ofPart: drop.part) else { continue }
            // The first level above the drop's top (strictly inside its height).
            var k = levels.levels[levelRange].partitionPoint { $0.y <= drop.low + 1e-6 }
            while k < levelRange.upperBound, levels.levels[k].y < drop.high - 1e-6 {
                counts[drop.part] += levels.runsAcross(drop.at, level: k, otherThan: drop.family, runs: runs)
                k += 1
            }
        }
        return counts
    }
}

/// A straight piece of a connector in its part: a run at height `at` from `low` to `high`,
/// or a drop at x `at` from `low` to `high`. Sorted by part, place and family, a level's
/// runs stand together, each family's among them together too.
private struct LinePiece: Comparable {
    var part: Int
    var at: Double
    var low: Double
    var high: Double
    /// The line's family (`LineFamilies`).
    var family: Int

    static func < (a: Self, b: Self) -> Bool {
        (a.part, a.at, a.family, a.low, a.high) < (b.part, b.at, b.family, b.low, b.high)
    }
}

private extension Array where Element: Equatable {
    /// Keeps the first of each run of equal neighbours (on a sorted list: each value once).
    mutating func removeConsecutiveDuplicates() {
        guard count > 1 else { return }
        var kept = 1
        for k in 1..<count where self[k] != self[kept - 1] {
            self[kept] = self[k]
            kept += 1
        }
        removeLast(count - kept)
    }
}

/// The runs of each part at each height (runs sorted by part, height, family, ends): for
/// each level its runs' left ends moved in by the crossing margin, and right ends, sorted,
/// to count the runs across an x by bisection.
private struct CrossingLevels {
    struct Level {
        var part: Int
        var y: Double
        /// The level's runs in the sorted run list.
        var runs: Range<Int>
        /// Each run's `low + 1e-6` and `high - 1e-6` (runs too short to hold an x left
        /// out), each list sorted.
        var lows: [Double]
        var highs: [Double]
    }

    private(set) var levels: [Level] = []
    /// Each part's levels, by part.
    private var partLevels: [Int: Range<Int>] = [:]

    init(_ runs: [LinePiece]) {
        var start = 0
        while start < runs.count {
            var end = start + 1
            while end < runs.count && runs[end].part == runs[start].part && runs[end].at == runs[start].at { end += 1 }
            var lows: [Double] = [], highs: [Double] = []
            for run in runs[start..<end] where run.low + 1e-6 < run.high - 1e-6 {
                lows.append(run.low + 1e-6)
                highs.append(run.high - 1e-6)
            }
            lows.sort()
            highs.sort()
            let part = runs[start].part
            partLevels[part] = (partLevels[part]?.lowerBound ?? levels.count)..<(levels.count + 1)
            levels.append(Level(part: part, y: runs[start].at, runs: start..<end, lows: lows, highs: highs))
            start = end
        }
    }

    func range(ofPart part: Int) -> Range<Int>? { partLevels[part] }

    /// How many runs of level `k` pass strictly across `x` (`low + 1e-6 < x < high - 1e-6`),
    /// those of `family` left out.
    func runsAcross(_ x: Double, level k: Int, otherThan family: Int, runs: [LinePiece]) -> Int {
        let level = levels[k]
        // Started left of x, less those ended at or left of it (a run that ends there started there too).
        let started = level.lows.partitionPoint { $0 < x }, ended = level.highs.partitionPoint { $0 <= x }
        var across = started - ended
        // The family's own runs at this level, found by bisection (sorted by family within the level).
        let slice = runs[level.runs]
        var r = slice.partitionPoint { $0.family < family }
        while r < level.runs.upperBound && runs[r].family == family {
            if runs[r].low + 1e-6 < x && x < runs[r].high - 1e-6 { across -= 1 }
            r += 1
        }
        return across
    }
}

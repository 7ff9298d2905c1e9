/// Where lines of different families cross on a scene: a horizontal run of one family's
/// connectors meeting an upright piece (a drop) of another's, as `scripts/bench` and
/// `scripts/print-survey` count them. `--compact` weighs two placements of a part by it.
extension Scene {
    /// Crossing pairs of run and drop of different couples, per part (`parts` parts; a
    /// line belongs to its parents' part).
    /// - Complexity: O(d log r + k) for d drops, r runs and k runs over a drop's height.
    func crossingsByPart(parts: Int) -> [Int] {
        struct Run: Hashable { var low: Double, high: Double, key: [Int] }
        struct Drop: Hashable { var part: Int, x: Double, low: Double, high: Double, key: [Int] }
        // A piece shared by the lines to several children counts once.
        var runs: [Int: [Double: Set<Run>]] = [:]  // part → y → runs
        var drops = Set<Drop>()
        for connector in connectors {
            let key = connector.parentBoxes.sorted()
            let part = persons[connector.parentBoxes.first ?? connector.childBox].part
            for (a, b) in zip(connector.points, connector.points.dropFirst()) {
                if abs(a.y - b.y) < 1e-9, abs(a.x - b.x) > 1e-9 {
                    runs[part, default: [:]][a.y, default: []].insert(Run(low: min(a.x, b.x), high: max(a.x, b.x), key: key))
                } else if abs(a.x - b.x) < 1e-9, abs(a.y - b.y) > 1e-9 {
                    drops.insert(Drop(part: part, x: a.x, low: min(a.y, b.y), high: max(a.y, b.y), key: key))
                }
            }
        }
        let levels = runs.mapValues { $0.keys.sorted() }
        var counts = [Int](repeating: 0, count: parts)
        for drop in drops {
            guard let ys = levels[drop.part], let byY = runs[drop.part] else { continue }
            // The first level above the drop's top (strictly inside its height).
            var k = ys.partitionPoint { $0 <= drop.low + 1e-6 }
            while k < ys.count, ys[k] < drop.high - 1e-6 {
                for run in byY[ys[k]]! where run.key != drop.key && run.low + 1e-6 < drop.x && drop.x < run.high - 1e-6 {
                    counts[drop.part] += 1
                }
                k += 1
            }
        }
        return counts
    }
}

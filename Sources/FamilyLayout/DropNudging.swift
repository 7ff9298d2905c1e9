/// After the hang points and the lines of shared children are placed, in family charts: a
/// child's last drop comes down to the middle of its box, and where another family's upright
/// line (a connector or the arch of a couple bar) stands at the same x just above or below
/// it — one row gap away, end to end — the two read as one line, so the child seems to hang
/// from the wrong family. The drop (with the end of the run before it) then moves along the
/// middle third of the child's top edge, as little as it must, until no other family's
/// upright line is nearer than `minimum`. A drop straight from its parents (no run before
/// it), or with no clear place, keeps its place (the scene metrics report it).
struct DropNudging {
    /// Least distance between the centre lines of two families' upright lines.
    let minimum: Double
    /// Upright lines one above the other nearer than this read as one (the row gap).
    let reach: Double

    /// - Complexity: O(c + u) for c connectors and u upright pieces near them; O(c) when no
    ///   drop can move.
    /// - Parameter families: the scene's line families, when the caller has them already.
    func apply(to scene: inout Scene, families known: LineFamilies? = nil) {
        // Lines into each box (only boxes of the scene's persons can have their drop moved).
        var incoming = [Int](repeating: 0, count: scene.persons.count)
        // By index: a loop over the connectors copies each, retaining and releasing its lists.
        for c in scene.connectors.indices where incoming.indices.contains(scene.connectors[c].childBox) {
            incoming[scene.connectors[c].childBox] += 1
        }
        // The drops that may move: the last piece after a run, into a child of one family (a
        // child of several has its ends spread already: `SharedChildDrops`). Without any, the
        // index of upright lines is not built (a man with 160,000 wives has 160,000 arched
        // bars and no connector).
        let candidates = scene.connectors.indices.filter { c in
            let points = scene.connectors[c].points, n = points.count, childBox = scene.connectors[c].childBox
            return n >= 3 && incoming.indices.contains(childBox) && incoming[childBox] == 1
                && abs(points[n - 1].x - points[n - 2].x) < 1e-9 && abs(points[n - 2].y - points[n - 3].y) < 1e-9
        }
        guard !candidates.isEmpty else { return }
        let families = known ?? LineFamilies(of: scene)
        let familyOf = families.ofConnector
        var uprights = UprightLines(scene: scene, families: families, minimum: minimum, reach: reach)

        for c in candidates {
            let points = scene.connectors[c].points, n = points.count, childBox = scene.connectors[c].childBox
            let family = familyOf[c]
            let dropLow = min(points[n - 2].y, points[n - 1].y), dropHigh = max(points[n - 2].y, points[n - 1].y)
            let x = points[n - 1].x
            guard !uprights.isClear(x, family: family, low: dropLow, high: dropHigh) else { continue }
            let child = scene.persons[childBox]
            guard let moved = uprights.nearestClear(to: x, family: family, low: dropLow, high: dropHigh,
                                                    between: child.centerX - child.width / 6, and: child.centerX + child.width / 6) else { continue }
            scene.connectors[c].points[n - 1].x = moved
            scene.connectors[c].points[n - 2].x = moved
            uprights.add(UprightLines.Piece(x: moved, low: dropLow, high: dropHigh, family: family))
        }
    }
}

/// After routing, before hang nudging (the `lines` step of `FamilyPipeline`), in family charts: a person who is the child of several
/// families (birth and adoptive parents, or two unions of the file) gets one line from each,
/// and every line ends at the middle of the child's top edge, so their last drops run down
/// on top of each other and a reader cannot tell which line comes from which family. Each
/// family's line ends instead at a point of its own along the child's top edge, `spacing`
/// apart, in the order the lines come in, so that they never cross each other there: lines
/// from the left end on the left (the lowest track outermost), a line that comes straight
/// down keeps the middle, lines from the right end on the right (the highest track
/// outermost). Only the last drop and the end of the run before it move.
struct SharedChildDrops {
    /// Distance between the ends of two lines on one child's top edge (narrower on a box too
    /// narrow for it).
    let spacing: Double
    /// Space kept between an end and the corners of the box.
    static let cornerMargin = 4.0

    /// - Complexity: O(c log c) for c connectors.
    func apply(to scene: inout Scene) {
        // Lines into each box, counted first: only the few children of several families get a list.
        var count = [Int](repeating: 0, count: scene.persons.count)
        for c in scene.connectors.indices where count.indices.contains(scene.connectors[c].childBox) { count[scene.connectors[c].childBox] += 1 }
        var incoming: [Int: [Int]] = [:]
        for c in scene.connectors.indices where count.indices.contains(scene.connectors[c].childBox) && count[scene.connectors[c].childBox] > 1 {
            incoming[scene.connectors[c].childBox, default: []].append(c)
        }
        // Each child's lines move apart on their own, so the order children are taken in does not matter.
        for (childBox, list) in incoming { spread(list, over: scene.persons[childBox], in: &scene) }
    }

    /// How a line reaches its child: from which side, on which track, and whether its end can move.
    private struct Approach {
        var connector: Int
        /// -1 from the left, 0 straight down (fixed), +1 from the right.
        var side: Int
        var trackY: Double
    }

    private func spread(_ list: [Int], over child: PersonBox, in scene: inout Scene) {
        let approaches = list.map { c -> Approach in
            let points = scene.connectors[c].points
            let n = points.count
            // Movable: the last piece drops straight onto the child and the one before it is a run.
            guard n >= 3, abs(points[n - 1].x - points[n - 2].x) < 1e-9, abs(points[n - 2].y - points[n - 3].y) < 1e-9,
                  abs(points[n - 3].x - points[n - 2].x) > 1e-9 else {
                return Approach(connector: c, side: 0, trackY: points.first?.y ?? child.y)
            }
            return Approach(connector: c, side: points[n - 3].x < points[n - 2].x ? -1 : 1, trackY: points[n - 2].y)
        }
        let left = approaches.filter { $0.side < 0 }.sorted { $0.trackY > $1.trackY }
        let straight = approaches.filter { $0.side == 0 }
        let right = approaches.filter { $0.side > 0 }.sorted { $0.trackY < $1.trackY }
        // A straight line cannot move its end; two straight lines to one child are left as they are.
        guard straight.count <= 1 else { return }
        let room = max(0, child.width / 2 - Self.cornerMargin)
        let ordered = left + straight + right
        var ends: [Double]
        if straight.isEmpty {
            let step = ordered.count > 1 ? min(spacing, 2 * room / Double(ordered.count - 1)) : 0
            ends = ordered.indices.map { child.centerX + (Double($0) - Double(ordered.count - 1) / 2) * step }
        } else {
            let side = max(left.count, right.count)
            let step = min(spacing, room / Double(max(side, 1)))
            let middle = scene.connectors[straight[0].connector].points.last?.x ?? child.centerX
            ends = ordered.indices.map { middle + Double($0 - left.count) * step }
        }
        for (approach, x) in zip(ordered, ends) where approach.side != 0 {
            let n = scene.connectors[approach.connector].points.count
            scene.connectors[approach.connector].points[n - 1].x = x
            scene.connectors[approach.connector].points[n - 2].x = x
        }
    }
}

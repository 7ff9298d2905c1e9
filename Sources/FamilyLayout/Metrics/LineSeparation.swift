/// Finds places where the lines of two different families (connectors and couple bars,
/// grouped by the parents' boxes) run nearer each other than a reader can tell apart:
/// parallel pieces (side by side or end to end), or the end of one piece near another
/// family's line, so that a child seems to hang from the wrong couple. A right-angle
/// crossing away from both pieces' ends is a crossing, not an ambiguity, and is allowed.
/// Ends that rest on a box (a drop reaching its child, a bar at a partner's edge) are
/// where lines are meant to end and are not counted.
struct LineSeparation {
    struct Segment {
        var a: Point
        var b: Point
        var family: Int
        var horizontal: Bool { abs(a.y - b.y) < 1e-9 }
        var minX: Double { min(a.x, b.x) }
        var maxX: Double { max(a.x, b.x) }
        var minY: Double { min(a.y, b.y) }
        var maxY: Double { max(a.y, b.y) }
    }

    let scene: Scene
    /// Least distance between the centre lines of two families' pieces.
    let minimum: Double
    /// Vertical pieces this near end to end (one above the other) read as one line: the
    /// gap between two rows.
    let verticalReach: Double
    private var segments: [Segment] = []
    private var families: [[Int]] = []
    private var boxGrid: [Cell: [Int]] = [:]

    private struct Cell: Hashable {
        var x: Int
        var y: Int
    }
    private static let cellSize = 64.0

    init(scene: Scene, minimum: Double, verticalReach: Double) {
        self.scene = scene
        self.minimum = minimum
        self.verticalReach = max(minimum, verticalReach)
        var familyIndex: [[Int]: Int] = [:]
        func family(_ boxes: [Int]) -> Int {
            let key = boxes.sorted()
            if let known = familyIndex[key] { return known }
            familyIndex[key] = families.count
            families.append(key)
            return families.count - 1
        }
        for connector in scene.connectors {
            let f = family(connector.parentBoxes)
            for (p, q) in zip(connector.points, connector.points.dropFirst()) where p != q {
                segments.append(Segment(a: p, b: q, family: f))
            }
        }
        for bar in scene.coupleBars {
            let f = family(bar.boxes)
            for (p, q) in zip(bar.points, bar.points.dropFirst()) where p != q {
                segments.append(Segment(a: p, b: q, family: f))
            }
        }
        for (b, box) in scene.persons.enumerated() {
            for cell in Self.cells(minX: box.x, maxX: box.maxX, minY: box.y, maxY: box.maxY) { boxGrid[cell, default: []].append(b) }
        }
    }

    private static func cells(minX: Double, maxX: Double, minY: Double, maxY: Double) -> [Cell] {
        let x0 = Int((minX / cellSize).rounded(.down)), x1 = Int((maxX / cellSize).rounded(.down))
        let y0 = Int((minY / cellSize).rounded(.down)), y1 = Int((maxY / cellSize).rounded(.down))
        var result: [Cell] = []
        for x in x0...x1 { for y in y0...y1 { result.append(Cell(x: x, y: y)) } }
        return result
    }

    /// Whether `p` lies on or in a box (within half a point).
    private func restsOnBox(_ p: Point) -> Bool {
        let cell = Cell(x: Int((p.x / Self.cellSize).rounded(.down)), y: Int((p.y / Self.cellSize).rounded(.down)))
        for b in boxGrid[cell] ?? [] {
            let box = scene.persons[b]
            if p.x >= box.x - 0.5 && p.x <= box.maxX + 0.5 && p.y >= box.y - 0.5 && p.y <= box.maxY + 0.5 { return true }
        }
        return false
    }

    /// Every place two families' lines come too near, once per pair of pieces.
    func violations() -> [ChartMetrics.CloseLines] {
        let margin = verticalReach
        var grid: [Cell: [Int]] = [:]
        for (s, segment) in segments.enumerated() {
            for cell in Self.cells(minX: segment.minX - margin, maxX: segment.maxX + margin,
                                   minY: segment.minY - margin, maxY: segment.maxY + margin) {
                grid[cell, default: []].append(s)
            }
        }
        var found: [ChartMetrics.CloseLines] = []
        var seen = Set<Int>()
        for (_, members) in grid where members.count > 1 {
            for i in members.indices {
                for t in members[(i + 1)...] {
                    let s = members[i]
                    guard segments[s].family != segments[t].family else { continue }
                    guard let close = nearness(segments[s], segments[t]) else { continue }
                    let key = min(s, t) * segments.count + max(s, t)
                    guard seen.insert(key).inserted else { continue }
                    let names = [segments[s].family, segments[t].family].map { families[$0].map { scene.persons[$0].id } }
                    found.append(ChartMetrics.CloseLines(families: names, at: close.at, distance: max(0, close.distance - (minimum - ChartMetrics.separation))))
                }
            }
        }
        return found.sorted { ($0.at.y, $0.at.x) < ($1.at.y, $1.at.x) }
    }

    /// Where and how near two pieces of line come, when nearer than allowed.
    private func nearness(_ s: Segment, _ t: Segment) -> (at: Point, distance: Double)? {
        switch (s.horizontal, t.horizontal) {
        case (true, true): return parallel(s.a.y, t.a.y, (s.minX, s.maxX), (t.minX, t.maxX), reach: minimum, horizontal: true)
        case (false, false): return parallel(s.a.x, t.a.x, (s.minY, s.maxY), (t.minY, t.maxY), reach: verticalReach, horizontal: false)
        case (true, false): return perpendicular(horizontal: s, vertical: t)
        case (false, true): return perpendicular(horizontal: t, vertical: s)
        }
    }

    /// Two parallel pieces: too near when their lines are closer than the minimum and their
    /// spans overlap or nearly meet end to end (`reach`); ends resting on boxes excepted
    /// when the pieces only meet there.
    private func parallel(_ u: Double, _ v: Double, _ a: (Double, Double), _ b: (Double, Double), reach: Double,
                          horizontal: Bool) -> (at: Point, distance: Double)? {
        let across = abs(u - v)
        let along = max(a.0, b.0) - min(a.1, b.1)  // > 0: a gap between the spans
        guard across < minimum && along < reach else { return nil }
        let mid = (max(a.0, b.0) + min(a.1, b.1)) / 2
        let at = horizontal ? Point(mid, (u + v) / 2) : Point((u + v) / 2, mid)
        if along >= 0 {
            // Only end to end: allowed where both meeting ends rest on boxes.
            if restsOnBox(at) { return nil }
        } else if along > -0.5 && restsOnBox(at) {
            return nil
        }
        return (at, across)
    }

    /// A horizontal and a vertical piece: a crossing is fine unless an end of one stands
    /// near the other; pieces that do not cross must keep the minimum apart.
    private func perpendicular(horizontal h: Segment, vertical v: Segment) -> (at: Point, distance: Double)? {
        let y = h.a.y, x = v.a.x
        let dx = x < h.minX ? h.minX - x : x > h.maxX ? x - h.maxX : 0
        let dy = y < v.minY ? v.minY - y : y > v.maxY ? y - v.maxY : 0
        guard max(dx, dy) < minimum else { return nil }
        // How far the meeting point is from the nearest end of each piece.
        let hEnd = min(abs(x - h.minX), abs(x - h.maxX)), vEnd = min(abs(y - v.minY), abs(y - v.maxY))
        if dx == 0 && dy == 0 && hEnd >= minimum && vEnd >= minimum { return nil }  // a clean crossing
        let at = Point(min(max(x, h.minX), h.maxX), min(max(y, v.minY), v.maxY))
        // An end resting on a box is where the line is meant to stop.
        let hNear = hEnd < minimum ? (abs(x - h.minX) < abs(x - h.maxX) ? Point(h.minX, y) : Point(h.maxX, y)) : nil
        let vNear = vEnd < minimum ? (abs(y - v.minY) < abs(y - v.maxY) ? Point(x, v.minY) : Point(x, v.maxY)) : nil
        if let hNear, restsOnBox(hNear), vNear.map(restsOnBox) ?? true { return nil }
        if let vNear, restsOnBox(vNear), hNear.map(restsOnBox) ?? true { return nil }
        return (at, max(dx, dy))
    }
}

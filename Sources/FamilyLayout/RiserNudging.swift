/// After the hang points move, in family and descendant charts: a person with partners
/// beyond their nearest ones reaches them by bars arching over a row, each rising from the
/// top edge of the person's box `FamilyGeometry.archLane` further in than the last. Where
/// another family's drop comes down just above such a riser (its track a little above the
/// arches), the two read as one line, and the drop's hang point may have no room to move
/// in its gap. The risers of one side of a box then move along the top edge together, as
/// little as they must (so the arches keep their nesting), until each stands clear of every
/// other family's upright line: inward no nearer the box's middle than an arch lane (where
/// the person's own parents' line comes down), outward no nearer the corner than
/// `cornerMargin`. Risers with no clear place keep theirs (the scene metrics report it).
struct RiserNudging {
    /// Least distance between the centre lines of two families' upright lines.
    let minimum: Double
    /// Upright lines one above the other nearer than this read as one (the row gap).
    let reach: Double
    /// Space kept between a riser and its box's corner.
    static let cornerMargin = 3.0

    /// - Complexity: O(b + u) for b bars and u upright pieces, and for each side of a box
    ///   whose risers are not clear, O(w · r) clear tests for w half points of its edge and
    ///   its r risers.
    /// - Parameter families: the scene's line families, when the caller has them already.
    func apply(to scene: inout Scene, families known: LineFamilies? = nil) {
        // The risers of each side of each box: bars of five points rising from a box's top.
        var sides: [Side: [Int]] = [:]
        for b in scene.coupleBars.indices {
            let points = scene.coupleBars[b].points
            guard points.count == 5, abs(points[0].x - points[1].x) < 1e-9, points[1].y < points[0].y,
                  let hub = scene.coupleBars[b].boxes.first(where: { box in
                      scene.persons.indices.contains(box) && abs(scene.persons[box].y - points[0].y) < 1e-9
                          && points[0].x > scene.persons[box].x && points[0].x < scene.persons[box].maxX
                  }) else { continue }
            sides[Side(box: hub, right: points[2].x > points[1].x), default: []].append(b)
        }
        guard !sides.isEmpty else { return }
        let families = known ?? LineFamilies(of: scene)
        var uprights = UprightLines(scene: scene, families: families, minimum: minimum, reach: reach)

        // Boxes in scene order, each side's risers as found, so that the result does not
        // depend on the dictionary's order.
        for side in sides.keys.sorted(by: { ($0.box, $0.right ? 1 : 0) < ($1.box, $1.right ? 1 : 0) }) {
            let bars = sides[side]!
            func riser(_ b: Int) -> (x: Double, low: Double, high: Double) {
                let points = scene.coupleBars[b].points
                return (points[0].x, points[1].y, points[0].y)
            }
            func clear(by shift: Double) -> Bool {
                bars.allSatisfy { b in
                    let r = riser(b)
                    return uprights.isClear(r.x + shift, family: families.ofBar[b], low: r.low, high: r.high)
                }
            }
            if clear(by: 0) { continue }
            // How far the risers may move: right (+) and left (−) of where they stand.
            let box = scene.persons[side.box]
            let xs = bars.map { riser($0).x }
            let (innermost, outermost) = side.right ? (xs.min()!, xs.max()!) : (xs.max()!, xs.min()!)
            let middleLimit = side.right ? box.centerX + FamilyGeometry.archLane : box.centerX - FamilyGeometry.archLane
            let cornerLimit = side.right ? box.maxX - Self.cornerMargin : box.x + Self.cornerMargin
            let (most, least) = side.right
                ? (cornerLimit - outermost, middleLimit - innermost)   // + outward, − inward
                : (middleLimit - innermost, cornerLimit - outermost)   // + inward, − outward
            // Their old places no longer count while a new one is sought.
            for b in bars {
                let r = riser(b)
                uprights.retire(family: families.ofBar[b], x: r.x, low: r.low, high: r.high)
            }
            var shift: Double?
            var step = 0.5
            while shift == nil && (step <= most || -step >= least) {
                if step <= most && clear(by: step) { shift = step } else if -step >= least && clear(by: -step) { shift = -step }
                step += 0.5
            }
            for b in bars {
                if let shift {
                    scene.coupleBars[b].points[0].x += shift
                    scene.coupleBars[b].points[1].x += shift
                }
                let r = riser(b)
                uprights.add(UprightLines.Piece(x: r.x, low: r.low, high: r.high, family: families.ofBar[b]))
            }
        }
    }

    /// One side of a box that arches rise from.
    private struct Side: Hashable {
        var box: Int
        var right: Bool
    }
}

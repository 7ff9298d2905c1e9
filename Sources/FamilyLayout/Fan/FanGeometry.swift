import FamilyModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The rings of a fan on its sheet: where the centre is, which angles the fan spans and
/// each ring's radii. The fan opens upward, symmetric about the vertical: it runs from
/// `startAngle` clockwise over `sweep` degrees (scene angles: clockwise from the positive
/// x axis, y down; 270 is straight up). Ring 0 is the centre person's pie slice.
///
/// Ring depths follow the consensus of Gramps and webtrees: rings whose cells are wide
/// (text along the arc) one unit deep, rings whose cells are tall and thin (text along the
/// radius) 1.6 units deep; the unit is solved so that the whole fan fills the area.
struct FanGeometry {
    var centre: Point
    var startAngle: Double
    var sweep: Double
    /// Ring k's inner and outer radius (ring 0: 0 and the centre's radius).
    var rings: [(inner: Double, outer: Double)]
    var width: Double
    var height: Double

    /// Depth of a ring of tall, thin cells, in units of an arc ring's depth.
    static let radialDepth = 1.6

    /// - Parameters:
    ///   - cellAngle: a typical cell's angle in ring k ≥ 1, in degrees (the sweep halved k
    ///     times in an ancestor fan).
    ///   - margin: blank border inside the area.
    init(rings count: Int, sweep: Double, area: FanArea, margin: Double, cellAngle: (Int) -> Double) {
        self.sweep = sweep
        startAngle = 270 - sweep / 2
        width = area.width
        height = area.height
        // Radii in units of the centre's radius; a ring is thin and tall when its middle
        // arc is shorter than 1.1 times its depth (Gramps' rule), and so are all beyond it.
        var unitRings: [(inner: Double, outer: Double)] = [(0, 1)]
        var radial = false
        for k in 1..<max(count, 1) {
            let inner = unitRings[k - 1].outer
            if !radial && (inner + 0.5) * cellAngle(k) * Double.pi / 180 < 1.1 { radial = true }
            unitRings.append((inner, inner + (radial ? Self.radialDepth : 1)))
        }
        let box = Self.unitBounds(start: startAngle, sweep: sweep)
        let outer = unitRings.last!.outer
        let unit = max(1e-6, min((area.width - 2 * margin) / ((box.maxX - box.minX) * outer),
                                 (area.height - 2 * margin) / ((box.maxY - box.minY) * outer)))
        rings = unitRings.map { ($0.inner * unit, $0.outer * unit) }
        let radius = outer * unit
        centre = Point(area.width / 2 - (box.minX + box.maxX) / 2 * radius, area.height / 2 - (box.minY + box.maxY) / 2 * radius)
    }

    /// The bounding box of the fan of radius 1 around the origin: its centre and the outer
    /// arc's ends and extreme points.
    static func unitBounds(start: Double, sweep: Double) -> (minX: Double, maxX: Double, minY: Double, maxY: Double) {
        var xs = [0.0, cos(start * Double.pi / 180), cos((start + sweep) * Double.pi / 180)]
        var ys = [0.0, sin(start * Double.pi / 180), sin((start + sweep) * Double.pi / 180)]
        var axis = (start / 90).rounded(.up) * 90
        while axis <= start + sweep + 1e-9 {
            xs.append(cos(axis * Double.pi / 180))
            ys.append(sin(axis * Double.pi / 180))
            axis += 90
        }
        return (xs.min()!, xs.max()!, ys.min()!, ys.max()!)
    }

    /// ISO A-sheets (landscape) in points, and the generations each holds at a readable size.
    static let sheets: [(name: String, width: Double, height: Double, generations: Int)] = [
        ("A3", 1190.55, 841.89, 6), ("A2", 1683.78, 1190.55, 8), ("A1", 2383.94, 1683.78, 10), ("A0", 3370.39, 2383.94, 12),
    ]

    /// The area a fan of `generations` rings is laid out for when no paper is given: the
    /// printable part (half-inch margins) of the smallest landscape A-sheet that holds it
    /// readably (A3 up to 6 generations, A2 up to 8, A1 up to 10, A0 beyond).
    static func defaultArea(generations: Int) -> FanArea {
        let sheet = sheets.first { generations <= $0.generations } ?? sheets.last!
        return FanArea(width: sheet.width - 72, height: sheet.height - 72)
    }
}

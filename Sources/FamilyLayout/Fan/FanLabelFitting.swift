import FamilyModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fits a cell's label into its wedge: the lines of the richest form that fits at a
/// readable size (else the form that fits largest), at the largest size up to the ring's
/// cap, set along the arc or along the radius. Every line's box — each character's box
/// along an arc — stays inside the wedge by `padding`: nothing spills out of its cell.
struct FanLabelFitting {
    let measure: TextMeasure
    /// Smallest size of the first pass (points): a form is taken at this size or larger when one fits.
    static let readable = 7.0
    /// Below this no text is set.
    static let minimum = 3.5
    let padding = 1.5

    /// How a label runs in its cell.
    enum Orientation { case arc, radial, horizontal }

    struct Wedge {
        var centre: Point
        var inner: Double
        var outer: Double
        var start: Double
        var end: Double
    }

    /// A fitted label: its lines set as scene texts, their size, and which form was taken.
    struct Fitted {
        var texts: [SceneText]
        var size: Double
        var lines: [String]
    }

    /// The best label of `forms` in `wedge` set in one of `orientations` (the first
    /// preferred among equals), or nil when not even the barest fits at the minimum size:
    /// the richest form readable; with `atLeast` (the centre), the richest form at that
    /// size, else the form set largest.
    func fit(_ forms: [[String]], in wedge: Wedge, orientations: [Orientation], cap: Double, bold: Bool = false,
             person: String?, atLeast: Double? = nil) -> Fitted? {
        var best: (form: Int, orientation: Orientation, size: Double)?
        // The richest form that reaches the threshold; the centre's second round, the largest.
        let thresholds = atLeast.map { [min($0, cap), Self.readable] } ?? [Self.readable]
        for (round, threshold) in thresholds.enumerated() {
            for (k, form) in forms.enumerated() {
                for orientation in orientations {
                    if let size = largestSize(form, in: wedge, orientation: orientation, cap: cap, bold: bold), size >= threshold,
                       size > (best?.size ?? 0) + 0.05 {
                        best = (k, orientation, size)
                    }
                }
                if best != nil && round == 0 { break }
            }
            if best != nil { break }
        }
        if best == nil {
            for (k, form) in forms.enumerated() {
                for orientation in orientations {
                    if let size = largestSize(form, in: wedge, orientation: orientation, cap: Self.readable, bold: bold),
                       size > (best?.size ?? 0) + 0.05 {
                        best = (k, orientation, size)
                    }
                }
            }
        }
        guard let (k, orientation, size) = best,
              let texts = place(forms[k], in: wedge, orientation: orientation, size: size, bold: bold, person: person)
        else { return nil }
        return Fitted(texts: texts, size: size, lines: forms[k])
    }

    /// The largest size in steps of 0.1 pt, from `cap` down to the minimum, at which `lines` fit.
    func largestSize(_ lines: [String], in wedge: Wedge, orientation: Orientation, cap: Double, bold: Bool) -> Double? {
        // Fitting only gets harder as the size grows: bisect on tenths of a point.
        var low = Int((Self.minimum * 10).rounded(.up)), high = Int((cap * 10).rounded(.down))
        guard high >= low, place(lines, in: wedge, orientation: orientation, size: Double(low) / 10, bold: bold, person: nil) != nil
        else { return nil }
        while low < high {
            let middle = (low + high + 1) / 2
            if place(lines, in: wedge, orientation: orientation, size: Double(middle) / 10, bold: bold, person: nil) != nil {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return Double(low) / 10
    }

    /// `lines` at `size` set in `wedge`, or nil when they do not fit.
    func place(_ lines: [String], in wedge: Wedge, orientation: Orientation, size: Double, bold: Bool, person: String?) -> [SceneText]? {
        switch orientation {
        case .arc: arc(lines, in: wedge, size: size, bold: bold, person: person)
        case .radial: radial(lines, in: wedge, size: size, bold: bold, person: person)
        case .horizontal: horizontal(lines, in: wedge, size: size, bold: bold, person: person)
        }
    }

    /// A measure with a little room for the painter's rounding.
    private func width(_ text: String, _ size: Double, _ bold: Bool) -> Double { measure.advance(text, size, bold) * 1.005 + 0.05 }

    private var lineHeight: Double { measure.ascent + measure.descent }

    /// Lines along the arc, centred on the cell's middle angle and stacked across the ring:
    /// in the upper half reading clockwise with their tops outward (the first line
    /// outermost), in the lower half anticlockwise with their tops inward (the first innermost).
    private func arc(_ lines: [String], in w: Wedge, size: Double, bold: Bool, person: String?) -> [SceneText]? {
        let middle = (w.start + w.end) / 2
        let upper = sin(middle * Double.pi / 180) <= 0
        let angle = (w.end - w.start) * Double.pi / 180
        let lh = lineHeight * size
        let height = Double(lines.count) * lh
        guard height <= w.outer - w.inner - 2 * padding else { return nil }
        let centre = (w.inner + w.outer) / 2
        var texts: [SceneText] = []
        for (i, line) in lines.enumerated() {
            // The line's band [low, high] across the ring, and its baseline.
            let low: Double, high: Double, baseline: Double
            if upper {
                high = centre + height / 2 - Double(i) * lh
                low = high - lh
                baseline = high - measure.ascent * size
            } else {
                low = centre - height / 2 + Double(i) * lh
                high = low + lh
                baseline = low + measure.ascent * size
            }
            let advances = line.map { width(String($0), size, bold) }
            let total = advances.reduce(0, +)
            let widest = advances.max() ?? 0
            guard total <= low * angle - 2 * padding,
                  (high * high + widest * widest / 4).squareRoot() <= w.outer - padding, low >= w.inner + padding
            else { return nil }
            texts.append(SceneText(line, size: size, bold: bold && i == 0,
                                   along: .arc(center: w.centre, radius: baseline, angle: middle, clockwise: upper), person: person))
        }
        return texts
    }

    /// Lines along the ray through the cell's middle, stacked across it: on the right half
    /// reading outward, on the left half turned to read inward (never upside down).
    private func radial(_ lines: [String], in w: Wedge, size: Double, bold: Bool, person: String?) -> [SceneText]? {
        let middle = (w.start + w.end) / 2
        let theta = middle * Double.pi / 180
        let outward = cos(theta) >= -1e-9
        let textAngle = outward ? middle : middle + 180
        let half = (w.end - w.start) * Double.pi / 360
        let lh = lineHeight * size
        let height = Double(lines.count) * lh
        let widths = lines.enumerated().map { width($1, size, bold && $0 == 0) }
        let widest = widths.max() ?? 0
        guard widest <= w.outer - w.inner - 2 * padding, half < Double.pi / 2 else { return nil }
        func fits(_ along: Double) -> Bool {
            let inner = along - widest / 2
            return inner >= w.inner + padding && inner > 0
                && atan(height / 2 / inner) + padding / inner <= half
                && ((along + widest / 2) * (along + widest / 2) + height * height / 4).squareRoot() <= w.outer - padding
        }
        var along = (w.inner + w.outer) / 2
        if !fits(along) {
            // Out where the cell is wider, as far as the outer edge allows.
            along = ((w.outer - padding) * (w.outer - padding) - height * height / 4).squareRoot() - widest / 2 - 0.01
            guard fits(along) else { return nil }
        }
        let (ux, uy) = (cos(theta), sin(theta))
        let rotation = textAngle * Double.pi / 180
        let (vx, vy) = (-sin(rotation), cos(rotation))  // the text's "down"
        return lines.enumerated().map { i, line in
            let y = -height / 2 + Double(i) * lh + measure.ascent * size
            let at = Point(w.centre.x + along * ux + y * vx, w.centre.y + along * uy + y * vy)
            return SceneText(line, size: size, bold: bold && i == 0, along: .line(at: at, angle: textAngle), person: person)
        }
    }

    /// Level lines stacked in the centre cell: in the middle of a full disc, else where the
    /// slice is roomiest above its centre.
    private func horizontal(_ lines: [String], in w: Wedge, size: Double, bold: Bool, person: String?) -> [SceneText]? {
        let lh = lineHeight * size
        let height = Double(lines.count) * lh
        let widths = lines.enumerated().map { width($1, size, bold && $0 == 0) }
        let full = w.end - w.start >= 360 - 1e-9
        for lift in full ? [0.0] : [0.45, 0.35, 0.55, 0.25, 0.65, 0.15] {
            let top = w.centre.y - lift * w.outer - height / 2
            var fits = true
            for (i, width) in widths.enumerated() where fits {
                let y0 = top + Double(i) * lh, y1 = y0 + lh
                for (x, y) in [(-width / 2, y0), (width / 2, y0), (-width / 2, y1), (width / 2, y1)] {
                    fits = fits && Self.contains(w, Point(w.centre.x + x, y), padding: padding)
                }
            }
            guard fits else { continue }
            return lines.enumerated().map { i, line in
                SceneText(line, size: size, bold: bold && i == 0,
                          along: .line(at: Point(w.centre.x, top + Double(i) * lh + measure.ascent * size), angle: 0), person: person)
            }
        }
        return nil
    }

    /// Whether `p` lies in the wedge at least `padding` inside its curved edges and within its angles.
    static func contains(_ w: Wedge, _ p: Point, padding: Double) -> Bool {
        let dx = p.x - w.centre.x, dy = p.y - w.centre.y
        let r = (dx * dx + dy * dy).squareRoot()
        guard r <= w.outer - padding, r >= w.inner else { return false }
        if w.end - w.start >= 360 - 1e-9 { return true }
        var a = atan2(dy, dx) * 180 / Double.pi
        while a < w.start { a += 360 }
        // Near the centre of a slice every direction is close to an edge: keep `padding` from both sides.
        let margin = r > 0 ? padding / r * 180 / Double.pi : 360
        return a - w.start >= margin && w.end - a >= margin
    }
}

internal import CCairo
import FamilyLayout

/// Where a box stands: all that painting its outline needs (a person box's strings are
/// not copied, retained and released for it).
typealias BoxFrame = (x: Double, y: Double, width: Double, height: Double)

extension ScenePainter {
    /// Fills and outlines rounded boxes of one colour, all in one or two paths.
    ///
    /// Solid boxes are drawn as their rectangles inset by the corner radius, stroked with
    /// round joins: a stroke `2r + w` wide in the outline colour, then the inset rectangle
    /// filled and stroked `2r − w` wide in the fill colour. The result is exactly a rounded
    /// box of radius `r` with a `w`-wide outline, but each box costs four points instead of
    /// eight lines and curves, which halves the path data a PDF or SVG carries and the time
    /// Cairo spends writing it. Raster output (where the wide strokes cost more than they
    /// save), dashed outlines, and corners too small or too large for the trick take the
    /// classic path of lines and curves.
    ///
    /// In raster output whose corners are rounded by less than `Palette.squareCornerPixels`
    /// (thumbnails, where 256 pixels show a chart thousands of points wide) boxes are plain
    /// rectangles: Cairo fills and strokes axis-aligned rectangles as boxes, without
    /// scan-converting curves, which took a third of a thumbnail's painting. Only corner
    /// pixels change, by a few levels (19 of 255 at most over the 300 thumbnails of
    /// `scripts/bench --thumbnails`).
    ///
    /// `pixels`, when given (small raster images), writes solid boxes straight into the
    /// image's pixels instead, square or round as above.
    func paintBoxes<Boxes: Sequence<BoxFrame>>(_ boxes: Boxes, fill: RGB, outline: RGB, dashed: Bool, pixels: PixelRectangles? = nil,
                                               on cairo: OpaquePointer) {
        let width = palette.boxOutlineWidth
        var classic: [BoxFrame] = []
        var inset: [BoxFrame] = []
        for box in boxes {
            let r = palette.cornerRadius
            if isRaster || dashed || r < width || 2 * r >= min(box.width, box.height) - 0.5 {
                classic.append(box)
            } else {
                inset.append(box)
            }
        }
        if !inset.isEmpty {
            let r = palette.cornerRadius
            for box in inset { cairo_rectangle(cairo, box.x + r, box.y + r, box.width - 2 * r, box.height - 2 * r) }
            cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
            cairo_set_line_width(cairo, 2 * r + width)
            outline.setSource(cairo)
            cairo_stroke_preserve(cairo)
            cairo_set_line_width(cairo, 2 * r - width)
            fill.setSource(cairo)
            cairo_fill_preserve(cairo)
            cairo_stroke(cairo)
            cairo_set_line_join(cairo, CAIRO_LINE_JOIN_MITER)
        }
        guard !classic.isEmpty else { return }
        if dashed {
            let dashes: [Double] = [3, 2]
            cairo_set_dash(cairo, dashes, 2, 0)
        }
        cairo_set_line_width(cairo, width)
        let square = isRaster && Self.deviceLength(palette.cornerRadius, on: cairo) < palette.squareCornerPixels
        if let pixels, !dashed, square || pixels.roundsCorners {
            let radius = square ? 0 : palette.cornerRadius
            pixels.fill(classic, colour: fill, radius: radius)
            pixels.outline(classic, lineWidth: width, colour: outline, radius: radius)
            return
        }
        if square {
            for box in classic { cairo_rectangle(cairo, box.x, box.y, box.width, box.height) }
        } else {
            for box in classic { roundedRectangle(cairo, box.x, box.y, box.width, box.height, palette.cornerRadius) }
        }
        fill.setSource(cairo)
        cairo_fill_preserve(cairo)
        outline.setSource(cairo)
        cairo_stroke(cairo)
        cairo_set_dash(cairo, nil, 0, 0)
    }

    /// How many device units (pixels, in raster output) `length` user units span.
    static func deviceLength(_ length: Double, on cairo: OpaquePointer) -> Double {
        var vector = (x: length, y: 0.0)
        cairo_user_to_device_distance(cairo, &vector.x, &vector.y)
        return (vector.x * vector.x + vector.y * vector.y).squareRoot()
    }

    /// A rectangle with quarter-circle corners, as four Bézier curves (the standard
    /// 0.5523 approximation: cheaper than arcs and indistinguishable at box sizes).
    private func roundedRectangle(_ cairo: OpaquePointer, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ radius: Double) {
        let r = min(radius, w / 2, h / 2)
        let k = r * (1 - 0.552_284_749_8)
        cairo_new_sub_path(cairo)
        cairo_move_to(cairo, x + r, y)
        cairo_line_to(cairo, x + w - r, y)
        cairo_curve_to(cairo, x + w - k, y, x + w, y + k, x + w, y + r)
        cairo_line_to(cairo, x + w, y + h - r)
        cairo_curve_to(cairo, x + w, y + h - k, x + w - k, y + h, x + w - r, y + h)
        cairo_line_to(cairo, x + r, y + h)
        cairo_curve_to(cairo, x + k, y + h, x, y + h - k, x, y + h - r)
        cairo_line_to(cairo, x, y + r)
        cairo_curve_to(cairo, x, y + k, x + k, y, x + r, y)
        cairo_close_path(cairo)
    }
}

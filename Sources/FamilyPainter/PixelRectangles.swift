internal import CCairo
#if canImport(Glibc)
import Glibc
#endif

/// Paints axis-aligned boxes (square or with round corners) straight into a small image
/// surface's pixels: the fills and outlines of a thumbnail's boxes and its greeked text
/// bars.
///
/// Cairo fills and strokes such paths through its general machinery (the path's boxes
/// swept for overlaps, or curves scan-converted, into spans, composited): 20–95 µs a call
/// on a 256×256 thumbnail, about 0.3 ms of the 1.2 ms a thumbnail cost in all. Here each
/// mark's exact area coverage of each pixel near its edges is summed into a coverage mask
/// (the marks of one call never overlap, so the sum is the coverage of their union, as
/// Cairo computes it), a box's inside is set to its colour directly, and the colour is
/// then laid over the edge pixels as Cairo's OVER lays it. Square corners come out within
/// 3 of 255 levels of Cairo's pixels; round ones within 13 (Cairo samples curves on 15
/// rows a pixel, this takes each pixel's exact area) — `PixelRectangleTests`.
///
/// Only where that is safe: an RGB24 image surface of at most `largestImage` pixels,
/// drawn on directly (no group, no device offset or scale), with the OVER operator,
/// default antialiasing, a transformation without rotation or flip (the same scale both
/// ways for round corners), and a clip that is one rectangle; otherwise `init` fails and
/// the caller draws with Cairo.
final class PixelRectangles {
    /// Images larger than this (4 MiB of coverage mask) are drawn with Cairo.
    static let largestImage = 1 << 20

    private let surface: OpaquePointer
    private let pixels: UnsafeMutablePointer<UInt32>
    private let width: Int, rowPixels: Int
    /// User space to device space: x' = scaleX · x + offsetX (likewise y).
    private let scaleX: Double, scaleY: Double, offsetX: Double, offsetY: Double
    /// The clip, in device pixels.
    private let clipX0: Double, clipY0: Double, clipX1: Double, clipY1: Double
    /// Keeps `mask`'s memory.
    private let maskOwner: CoverageMask
    /// Coverage of each pixel by the marks added since the last `lay`, 0 elsewhere: one per
    /// pixel of the image, row by row.
    private let mask: UnsafeMutablePointer<Float>
    /// The pixels `mask` may be non-zero in: columns x0..<x1 of rows y0..<y1 of each
    /// (a mark's own pixels: the marks of a chart cover a small share of its image).
    /// (Not checked for exclusive access at run time: only this object's own methods touch
    /// it, one at a time; the checks cost more than the appends.)
    @exclusivity(unchecked) private var touched: [(x0: Int, y0: Int, x1: Int, y1: Int)] = []

    /// Fails (and the caller draws with Cairo) unless `cairo` draws straight onto a small
    /// RGB24 image in the way described above. `mask` is the coverage buffer to use (a
    /// painter keeps one for all its images).
    init?(_ cairo: OpaquePointer, mask: CoverageMask) {
        guard let target = cairo_get_group_target(cairo), target == cairo_get_target(cairo),
              cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(target) == CAIRO_FORMAT_RGB24,
              cairo_get_operator(cairo) == CAIRO_OPERATOR_OVER,
              cairo_get_antialias(cairo) == CAIRO_ANTIALIAS_DEFAULT else { return nil }
        let width = Int(cairo_image_surface_get_width(target)), height = Int(cairo_image_surface_get_height(target))
        let stride = Int(cairo_image_surface_get_stride(target))
        guard width > 0, height > 0, width * height <= Self.largestImage, stride % 4 == 0 else { return nil }
        var offset = (x: 0.0, y: 0.0), deviceScale = (x: 1.0, y: 1.0)
        cairo_surface_get_device_offset(target, &offset.x, &offset.y)
        cairo_surface_get_device_scale(target, &deviceScale.x, &deviceScale.y)
        guard offset == (0, 0), deviceScale == (1, 1) else { return nil }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        guard matrix.xy == 0, matrix.yx == 0, matrix.xx > 0, matrix.yy > 0 else { return nil }
        guard let clip = Self.clipRectangle(cairo) else { return nil }
        cairo_surface_flush(target)
        guard let data = cairo_image_surface_get_data(target) else { return nil }
        surface = target
        pixels = UnsafeMutableRawPointer(data).bindMemory(to: UInt32.self, capacity: stride / 4 * height)
        self.width = width
        rowPixels = stride / 4
        scaleX = matrix.xx
        scaleY = matrix.yy
        offsetX = matrix.x0
        offsetY = matrix.y0
        clipX0 = max(0, matrix.xx * clip.x + matrix.x0)
        clipY0 = max(0, matrix.yy * clip.y + matrix.y0)
        clipX1 = min(Double(width), matrix.xx * (clip.x + clip.width) + matrix.x0)
        clipY1 = min(Double(height), matrix.yy * (clip.y + clip.height) + matrix.y0)
        self.mask = mask.reserve(width * height)
        maskOwner = mask
    }

    /// The clip as one user-space rectangle (the whole surface when nothing is clipped),
    /// or nil when it is not one rectangle.
    private static func clipRectangle(_ cairo: OpaquePointer) -> cairo_rectangle_t? {
        guard let list = cairo_copy_clip_rectangle_list(cairo) else { return nil }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS, list.pointee.num_rectangles == 1,
              let rectangles = list.pointee.rectangles else { return nil }
        return rectangles.pointee
    }

    /// Whether rounded corners can be drawn: the transformation scales x and y alike.
    var roundsCorners: Bool { abs(scaleX - scaleY) <= 1e-9 * scaleX }

    /// Fills `frames` (user space; they must not overlap) in `colour` at `alpha`, with
    /// corners rounded by `radius` (at most half the frame's width and height, as
    /// `ScenePainter.roundedRectangle` draws them; only where `roundsCorners`).
    func fill<Frames: Sequence<BoxFrame>>(_ frames: Frames, colour: RGB, alpha: Double = 1, radius: Double = 0) {
        cairo_surface_flush(surface)  // Cairo may have drawn since (photos, dashed boxes)
        let solid = alpha >= 1 ? Self.pixel(colour) : nil
        for frame in frames {
            let corner = radius > 0 ? min(radius, frame.width / 2, frame.height / 2) : 0
            let area = add(frame.x, frame.y, frame.x + frame.width, frame.y + frame.height, radius: corner, 1)
            let cornerPixels = corner * scaleX
            if let solid {
                paintInside(area, corner: cornerPixels, solid)
                touchBorder(area, edge: 1, corner: cornerPixels + 1)
            } else {
                touch(area.left, area.top, area.right, area.bottom)  // see-through: every pixel is laid
            }
        }
        lay(colour, alpha: alpha)
    }

    /// Strokes the outlines of `frames` `lineWidth` wide in `colour`, as Cairo strokes a
    /// rectangle with mitred corners, or with corners rounded by `radius`: the band between
    /// the frame grown and shrunk by half the width (whose corners are rounded by the
    /// radius plus and minus that half). The bands must not overlap.
    func outline<Frames: Sequence<BoxFrame>>(_ frames: Frames, lineWidth: Double, colour: RGB, radius: Double = 0) {
        cairo_surface_flush(surface)
        let half = lineWidth / 2
        for frame in frames {
            let x1 = frame.x + frame.width, y1 = frame.y + frame.height
            let corner = radius > 0 ? min(radius, frame.width / 2, frame.height / 2) : 0
            let outer = add(frame.x - half, frame.y - half, x1 + half, y1 + half, radius: corner > 0 ? corner + half : 0, 1)
            add(frame.x + half, frame.y + half, x1 - half, y1 - half, radius: max(0, corner - half), -1)
            // The band lies within its width of the outer edge, and its corners within the
            // corner's radius and the width.
            touchBorder(outer, edge: lineWidth * scaleX + 1, corner: (corner + lineWidth) * scaleX + 1)
        }
        lay(colour, alpha: 1)
    }

    /// An opaque colour as an RGB24 pixel (8 bits a channel, rounded as Cairo rounds it).
    private static func pixel(_ colour: RGB) -> UInt32 {
        func level(_ channel: Double) -> UInt32 { UInt32(max(0, min(255, channel * 255 + 0.5))) }
        return level(colour.red) << 16 | level(colour.green) << 8 | level(colour.blue)
    }

    /// Paints the pixels wholly inside the device rectangle `area` (away from its corners
    /// rounded by `corner` pixels) in `solid`, and takes them out of the mask: a box's
    /// inside is its own, so it needs no coverage, only its colour.
    private func paintInside(_ area: (left: Double, top: Double, right: Double, bottom: Double), corner: Double, _ solid: UInt32) {
        let left = max(clipX0, area.left), right = min(clipX1, area.right)
        let top = max(clipY0, area.top), bottom = min(clipY1, area.bottom)
        guard right > left, bottom > top else { return }
        let firstColumn = Int(left.rounded(.up)), endColumn = Int(right.rounded(.down))
        let firstRow = Int(top.rounded(.up)), endRow = Int(bottom.rounded(.down))
        guard endColumn > firstColumn, endRow > firstRow else { return }
        // Rows beside the corners keep clear of them: from the corner's inner edge on
        // (clamped to the rows and columns painted, so no far coordinate is converted).
        func row(_ y: Double) -> Int { Int(min(Double(endRow), max(Double(firstRow), y))) }
        func column(_ x: Double) -> Int { Int(min(Double(endColumn), max(Double(firstColumn), x))) }
        let cornerTop = row((area.top + corner).rounded(.up)), cornerBottom = row((area.bottom - corner).rounded(.down))
        let narrowFirst = column((area.left + corner).rounded(.up)), narrowEnd = column((area.right - corner).rounded(.down))
        for row in firstRow..<endRow {
            let beside = corner > 0 && (row < cornerTop || row >= cornerBottom)
            let first = beside ? narrowFirst : firstColumn, end = beside ? narrowEnd : endColumn
            guard end > first else { continue }
            (pixels + row * rowPixels + first).update(repeating: solid, count: end - first)
            (mask + row * width + first).update(repeating: 0, count: end - first)
        }
    }

    /// Marks as pixels for `lay` to visit the border of the device rectangle `area`: strips
    /// `edge` pixels deep along its sides and squares `corner` pixels wide at its corners
    /// (the whole rectangle when those meet).
    private func touchBorder(_ area: (left: Double, top: Double, right: Double, bottom: Double), edge: Double, corner: Double) {
        let (left, top, right, bottom) = area
        guard right - left > 2 * max(edge, corner), bottom - top > 2 * max(edge, corner) else {
            touch(left, top, right, bottom)
            return
        }
        touch(left, top, right, top + edge)
        touch(left, bottom - edge, right, bottom)
        touch(left, top + edge, left + edge, bottom - edge)
        touch(right - edge, top + edge, right, bottom - edge)
        for (x, y) in [(left, top), (right - corner, top), (left, bottom - corner), (right - corner, bottom - corner)] {
            touch(x, y, x + corner, y + corner)
        }
    }

    /// Adds `sign` × the area of the user-space rectangle (x0, y0)–(x1, y1), its corners
    /// rounded by `radius`, that falls in each pixel to that pixel's coverage (nothing
    /// when the rectangle is empty).
    /// Returns the rectangle in device pixels.
    @discardableResult
    private func add(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, radius: Double,
                     _ sign: Float) -> (left: Double, top: Double, right: Double, bottom: Double) {
        let left = scaleX * x0 + offsetX, right = scaleX * x1 + offsetX
        let top = scaleY * y0 + offsetY, bottom = scaleY * y1 + offsetY
        // A mark that is not finite covers nothing (and is never converted to a pixel).
        guard left.isFinite, right.isFinite, top.isFinite, bottom.isFinite, radius.isFinite else { return (0, 0, 0, 0) }
        addArea(left, top, right, bottom, sign)
        let r = min(radius * scaleX, (right - left) / 2, (bottom - top) / 2)
        guard r > 0 else { return (left, top, right, bottom) }
        // Each corner's cut: its r × r square less the quarter disc of radius r about the
        // square's inner corner.
        for (centreX, cornerX) in [(left + r, left), (right - r, right)] {
            for (centreY, cornerY) in [(top + r, top), (bottom - r, bottom)] {
                cutCorner(centreX: centreX, centreY: centreY, cornerX: cornerX, cornerY: cornerY, radius: r, sign)
            }
        }
        return (left, top, right, bottom)
    }

    /// Marks the pixels of the device rectangle (within the clip) as ones `lay` visits.
    private func touch(_ left: Double, _ top: Double, _ right: Double, _ bottom: Double) {
        let left = max(clipX0, left), right = min(clipX1, right)
        let top = max(clipY0, top), bottom = min(clipY1, bottom)
        guard right > left, bottom > top else { return }
        touched.append((Int(left.rounded(.down)), Int(top.rounded(.down)), Int(right.rounded(.up)), Int(bottom.rounded(.up))))
    }

    /// Adds `sign` × the area of the device rectangle (left, top)–(right, bottom) within
    /// the clip that falls in each pixel to that pixel's coverage.
    private func addArea(_ left: Double, _ top: Double, _ right: Double, _ bottom: Double, _ sign: Float) {
        let left = max(clipX0, left), right = min(clipX1, right)
        let top = max(clipY0, top), bottom = min(clipY1, bottom)
        guard right > left, bottom > top else { return }
        let firstColumn = Int(left.rounded(.down)), endColumn = Int(right.rounded(.up))
        let firstRow = Int(top.rounded(.down)), endRow = Int(bottom.rounded(.up))
        // The first and last columns may be partly covered; those between are whole.
        let lastColumn = endColumn - 1
        let firstWide = Float(min(right, Double(firstColumn + 1)) - left)
        let lastWide = Float(right - max(left, Double(lastColumn)))
        for row in firstRow..<endRow {
            let high = sign * Float(min(bottom, Double(row + 1)) - max(top, Double(row)))
            let line = mask + row * width
            guard lastColumn > firstColumn else {
                line[firstColumn] += high * Float(right - left)
                continue
            }
            line[firstColumn] += high * firstWide
            for column in firstColumn + 1..<lastColumn { line[column] += high }
            line[lastColumn] += high * lastWide
        }
    }

    /// Takes `sign` × the cut of one rounded corner off each pixel it falls in: the part
    /// of the square between (cornerX, cornerY) and (centreX, centreY) farther than
    /// `radius` from the centre.
    private func cutCorner(centreX: Double, centreY: Double, cornerX: Double, cornerY: Double, radius: Double, _ sign: Float) {
        let left = max(clipX0, min(centreX, cornerX)), right = min(clipX1, max(centreX, cornerX))
        let top = max(clipY0, min(centreY, cornerY)), bottom = min(clipY1, max(centreY, cornerY))
        guard right > left, bottom > top else { return }
        for row in Int(top.rounded(.down))..<Int(bottom.rounded(.up)) {
            let y0 = max(top, Double(row)), y1 = min(bottom, Double(row + 1))
            // Distances from the centre along y (v) and, below, along x (u).
            let v0 = min(abs(y0 - centreY), abs(y1 - centreY)), v1 = max(abs(y0 - centreY), abs(y1 - centreY))
            for column in Int(left.rounded(.down))..<Int(right.rounded(.up)) {
                let x0 = max(left, Double(column)), x1 = min(right, Double(column + 1))
                let u0 = min(abs(x0 - centreX), abs(x1 - centreX)), u1 = max(abs(x0 - centreX), abs(x1 - centreX))
                let cut = (u1 - u0) * (v1 - v0) - Self.discArea(u0, u1, v0, v1, radius: radius)
                mask[row * width + column] -= sign * Float(cut)
            }
        }
    }

    /// The area of the part of the rectangle u0...u1 × v0...v1 (all between 0 and `radius`)
    /// within `radius` of the origin.
    static func discArea(_ u0: Double, _ u1: Double, _ v0: Double, _ v1: Double, radius r: Double) -> Double {
        let square = r * r
        // Wholly outside or inside the disc (most of a corner's pixels): no integral.
        if u0 * u0 + v0 * v0 >= square { return 0 }
        if u1 * u1 + v1 * v1 <= square { return (u1 - u0) * (v1 - v0) }
        // The disc's edge is v = √(r² − u²): above v1 for u below `full`, below v0 beyond `none`.
        let full = v1 < r ? (square - v1 * v1).squareRoot() : 0
        let none = (square - v0 * v0).squareRoot()
        var area = max(0, min(u1, full) - u0) * (v1 - v0)
        let low = max(u0, full), high = min(u1, none)
        if high > low {
            // ∫ √(r² − u²) du = (u √(r² − u²) + r² asin(u / r)) / 2
            func integral(_ u: Double) -> Double {
                (u * max(0, square - u * u).squareRoot() + square * arcsine(min(1, u / r))) / 2
            }
            area += integral(high) - integral(low) - v0 * (high - low)
        }
        return area
    }

    /// asin(x) for x in 0...1 within 7e-5 (Abramowitz and Stegun 4.4.45): a hundredth of a
    /// coverage level for the corners of a few pixels this draws, at a tenth of libm's cost.
    static func arcsine(_ x: Double) -> Double {
        let polynomial = ((-0.0187293 * x + 0.0742610) * x - 0.2121144) * x + 1.5707288
        return Double.pi / 2 - (1 - x).squareRoot() * polynomial
    }

    /// Lays `colour` at `alpha` over every covered pixel, in proportion to its coverage
    /// (Cairo's OVER with an antialiasing mask of 8-bit levels), and clears the mask.
    private func lay(_ colour: RGB, alpha: Double) {
        guard !touched.isEmpty else { return }
        let solid = Self.pixel(colour)
        let redBlue = solid & 0x00FF_00FF, green = solid >> 8 & 0xFF
        let strength = Float(max(0, min(1, alpha)) * 255)
        for area in touched {
            for row in area.y0..<area.y1 {
                let line = pixels + row * rowPixels, covers = mask + row * width
                for column in area.x0..<area.x1 {
                    let covered = covers[column]
                    guard covered != 0 else { continue }
                    covers[column] = 0
                    // Coverage in 8-bit levels, as Cairo's masks: under half a level draws nothing.
                    let share = UInt32(min(1, max(0, covered)) * strength + 0.5)
                    guard share > 0 else { continue }
                    let pixel = line[column]
                    guard share < 255 else {
                        line[column] = pixel & 0xFF00_0000 | solid
                        continue
                    }
                    // Each channel (new · share + old · keep) / 255, rounded to nearest: red
                    // and blue side by side in one word (16 bits each, no carry between them),
                    // divided as t = x + 128, (t + t >> 8) >> 8 — exactly ⌊(x + 127) / 255⌋
                    // for every x up to 255².
                    let keep = 255 - share
                    var mixedRedBlue = (pixel & 0x00FF_00FF) * keep + redBlue * share + 0x0080_0080
                    mixedRedBlue = (mixedRedBlue + (mixedRedBlue >> 8 & 0x00FF_00FF)) >> 8 & 0x00FF_00FF
                    var mixedGreen = (pixel >> 8 & 0xFF) * keep + green * share + 0x80
                    mixedGreen = (mixedGreen + (mixedGreen >> 8)) >> 8 & 0xFF
                    line[column] = pixel & 0xFF00_0000 | mixedRedBlue | mixedGreen << 8
                }
            }
        }
        touched.removeAll(keepingCapacity: true)
        cairo_surface_mark_dirty(surface)
    }
}

/// The coverage buffer `PixelRectangles` sums marks into: one float per pixel, all zero
/// between uses (each `lay` clears what it laid). A painter keeps one for all its images,
/// so a thumbnail neither allocates nor clears a whole mask.
final class CoverageMask {
    private var values: UnsafeMutablePointer<Float>?
    private var count = 0

    deinit { free(values) }

    /// The buffer, with room for `count` pixels (zeros where nothing is laid).
    fileprivate func reserve(_ count: Int) -> UnsafeMutablePointer<Float> {
        if let values, self.count >= count { return values }
        free(values)
        let grown = calloc(count, MemoryLayout<Float>.stride)!.assumingMemoryBound(to: Float.self)
        values = grown
        self.count = count
        return grown
    }
}

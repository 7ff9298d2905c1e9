/// How separate parts of a chart share the page.
public enum PartArrangement: String, Codable, Sendable, CaseIterable {
    /// Packed in two dimensions toward a target shape (default).
    case pack
    /// Side by side in one row, top-aligned, in order.
    case row
}

/// Places rectangles (the chart's parts) on one page: shelves, tallest first ("next fit
/// decreasing height"), with the shelf width chosen among a few candidates so that the
/// whole page comes closest to a target aspect ratio (width / height) at the smallest
/// area. Persons who belong to no family are gathered beforehand into one grid block
/// (`gridBlock`), so a file of thousands of unrelated persons becomes a block, not a ribbon.
/// With `fillsGaps` (`--compact`) a skyline packing is tried too, over more widths, and
/// the page that scores best is kept.
///
/// - Complexity: O(k log k) for k rectangles (a fixed number of candidate widths); with
///   `fillsGaps`, O(k²) up to `skylineLimit` rectangles.
struct PartPacking {
    /// Target width / height of the packed page.
    var aspect: Double
    /// Space between neighbouring rectangles of one shelf.
    var gap: Double
    /// Space between one shelf and the next: at least a full row pitch, so that a part
    /// never stands one row under another and reads as its children.
    var shelfGap: Double
    /// Whether the page may come out 4 times wider (or narrower) than `aspect`, or as
    /// much as its largest part already is, before its shape counts against it
    /// (`--compact`: a wall chart's paper is what it costs, on a roll or tiled on sheets,
    /// and the page can be no squarer than that part). Otherwise every departure from the
    /// target shape counts (a page meant for one sheet).
    var toleratesLargestPartShape = false
    /// Whether parts may also stand under one another beside a taller part, in the room a
    /// shelf would leave empty (`skyline`, `--compact`); the shelves' packing is kept when
    /// it scores better. Without it the page is packed in shelves alone, as it always was.
    var fillsGaps = false

    /// The most parts `skyline` packs (it is quadratic in them); beyond, shelves alone.
    static let skylineLimit = 400

    /// The most parts `nested` packs; and its work (parts × (parts + the host's outline's
    /// rectangles)²) up to which every candidate width is tried, and beyond which it is not
    /// tried at all (US Presidents' 36 parts, about 3 × 10⁵: its layout took 0.14 s, now 0.18).
    static let nestingLimit = 60
    static let nestingWork = (everyWidth: 2e6, most: 2e7)

    struct Result {
        /// Top-left corner of each rectangle.
        var origins: [(x: Double, y: Double)]
        var width: Double
        var height: Double
        /// The rectangle others stand inside of, in the empty corners of its outline (`nested`).
        var host: Int? = nil
    }

    /// Where a part's boxes, lines and labels are, as rectangles in its own coordinates (its
    /// rectangle's top-left corner at 0, 0): what `nested` keeps other parts clear of. A
    /// rectangle of boxes (`lines` false) keeps them `shelfGap` above or under it, one of
    /// lines only `gap`: a part may stand over another's lines, not a row over its boxes.
    typealias Outline = [(x0: Double, y0: Double, x1: Double, y1: Double, lines: Bool)]

    /// - Parameter host: with `fillsGaps`, the largest part and its outline: the others may
    ///   also stand inside its rectangle, where its outline leaves room (`nested`).
    func pack(_ sizes: [(width: Double, height: Double)], arrangement: PartArrangement,
              host: (index: Int, outline: Outline)? = nil) -> Result {
        guard !sizes.isEmpty else { return Result(origins: [], width: 0, height: 0) }
        if arrangement == .row || sizes.count == 1 { return inRow(sizes) }
        let order = sizes.indices.sorted { (-sizes[$0].height, -sizes[$0].width, $0) < (-sizes[$1].height, -sizes[$1].width, $1) }
        let area = sizes.reduce(0) { $0 + ($1.width + gap) * ($1.height + shelfGap) }
        let widest = sizes.map(\.width).max()!
        let ideal = max(widest, (area * aspect).squareRoot())
        var candidates = [widest, sizes.reduce(-gap) { $0 + $1.width + gap }]
        for factor in [0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.25, 1.4, 1.6, 2.0] { candidates.append(max(widest, ideal * factor)) }
        let tolerance = self.tolerance(sizes)
        var best: Result?, bestScore = Double.infinity
        func consider(_ result: Result) {
            let score = self.score(result, tolerance: tolerance)
            if score < bestScore - 1e-9 {
                best = result
                bestScore = score
            }
        }
        for width in candidates { consider(shelves(sizes, order: order, width: width)) }
        if fillsGaps && sizes.count <= Self.skylineLimit {
            // The widest part and the next few beside it, one, two, … columns of them: strips
            // that hold the tallest part and the rest under one another beside it.
            var beside = widest
            for w in sizes.map(\.width).sorted(by: >).dropFirst().prefix(12) {
                beside += gap + w
                candidates.append(beside)
            }
            for factor in [0.5, 0.75, 0.85, 0.95, 1.05, 1.2, 1.5, 1.8, 2.5] { candidates.append(max(widest, ideal * factor)) }
            let byArea = sizes.indices.sorted {
                (-sizes[$0].width * sizes[$0].height, $0) < (-sizes[$1].width * sizes[$1].height, $1)
            }
            for width in candidates {
                consider(skyline(sizes, order: order, width: width))
                consider(skyline(sizes, order: byArea, width: width))
            }
            let obstacles = Double((host?.outline.count ?? 0) + sizes.count), work = Double(sizes.count) * obstacles * obstacles
            if let host, sizes.count <= Self.nestingLimit, work <= Self.nestingWork.most {
                let guests = order.filter { $0 != host.index }, guestsByArea = byArea.filter { $0 != host.index }
                // Every width tried above, or where that costs too much, the host's own width
                // with up to six columns beside it and three near the target shape.
                let widths = work <= Self.nestingWork.everyWidth ? Array(candidates.dropFirst(2))
                    : Array(candidates.dropFirst(12).prefix(6)) + [0.8, 1.0, 1.25].map { max(widest, ideal * $0) }
                for width in [widest] + widths {
                    consider(nested(sizes, host: host, order: guests, width: width))
                    consider(nested(sizes, host: host, order: guestsByArea, width: width))
                }
            }
        }
        return best!
    }

    /// Bottom-left packing around a host part's outline, in a strip `width` wide: the host
    /// at the top left, then each other rectangle in `order` where its top is highest on the
    /// page (then leftmost), `gap` beside and `shelfGap` above or under every rectangle of
    /// the host's outline (`gap` for its lines) and every rectangle placed before, so that no
    /// part comes nearer to another than on shelves, nor stands under another's boxes less
    /// than a row apart. A family tree is widest at its lower rows: its upper corners take
    /// the smaller parts.
    /// - Complexity: O(k · r² log r) for k rectangles and r = k + the outline's rectangles.
    func nested(_ sizes: [(width: Double, height: Double)], host: (index: Int, outline: Outline), order: [Int],
                width: Double) -> Result {
        var obstacles = host.outline
        let stripWidth = max(width, sizes.map(\.width).max()!)
        var origins = [(x: Double, y: Double)](repeating: (0, 0), count: sizes.count)
        var (usedWidth, usedHeight) = (sizes[host.index].width, sizes[host.index].height)
        var inside = false
        for i in order {
            let (w, h) = sizes[i]
            // The rows a rectangle may start at: the top, or a shelf gap under something placed
            // (a gap under lines).
            let tops = Set([0] + obstacles.map { $0.y1 + ($0.lines ? gap : shelfGap) }).sorted()
            var place: (x: Double, y: Double)?
            for y in tops {
                // The x ranges this rectangle's left edge may not take at this y, left to right.
                let blocked = obstacles.filter {
                    let apart = $0.lines ? gap : shelfGap
                    return $0.y0 < y + h + apart - 1e-9 && y < $0.y1 + apart - 1e-9
                }.map { (low: $0.x0 - gap - w, high: $0.x1 + gap) }.sorted { $0.low < $1.low }
                var x = 0.0
                for range in blocked {
                    if range.low + 1e-9 >= x { break }
                    x = max(x, range.high)
                }
                if x + w <= stripWidth + 1e-9 {
                    place = (x, y)
                    break
                }
            }
            let (x, y) = place ?? (0, (obstacles.map(\.y1).max() ?? 0) + shelfGap)
            origins[i] = (x, y)
            obstacles.append((x, y, x + w, y + h, false))
            // Nearer the host's rectangle than a shelf or a neighbour would stand: it stands in
            // the host's corners, where only the outline keeps it clear (and the host is unframed).
            inside = inside || (x < sizes[host.index].width + gap - 1e-9 && y < sizes[host.index].height + shelfGap - 1e-9)
            usedWidth = max(usedWidth, x + w)
            usedHeight = max(usedHeight, y + h)
        }
        return Result(origins: origins, width: usedWidth, height: usedHeight, host: inside ? host.index : nil)
    }

    /// How many times more elongated than `aspect` a page of these parts may be before its
    /// shape counts (`toleratesLargestPartShape`), else 1.
    func tolerance(_ sizes: [(width: Double, height: Double)]) -> Double {
        guard toleratesLargestPartShape, let largest = sizes.max(by: { $0.width * $0.height < $1.width * $1.height }) else { return 1 }
        return max(4, deviation(largest.width / max(largest.height, 1)))
    }

    /// How many times wider or narrower than the target a shape (width / height) is.
    private func deviation(_ shape: Double) -> Double { shape > aspect ? shape / aspect : aspect / shape }

    /// Smaller is better: the area, times how far the shape is from the target aspect
    /// beyond `tolerance`, squared.
    func score(_ result: Result, tolerance: Double) -> Double {
        let off = max(1, deviation(result.width / max(result.height, 1)) / tolerance)
        return result.width * result.height * off * off
    }

    private func inRow(_ sizes: [(width: Double, height: Double)]) -> Result {
        var x = 0.0, origins: [(x: Double, y: Double)] = []
        for size in sizes {
            origins.append((x, 0))
            x += size.width + gap
        }
        return Result(origins: origins, width: x - gap, height: sizes.map(\.height).max()!)
    }

    private func shelves(_ sizes: [(width: Double, height: Double)], order: [Int], width: Double) -> Result {
        var origins = [(x: Double, y: Double)](repeating: (0, 0), count: sizes.count)
        var x = 0.0, y = 0.0, shelfHeight = 0.0, usedWidth = 0.0
        for i in order {
            if x > 0 && x + sizes[i].width > width + 1e-9 {
                y += shelfHeight + shelfGap
                x = 0
                shelfHeight = 0
            }
            origins[i] = (x, y)
            usedWidth = max(usedWidth, x + sizes[i].width)
            shelfHeight = max(shelfHeight, sizes[i].height)
            x += sizes[i].width + gap
        }
        return Result(origins: origins, width: usedWidth, height: y + shelfHeight)
    }

    /// Bottom-left skyline packing (as in Jylänki's survey of rectangle bin packing, 2010)
    /// in a strip `width` wide: each rectangle in `order` goes where its top is highest on
    /// the page (then leftmost), on the lower edge of what is already placed, `gap` beside and
    /// `shelfGap` under every other rectangle (each is taken `gap` wider and `shelfGap`
    /// taller, so none comes nearer). A short part thus stands under another short one
    /// beside a tall part instead of opening a shelf below it. A rectangle wider than the
    /// strip widens it.
    /// - Complexity: O(k²) for k rectangles (the skyline has at most 2k + 1 segments).
    func skyline(_ sizes: [(width: Double, height: Double)], order: [Int], width: Double) -> Result {
        // The skyline: segments left to right, each the lowest y a rectangle may start at there.
        var segments: [(x: Double, width: Double, y: Double)] = [(0, max(width, sizes.map(\.width).max()!) + gap, 0)]
        let stripWidth = segments[0].width
        var origins = [(x: Double, y: Double)](repeating: (0, 0), count: sizes.count)
        var (usedWidth, usedHeight) = (0.0, 0.0)
        for i in order {
            let w = sizes[i].width + gap
            var best: (y: Double, x: Double, first: Int)?
            for s in segments.indices where segments[s].x + w <= stripWidth + 1e-9 {
                var y = 0.0, k = s, end = segments[s].x + w
                while k < segments.count && segments[k].x < end - 1e-9 {
                    y = max(y, segments[k].y)
                    k += 1
                }
                if best == nil || y < best!.y - 1e-9 { best = (y, segments[s].x, s) }  // ties: the leftmost
            }
            let (y, x, first) = best!
            origins[i] = (x, y)
            usedWidth = max(usedWidth, x + sizes[i].width)
            usedHeight = max(usedHeight, y + sizes[i].height)
            // Replace the segments under [x, x + w) by one at the rectangle's bottom.
            let end = x + w
            var last = first
            while last < segments.count && segments[last].x < end - 1e-9 { last += 1 }
            var replacement = [(x: x, width: w, y: y + sizes[i].height + shelfGap)]
            let tail = segments[last - 1]
            if tail.x + tail.width > end + 1e-9 { replacement.append((end, tail.x + tail.width - end, tail.y)) }
            segments.replaceSubrange(first..<last, with: replacement)
        }
        return Result(origins: origins, width: usedWidth, height: usedHeight)
    }

    /// Cells of `count` equal boxes in a grid whose shape is near the target aspect, row
    /// by row; returns each cell's top-left corner and the block's size.
    func gridBlock(count: Int, cellWidth: Double, cellHeight: Double, gapX: Double, gapY: Double)
        -> (origins: [(x: Double, y: Double)], width: Double, height: Double) {
        guard count > 0 else { return ([], 0, 0) }
        let (w, h) = (cellWidth + gapX, cellHeight + gapY)
        let columns = max(1, min(count, Int((Double(count) * aspect * h / w).squareRoot().rounded(.up))))
        let rows = (count + columns - 1) / columns
        let origins = (0..<count).map { (Double($0 % columns) * w, Double($0 / columns) * h) }
        return (origins, Double(columns) * w - gapX, Double(rows) * h - gapY)
    }
}

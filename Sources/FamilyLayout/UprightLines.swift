/// The upright pieces of a scene's lines (connectors and couple bars), bucketed by x, to
/// ask whether a family's upright line at some x stands clear of every other family's:
/// nearer than `minimum` side by side, and within `reach` of each other end to end, two
/// upright lines read as one. Used to move hang points (`HangNudging`) and drops
/// (`DropNudging`).
struct UprightLines {
    /// One upright piece of a family's line (`family`: its number in `LineFamilies`).
    struct Piece {
        var x: Double
        var low: Double
        var high: Double
        var family: Int
    }

    /// Least distance between the centre lines of two families' upright lines.
    let minimum: Double
    /// Upright lines one above the other nearer than this read as one (the row gap).
    let reach: Double
    /// The pieces, and per cell of x (`minimum` wide) the last piece added to it, each piece
    /// naming the one added to its cell before it (-1 for none): one flat list instead of
    /// an array per cell.
    private var pieces: [Piece] = []
    private var previousInCell: [Int] = []
    /// The last piece of each cell from `firstDenseCell` on, in an array (the scene's width
    /// in cells, when that is not many more than the pieces), and of any other cell.
    private var lastInDenseCell: [Int32] = []
    private var firstDenseCell = 0
    private var lastInCell: [Int: Int] = [:]

    /// - Parameters:
    ///   - capacity: about how many pieces will be added.
    ///   - span: where most pieces stand (the scene's width): its cells are found by index
    ///     instead of by hashing when there are at most 16 per piece (a dense array of
    ///     4 bytes a cell), so memory stays proportional to the pieces.
    init(minimum: Double, reach: Double, capacity: Int = 0, span: ClosedRange<Double>? = nil) {
        self.minimum = minimum
        self.reach = reach
        pieces.reserveCapacity(capacity)
        previousInCell.reserveCapacity(capacity)
        if let span, abs(span.lowerBound / minimum) < 1e15, abs(span.upperBound / minimum) < 1e15 {
            let (first, last) = (Int((span.lowerBound / minimum).rounded(.down)), Int((span.upperBound / minimum).rounded(.down)))
            if last - first < 16 * capacity + 4096 && capacity < Int(Int32.max) {
                firstDenseCell = first
                lastInDenseCell = [Int32](repeating: -1, count: last - first + 1)
                return
            }
        }
        lastInCell.reserveCapacity(capacity)
    }

    /// The upright pieces of all of `scene`'s connectors and couple bars (a bar that runs
    /// over its row to a partner further along comes down beside a box: a line just above
    /// it would seem to run on into that bar), each of its family in `families`.
    init(scene: Scene, families: LineFamilies, minimum: Double, reach: Double) {
        self.init(minimum: minimum, reach: reach, capacity: 2 * scene.connectors.count + scene.coupleBars.count,
                  span: 0...max(0, scene.width))
        for c in scene.connectors.indices { add(scene.connectors[c].points, family: families.ofConnector[c]) }
        for b in scene.coupleBars.indices { add(scene.coupleBars[b].points, family: families.ofBar[b]) }
    }

    /// The last piece added to cell `k`, or -1.
    private func lastPiece(inCell k: Int) -> Int {
        let d = k &- firstDenseCell
        if d >= 0 && d < lastInDenseCell.count { return Int(lastInDenseCell[d]) }
        return lastInCell[k] ?? -1
    }

    private func cell(_ x: Double) -> Int { Int((x / minimum).rounded(.down)) }

    /// Adds the upright pieces of the polyline `points`, a line of `family`.
    mutating func add(_ points: [Point], family: Int) {
        for k in points.indices.dropLast() {  // by index: zipping with a slice retains the list
            let (p, q) = (points[k], points[k + 1])
            if abs(p.x - q.x) < 1e-9 && p.y != q.y { add(Piece(x: p.x, low: min(p.y, q.y), high: max(p.y, q.y), family: family)) }
        }
    }

    mutating func add(_ piece: Piece) {
        let k = cell(piece.x), d = k &- firstDenseCell
        if d >= 0 && d < lastInDenseCell.count && pieces.count < Int(Int32.max) {
            previousInCell.append(Int(lastInDenseCell[d]))
            lastInDenseCell[d] = Int32(pieces.count)
        } else {
            previousInCell.append(lastInCell.updateValue(pieces.count, forKey: k) ?? -1)
        }
        pieces.append(piece)
    }

    /// Takes out `family`'s pieces at `x` within `low`...`high` (a line that moved away):
    /// they no longer keep other families' lines off.
    mutating func retire(family: Int, x: Double, low: Double, high: Double) {
        var i = lastPiece(inCell: cell(x))
        while i >= 0 {
            let piece = pieces[i]
            if piece.family == family && abs(piece.x - x) < 1e-9 && piece.low >= low - 1e-9 && piece.high <= high + 1e-9 {
                // An empty piece, above everything: it is never within reach of a line.
                (pieces[i].low, pieces[i].high) = (Double.infinity, Double.infinity)
            }
            i = previousInCell[i]
        }
    }

    /// Whether an upright line of `family` at `x` from `low` to `high` keeps clear of every
    /// other family's.
    func isClear(_ x: Double, family: Int, low: Double, high: Double) -> Bool {
        for k in (cell(x - minimum) - 1)...(cell(x + minimum) + 1) {
            var i = lastPiece(inCell: k)
            while i >= 0 {
                let piece = pieces[i]
                if piece.family != family && abs(piece.x - x) < minimum && piece.low - high < reach && low - piece.high < reach {
                    return false
                }
                i = previousInCell[i]
            }
        }
        return true
    }

    /// The x nearest `x` (in half points, right before left at equal distance) between
    /// `lowest` and `highest` where such a line is clear, or nil if there is none.
    func nearestClear(to x: Double, family: Int, low: Double, high: Double, between lowest: Double, and highest: Double) -> Double? {
        var step = 0.5
        while x - step >= lowest || x + step <= highest {
            if x + step <= highest && isClear(x + step, family: family, low: low, high: high) { return x + step }
            if x - step >= lowest && isClear(x - step, family: family, low: low, high: high) { return x - step }
            step += 0.5
        }
        return nil
    }
}

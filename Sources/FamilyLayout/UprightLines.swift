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
    private var lastInCell: [Int: Int] = [:]

    init(minimum: Double, reach: Double, capacity: Int = 0) {
        self.minimum = minimum
        self.reach = reach
        pieces.reserveCapacity(capacity)
        previousInCell.reserveCapacity(capacity)
        lastInCell.reserveCapacity(capacity)
    }

    private func cell(_ x: Double) -> Int { Int((x / minimum).rounded(.down)) }

    /// Adds the upright pieces of the polyline `points`, a line of `family`.
    mutating func add(_ points: [Point], family: Int) {
        for (p, q) in zip(points, points.dropFirst()) where abs(p.x - q.x) < 1e-9 && p.y != q.y {
            add(Piece(x: p.x, low: min(p.y, q.y), high: max(p.y, q.y), family: family))
        }
    }

    mutating func add(_ piece: Piece) {
        previousInCell.append(lastInCell.updateValue(pieces.count, forKey: cell(piece.x)) ?? -1)
        pieces.append(piece)
    }

    /// Whether an upright line of `family` at `x` from `low` to `high` keeps clear of every
    /// other family's.
    func isClear(_ x: Double, family: Int, low: Double, high: Double) -> Bool {
        for k in (cell(x - minimum) - 1)...(cell(x + minimum) + 1) {
            var i = lastInCell[k] ?? -1
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

/// A connector as one piece of a book draws it: whole, or the part from its start to where
/// it leaves the piece (on the parents' piece), or from where it enters to its end (on
/// the child's).
struct BookLine: Equatable, Sendable {
    var connector: Int
    var points: [Point]
}

/// A place where lines leave one piece and go on in another: the tag there stands for the
/// persons at the lines' other end ("continued on page 14").
public struct BookCrossing: Equatable, Sendable {
    /// The piece the tag stands on.
    public var piece: Int
    public var side: BookSide
    /// Where the lines cross the piece's window edge, in the whole chart's points.
    public var point: Point
    /// True on the parents' piece (the lines go on toward the children); false on the
    /// children's piece (the lines come from the parents).
    public var isExit: Bool
    /// The connectors crossing here (indexes into the scene's connectors), ascending.
    public var connectors: [Int]
    /// The pieces at the lines' other ends, in the order the lines first reach them.
    public var others: [Int]
}

/// What each piece draws of the chart's lines.
struct BookCut {
    var lines: [[BookLine]]
    /// The scene boxes each piece draws in place as references (ascending): the persons at
    /// the far end of its lines drawn whole, each with whether it is a child there.
    var references: [[(box: Int, isChild: Bool)]]
    var crossings: [BookCrossing]
}

/// Splits each connector between the pieces of its two ends. A connector whose parents
/// and child share a piece is drawn whole there. Otherwise each end's piece draws it whole
/// when the line and the box at the other end lie inside its window, that box standing as
/// a reference in its own place; else the piece draws it from its start to where it first
/// leaves the window (the parents' piece), or from where it last enters to its end (the
/// child's), and a tag at the edge stands for the other end. Lines leaving (or entering)
/// at the same point, the children of one couple under one drop, share one tag.
/// - Complexity: O(c · k) for c connectors of k points.
enum BookCuts {
    static func cut(_ scene: Scene, pieces: [BookPiece]) -> BookCut {
        var pieceOf = Array(repeating: -1, count: scene.persons.count)
        for (p, piece) in pieces.enumerated() { for b in piece.boxes { pieceOf[b] = p } }
        var lines = Array(repeating: [BookLine](), count: pieces.count)
        var references = Array(repeating: [Int: Bool](), count: pieces.count)
        struct Key: Hashable { var piece: Int, side: BookSide, at: Int, exit: Bool }
        var crossings: [Key: BookCrossing] = [:]
        func note(_ piece: Int, _ side: BookSide, _ point: Point, exit: Bool, other: Int, _ c: Int) {
            let along = side == .top || side == .bottom ? point.x : point.y
            let key = Key(piece: piece, side: side, at: Int((along * 2).rounded()), exit: exit)
            var crossing = crossings[key] ?? BookCrossing(piece: piece, side: side, point: point, isExit: exit, connectors: [], others: [])
            crossing.connectors.append(c)
            if !crossing.others.contains(other) { crossing.others.append(other) }
            crossings[key] = crossing
        }
        func inside(_ boxes: [Int], _ window: Box) -> Bool {
            boxes.allSatisfy { b in
                let box = scene.persons[b]
                return window.contains(Point(box.x, box.y)) && window.contains(Point(box.maxX, box.maxY))
            }
        }
        for (c, connector) in scene.connectors.enumerated() {
            let parents = connector.parentBoxes.filter { pieceOf.indices.contains($0) }
            guard let parent = parents.first, pieceOf.indices.contains(connector.childBox), connector.points.count >= 2 else { continue }
            let (from, to) = (pieceOf[parent], pieceOf[connector.childBox])
            guard from >= 0, to >= 0 else { continue }
            if from == to, connector.points.allSatisfy({ pieces[from].window.contains($0) }) {
                lines[from].append(BookLine(connector: c, points: connector.points))
                continue
            }
            // The parents' end.
            let fromWindow = pieces[from].window
            if from != to, connector.points.allSatisfy({ fromWindow.contains($0) }), inside([connector.childBox], fromWindow) {
                lines[from].append(BookLine(connector: c, points: connector.points))
                references[from][connector.childBox] = true
            } else {
                // A line inside the window whose child's box is not ends at its last point.
                let start = clipped(connector.points, to: fromWindow) ?? (connector.points, nearestSide(connector.points.last!, fromWindow))
                lines[from].append(BookLine(connector: c, points: start.points))
                note(from, start.side, start.points.last!, exit: true, other: to, c)
            }
            // The child's end.
            let toWindow = pieces[to].window
            let foreign = parents.filter { pieceOf[$0] != to }
            if from != to, connector.points.allSatisfy({ toWindow.contains($0) }), inside(foreign, toWindow) {
                lines[to].append(BookLine(connector: c, points: connector.points))
                for b in foreign where references[to][b] == nil { references[to][b] = false }
            } else {
                let end = clipped(connector.points.reversed(), to: toWindow)
                    ?? (connector.points.reversed(), nearestSide(connector.points.first!, toWindow))
                lines[to].append(BookLine(connector: c, points: end.points.reversed()))
                note(to, end.side, end.points.last!, exit: false, other: from, c)
            }
        }
        let ordered = crossings.values.sorted { ($0.piece, $0.side, $0.isExit ? 0 : 1, $0.point.x, $0.point.y)
            < ($1.piece, $1.side, $1.isExit ? 0 : 1, $1.point.x, $1.point.y) }
        return BookCut(lines: lines, references: references.map { $0.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } },
                       crossings: ordered)
    }
    /// The polyline from its first point to where it first leaves `rect` (the exit last),
    /// with the edge it leaves by; nil when it never leaves. A polyline that starts outside
    /// leaves at once (its first point, on the nearest edge).
    static func clipped(_ points: [Point], to rect: Box) -> (points: [Point], side: BookSide)? {
        guard let first = points.first else { return nil }
        guard rect.contains(first) else { return ([first], nearestSide(first, rect)) }
        var kept = [first]
        for (a, b) in zip(points, points.dropFirst()) {
            if rect.contains(b) {
                kept.append(b)
                continue
            }
            // Liang–Barsky: the largest t in [0, 1] keeping a + t(b − a) inside.
            var t = 1.0
            let (dx, dy) = (b.x - a.x, b.y - a.y)
            var side = BookSide.bottom
            for (d, room, s) in [(dx, rect.maxX - a.x, BookSide.right), (-dx, a.x - rect.x, .left),
                                 (dy, rect.maxY - a.y, .bottom), (-dy, a.y - rect.y, .top)] where d > 0 {
                let limit = max(0, room) / d
                if limit < t { (t, side) = (limit, s) }
            }
            kept.append(Point(a.x + t * dx, a.y + t * dy))
            return (kept, side)
        }
        return nil
    }

    private static func nearestSide(_ p: Point, _ rect: Box) -> BookSide {
        let distances: [(Double, BookSide)] = [(abs(p.y - rect.y), .top), (abs(p.y - rect.maxY), .bottom),
                                               (abs(p.x - rect.x), .left), (abs(p.x - rect.maxX), .right)]
        return distances.min { $0.0 < $1.0 }!.1
    }
}

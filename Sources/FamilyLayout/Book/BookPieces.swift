/// One piece of a chart book: a connected partial tree of the chart (a couple or a person,
/// and as many generations of their descendants as one page holds) that one page shows
/// whole, at the boxes' own places. It holds whole boxes only; lines to persons outside it
/// end at those persons' reference boxes (`BookCuts`).
public struct BookPiece: Equatable, Sendable {
    /// The boxes' part (`PersonBox.part`).
    public var part: Int
    /// The window in the whole chart's points: the piece's boxes and bars, and the
    /// references and lines it draws in place, lie inside it. Windows of different pieces
    /// may overlap (a piece draws only its own boxes and references).
    public var window: Box
    /// Indexes into the scene's persons, ascending.
    public var boxes: [Int]
    /// The generations of its boxes, lowest first.
    public var generations: ClosedRange<Int>
    /// The box that heads the piece (its top couple's first person).
    public var head: Int
}

/// Cuts a scene into pieces that each fit `width` × `height` chart points: partial trees
/// (Kundu and Misra's bottom-up tree partition, with boxes for weights). Every couple group
/// (a person and the partners joined to them by bars) hangs under the couple its line
/// comes down from; walking that forest from the leaves up, each couple takes its children's
/// pieces, and while the whole would not fit a page it gives up its largest child's piece,
/// which becomes a piece of its own. A piece's size counts the references it draws in
/// place (the parents above its top couple, the children under its lowest ones, partners'
/// parents) and the lanes of the tags of lines too long to draw whole.
///
/// Pieces come in the forest's preorder (a branch's first piece, then the pieces under it
/// left to right), so the pages follow lines of descent.
/// - Complexity: O(n · d) for n boxes and lines in a forest of depth d.
enum BookCutting {
    /// Room around a piece's outermost marks.
    static let padding = 6.0
    /// A line whose reach (its points and both ends' boxes) is wider or taller than this
    /// share of a page is not drawn whole to a reference: it ends at a tag at the edge.
    static let nearShare = 0.5

    /// `tight`: head boxes of pieces whose tags took more room than foreseen; the pieces
    /// under them are cut with room for tags on every side.
    static func pieces(of scene: Scene, width: Double, height: Double, tight: Set<Int> = []) -> [BookPiece] {
        let persons = scene.persons
        guard !persons.isEmpty else { return [] }
        // Couple groups.
        var leader = Array(persons.indices)
        func find(_ b: Int) -> Int {
            var r = b
            while leader[r] != r { r = leader[r] }
            var c = b
            while leader[c] != r { (leader[c], c) = (r, leader[c]) }
            return r
        }
        for bar in scene.coupleBars {
            let members = bar.boxes.filter { persons.indices.contains($0) }
            guard let first = members.first else { continue }
            for other in members.dropFirst() where abs(persons[other].y - persons[first].y) < 0.5 && persons[other].part == persons[first].part {
                let (a, b) = (find(first), find(other))
                if a != b { leader[max(a, b)] = min(a, b) }
            }
        }
        var groups: [Int: [Int]] = [:]
        for b in persons.indices { groups[find(b), default: []].append(b) }
        // A group wider than a page (a person with many partners) is cut between its boxes.
        let widest = width - 2 * padding - 2 * BookSettings.sideLane
        var unitBoxes: [[Int]] = []
        for key in groups.keys.sorted() {
            let boxes = groups[key]!
            let low = boxes.map { persons[$0].x }.min()!, high = boxes.map { persons[$0].maxX }.max()!
            guard high - low > widest else { unitBoxes.append(boxes); continue }
            var run: [Int] = []
            for b in boxes.sorted(by: { (persons[$0].x, $0) < (persons[$1].x, $1) }) {
                if let first = run.first, persons[b].maxX - persons[first].x > widest {
                    unitBoxes.append(run.sorted())
                    run = []
                }
                run.append(b)
            }
            unitBoxes.append(run.sorted())
        }
        var unitOf = Array(repeating: -1, count: persons.count)
        for (u, boxes) in unitBoxes.enumerated() { for b in boxes { unitOf[b] = u } }
        let units = unitBoxes.count
        var extent = unitBoxes.map { boxes in boxes.map { Self.box(persons[$0]) }.reduce(Self.box(persons[boxes[0]]), Self.union) }
        for bar in scene.coupleBars {
            guard let first = bar.boxes.first, persons.indices.contains(first), let reach = Self.bounds(bar.points),
                  bar.boxes.allSatisfy({ persons.indices.contains($0) && unitOf[$0] == unitOf[first] }) else { continue }
            extent[unitOf[first]] = Self.union(extent[unitOf[first]], reach)
        }
        let isTight = unitBoxes.map { !tight.isDisjoint(with: $0) }
        /// Whether a cluster of `bounds` with far ends `ends` fits a page with its lanes.
        func fits(_ bounds: Box, _ ends: [(x: Double, y: Double)], tight: Bool) -> Bool {
            if tight {
                return bounds.width + 2 * padding + 2 * BookSettings.sideLane <= width
                    && bounds.height + 2 * padding + 2 * BookSettings.lane <= height
            }
            var sides = Set<BookSide>()
            for end in ends {
                // The line leaves toward its far end: across, up or down, or both.
                if end.x < bounds.x { sides.insert(.left) } else if end.x > bounds.maxX { sides.insert(.right) }
                if end.y < bounds.y { sides.insert(.top) } else if end.y > bounds.maxY || (bounds.x...bounds.maxX).contains(end.x) { sides.insert(.bottom) }
            }
            let w = bounds.width + 2 * padding + (sides.contains(.left) ? BookSettings.sideLane : 0) + (sides.contains(.right) ? BookSettings.sideLane : 0)
            let h = bounds.height + 2 * padding + (sides.contains(.top) ? BookSettings.lane : 0) + (sides.contains(.bottom) ? BookSettings.lane : 0)
            return w <= width && h <= height
        }
        // Lines: each unit's own reach takes its lines with their far ends (the references
        // it may draw in place), nearest first, as long as it fits a page and the line is
        // short; the other lines are far, noted with where their far end is.
        let nearWidth = width * nearShare, nearHeight = height * nearShare
        var candidates = Array(repeating: [(span: Box, end: (x: Double, y: Double), line: Int)](), count: units)
        var parent = Array(repeating: -1, count: units), parentLine = Array(repeating: Int.max, count: units)
        for (c, line) in scene.connectors.enumerated() {
            guard let p = line.parentBoxes.first, persons.indices.contains(p), persons.indices.contains(line.childBox) else { continue }
            let (from, to) = (unitOf[p], unitOf[line.childBox])
            guard from != to else { continue }
            var span = line.parentBoxes.filter(persons.indices.contains).map { Self.box(persons[$0]) }.reduce(Self.box(persons[line.childBox]), Self.union)
            if let points = Self.bounds(line.points) { span = Self.union(span, points) }
            let (a, b) = (persons[p], persons[line.childBox])
            candidates[from].append((span, (b.centerX, b.y + b.height / 2), c))
            candidates[to].append((span, (a.centerX, a.y + a.height / 2), c))
            // The line a unit hangs by: from a higher row of its part, a birth line first.
            let rank = (line.crossLink ? 1 << 40 : 0) + c
            if persons[p].y < persons[line.childBox].y - 0.5, persons[p].part == persons[line.childBox].part, rank < parentLine[to] {
                (parent[to], parentLine[to]) = (from, rank)
            }
        }
        var reach = extent
        var far: [[(x: Double, y: Double)]] = Array(repeating: [], count: units)
        for u in 0..<units {
            for candidate in candidates[u].sorted(by: { ($0.span.width * $0.span.height, $0.line) < ($1.span.width * $1.span.height, $1.line) }) {
                let grown = Self.union(reach[u], candidate.span)
                if candidate.span.width <= nearWidth, candidate.span.height <= nearHeight, fits(grown, far[u], tight: isTight[u]) {
                    reach[u] = grown
                } else {
                    far[u].append(candidate.end)
                }
            }
        }
        var children = Array(repeating: [Int](), count: units)
        for u in 0..<units where parent[u] >= 0 { children[parent[u]].append(u) }
        for u in 0..<units { children[u].sort { (extent[$0].x, $0) < (extent[$1].x, $1) } }
        let roots = (0..<units).filter { parent[$0] < 0 }.sorted {
            let (a, b) = (persons[unitBoxes[$0][0]], persons[unitBoxes[$1][0]])
            return (a.part, a.y, a.x, $0) < (b.part, b.y, b.x, $1)
        }

        struct Cluster { var units: [Int]; var bounds: Box; var far: [(x: Double, y: Double)] }
        var clusters = [Cluster?](repeating: nil, count: units)
        var cut: [Int] = []  // the units heading a piece
        for root in roots {
            // Post-order, iteratively.
            var stack = [(root, false)]
            while let (u, done) = stack.popLast() {
                if !done {
                    stack.append((u, true))
                    for child in children[u].reversed() { stack.append((child, false)) }
                    continue
                }
                var kept = children[u]
                func whole() -> (bounds: Box, far: [(x: Double, y: Double)]) {
                    var bounds = reach[u], ends = far[u]
                    for k in kept {
                        bounds = Self.union(bounds, clusters[k]!.bounds)
                        ends += clusters[k]!.far
                    }
                    return (bounds, ends)
                }
                var (bounds, ends) = whole()
                while !fits(bounds, ends, tight: isTight[u]), !kept.isEmpty {
                    let largest = kept.max { a, b in
                        let (x, y) = (clusters[a]!.bounds, clusters[b]!.bounds)
                        return (x.width * x.height, -a) < (y.width * y.height, -b)
                    }!
                    cut.append(largest)
                    kept.removeAll { $0 == largest }
                    (bounds, ends) = whole()
                }
                var members = [u]
                for k in kept {
                    members += clusters[k]!.units
                    clusters[k] = nil
                }
                clusters[u] = Cluster(units: members, bounds: bounds, far: ends)
            }
            cut.append(root)
        }
        // Preorder of the forest: the order of the pieces.
        var order = Array(repeating: 0, count: units), next = 0
        for root in roots {
            var stack = [root]
            while let u = stack.popLast() {
                order[u] = next
                next += 1
                stack.append(contentsOf: children[u].reversed())
            }
        }
        cut.sort { order[$0] < order[$1] }
        return cut.map { u in
            let cluster = clusters[u]!
            let boxes = cluster.units.flatMap { unitBoxes[$0] }.sorted()
            let generations = boxes.map { persons[$0].generation }
            let b = cluster.bounds
            return BookPiece(part: persons[unitBoxes[u][0]].part,
                             window: Box(x: b.x - padding, y: b.y - padding, width: b.width + 2 * padding, height: b.height + 2 * padding),
                             boxes: boxes, generations: generations.min()!...generations.max()!, head: unitBoxes[u][0])
        }
    }

    static func box(_ p: PersonBox) -> Box { Box(x: p.x, y: p.y, width: p.width, height: p.height) }

    static func union(_ a: Box, _ b: Box) -> Box {
        let x = min(a.x, b.x), y = min(a.y, b.y)
        return Box(x: x, y: y, width: max(a.maxX, b.maxX) - x, height: max(a.maxY, b.maxY) - y)
    }

    static func bounds(_ points: [Point]) -> Box? {
        guard let first = points.first else { return nil }
        var (x0, y0, x1, y1) = (first.x, first.y, first.x, first.y)
        for p in points { (x0, y0, x1, y1) = (min(x0, p.x), min(y0, p.y), max(x1, p.x), max(y1, p.y)) }
        return Box(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// One piece of a chart book: a window of the whole chart that one page shows whole. It
/// holds whole boxes only (no page edge cuts a box); lines that leave it end at a
/// reference on the page (`BookCuts`).
public struct BookPiece: Equatable, Sendable {
    /// The boxes' part (`PersonBox.part`).
    public var part: Int
    /// The window in the whole chart's points: the piece's boxes and bars lie inside it,
    /// and the windows of different pieces never overlap.
    public var window: Box
    /// Indexes into the scene's persons, ascending.
    public var boxes: [Int]
    /// The generations of its boxes, lowest first.
    public var generations: ClosedRange<Int>
}

/// Cuts a scene into pieces that each fit `width` × `height` chart points: a k-d cut
/// along the chart's own rows and gaps. A part taller than a page is cut between rows
/// (just under a row's boxes, so the lines to the next row start in the lower piece);
/// a piece wider than a page is cut where no box or couple bar of any of its rows stands;
/// where every row is too crowded for such a gap, it takes fewer rows, down to one row,
/// which always has gaps between couples. Only a single couple group (a person and their
/// partners, joined by bars) wider than a page is cut between its boxes.
///
/// Pieces come in reading order: part by part, a cut's upper piece before its lower one and
/// its left before its right.
/// - Complexity: O(n · log n · d) for n boxes, where d is the depth of the cut (at most
///   the number of rows plus the number of pieces).
enum BookCutting {
    /// Room around a piece's outermost boxes, and below a row before the cut under it.
    static let padding = 6.0, clearance = 2.0

    private struct Region {
        var part: Int
        var rows: ClosedRange<Int>
        var groups: [Int]
        var low = -Double.infinity, high = Double.infinity
    }

    static func pieces(of scene: Scene, width: Double, height: Double) -> [BookPiece] {
        let persons = scene.persons
        var byPart: [Int: [Int]] = [:]
        for (b, box) in persons.enumerated() { byPart[box.part, default: []].append(b) }
        // Couple groups: boxes of one row joined by bars, with the bars' reach.
        var leader = Array(persons.indices)
        func find(_ b: Int) -> Int {
            var r = b
            while leader[r] != r { r = leader[r] }
            var c = b
            while leader[c] != r { (leader[c], c) = (r, leader[c]) }
            return r
        }
        var reach: [(low: Double, high: Double)] = persons.map { ($0.x, $0.maxX) }
        for bar in scene.coupleBars {
            let members = bar.boxes.filter { persons.indices.contains($0) }
            guard let first = members.first else { continue }
            let low = bar.points.map(\.x).min() ?? persons[first].x, high = bar.points.map(\.x).max() ?? persons[first].maxX
            reach[first] = (min(reach[first].low, low), max(reach[first].high, high))
            for other in members.dropFirst() where abs(persons[other].y - persons[first].y) < 0.5 {
                let (a, b) = (find(first), find(other))
                if a != b { leader[max(a, b)] = min(a, b) }
            }
        }
        var pieces: [BookPiece] = []
        for part in byPart.keys.sorted() {
            let boxes = byPart[part]!
            // Rows: the distinct tops of the part's boxes.
            var tops = boxes.map { persons[$0].y }.sorted()
            tops = tops.reduce(into: [Double]()) { rows, y in if rows.last.map({ y - $0 > 0.5 }) ?? true { rows.append(y) } }
            func row(_ y: Double) -> Int {
                var lo = 0, hi = tops.count - 1
                while lo < hi { let mid = (lo + hi + 1) / 2; if tops[mid] <= y + 0.5 { lo = mid } else { hi = mid - 1 } }
                return lo
            }
            var bottoms = Array(repeating: -Double.infinity, count: tops.count)
            var groupMembers: [Int: [Int]] = [:]
            for b in boxes {
                bottoms[row(persons[b].y)] = max(bottoms[row(persons[b].y)], persons[b].maxY)
                groupMembers[find(b), default: []].append(b)
            }
            let groups = groupMembers.keys.sorted()
            var groupRow: [Int: Int] = [:], groupReach: [Int: (low: Double, high: Double)] = [:]
            for g in groups {
                let members = groupMembers[g]!
                groupRow[g] = row(persons[members[0]].y)
                groupReach[g] = (members.map { reach[$0].low }.min()!, members.map { reach[$0].high }.max()!)
            }
            let last = tops.count - 1
            func top(_ r: Int) -> Double { r == 0 ? tops[0] - padding : bottoms[r - 1] + clearance }
            func bottom(_ r: Int) -> Double { r == last ? bottoms[r] + padding : bottoms[r] + clearance }
            var stack = [Region(part: part, rows: 0...last, groups: groups)]
            while let region = stack.popLast() {
                let low = region.groups.map { groupReach[$0]!.low }.min()!, high = region.groups.map { groupReach[$0]!.high }.max()!
                let tall = bottom(region.rows.upperBound) - top(region.rows.lowerBound)
                let single = region.groups.count == 1 && groupMembers[region.groups[0]]!.count == 1
                let fitsWidth = high - low + 2 * padding <= width
                if (fitsWidth && (tall <= height || region.rows.count == 1)) || single {
                    let window = Box(x: max(region.low, low - padding), y: top(region.rows.lowerBound), width: 0, height: tall)
                    var piece = BookPiece(part: part, window: window, boxes: region.groups.flatMap { groupMembers[$0]! }.sorted(),
                                          generations: 0...0)
                    piece.window.width = min(region.high, high + padding) - piece.window.x
                    let generations = piece.boxes.map { persons[$0].generation }
                    piece.generations = generations.min()!...generations.max()!
                    pieces.append(piece)
                    continue
                }
                var parts: [Region] = []
                if tall > height, region.rows.count > 1 {
                    // The most rows from the top that fit; the rest below.
                    var end = region.rows.lowerBound
                    while end < region.rows.upperBound, bottom(end + 1) - top(region.rows.lowerBound) <= height { end += 1 }
                    parts = [region.rows.lowerBound...end, (end + 1)...region.rows.upperBound].map { rows in
                        Region(part: part, rows: rows, groups: region.groups.filter { rows.contains(groupRow[$0]!) },
                               low: region.low, high: region.high)
                    }
                } else {
                    parts = runs(region, reach: groupReach, width: width)
                    if parts.count == 1, region.rows.count > 1 {
                        let middle = (region.rows.lowerBound + region.rows.upperBound) / 2
                        parts = [region.rows.lowerBound...middle, (middle + 1)...region.rows.upperBound].map { rows in
                            Region(part: part, rows: rows, groups: region.groups.filter { rows.contains(groupRow[$0]!) },
                                   low: region.low, high: region.high)
                        }
                    } else if parts.count == 1 {
                        // One couple group wider than a page: cut between its boxes.
                        let members = region.groups.flatMap { groupMembers[$0]! }.sorted { (persons[$0].x, $0) < (persons[$1].x, $1) }
                        for b in members {
                            groupMembers[b] = [b]
                            groupReach[b] = (persons[b].x, persons[b].maxX)
                        }
                        var split = members.map { Region(part: part, rows: region.rows, groups: [$0], low: region.low, high: region.high) }
                        for i in split.indices.dropFirst() {
                            let middle = (persons[members[i - 1]].maxX + persons[members[i]].x) / 2
                            split[i - 1].high = min(split[i - 1].high, middle)
                            split[i].low = max(split[i].low, middle)
                        }
                        parts = merged(split, persons: persons, width: width)
                    }
                }
                parts = parts.filter { !$0.groups.isEmpty }
                stack.append(contentsOf: parts.reversed())
            }
        }
        return pieces
    }

    /// The region's groups cut into runs of clusters each at most `width` wide: a cluster is
    /// groups whose reaches overlap across all the region's rows, and runs are cut in the
    /// middle of the gaps between clusters, as far right as the width allows.
    private static func runs(_ region: Region, reach: [Int: (low: Double, high: Double)], width: Double) -> [Region] {
        let sorted = region.groups.sorted { (reach[$0]!.low, $0) < (reach[$1]!.low, $1) }
        var clusters: [(low: Double, high: Double, groups: [Int])] = []
        for g in sorted {
            let r = reach[g]!
            if let lastCluster = clusters.last, r.low <= lastCluster.high {
                clusters[clusters.count - 1].high = max(lastCluster.high, r.high)
                clusters[clusters.count - 1].groups.append(g)
            } else {
                clusters.append((r.low, r.high, [g]))
            }
        }
        var result: [Region] = []
        var start = 0
        while start < clusters.count {
            var end = start
            while end + 1 < clusters.count, clusters[end + 1].high - clusters[start].low + 2 * padding <= width { end += 1 }
            var piece = Region(part: region.part, rows: region.rows, groups: clusters[start...end].flatMap(\.groups),
                               low: region.low, high: region.high)
            if start > 0 { piece.low = max(region.low, (clusters[start - 1].high + clusters[start].low) / 2) }
            if end + 1 < clusters.count { piece.high = min(region.high, (clusters[end].high + clusters[end + 1].low) / 2) }
            result.append(piece)
            start = end + 1
        }
        return result
    }

    /// Neighbouring single-box regions joined while they fit `width` (a wide couple group cut).
    private static func merged(_ parts: [Region], persons: [PersonBox], width: Double) -> [Region] {
        var result: [Region] = []
        for p in parts {
            if var lastPart = result.last {
                let low = persons[lastPart.groups[0]].x, high = persons[p.groups[0]].maxX
                if high - low + 2 * padding <= width {
                    lastPart.groups.append(p.groups[0])
                    lastPart.high = p.high
                    result[result.count - 1] = lastPart
                    continue
                }
            }
            result.append(p)
        }
        return result
    }
}

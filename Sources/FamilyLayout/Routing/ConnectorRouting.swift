/// Phase 6 of the family layout: tracks for the horizontal runs of parent→child lines in
/// the gap between two rows, so that no two runs overlap and runs that must cross do so
/// as little as possible.
///
/// Each union with children in the row below has one *run*: from the point its children
/// hang from, down to its track, across to its first and last child, and down into each
/// child. Two runs need different tracks when their spans overlap (or touch). Which one
/// goes higher is chosen by cost, as in Sander's orthogonal hyperedge routing (the design
/// ELK follows): putting A above B costs one crossing for each of A's drops into children
/// inside B's span, and one if B's drop from its parents lies inside A's span. The
/// cheaper choice becomes an edge of a "goes above" graph; cycles are broken, and each
/// run, in that graph's order (leftmost first where it leaves a choice), takes the
/// highest track below the runs that go above it and free of the overlapping runs
/// placed before it. A pair that crosses as often either way is no edge, so a row of
/// runs that each touch the next takes two tracks, not a staircase. Overlapping pairs are found with a sweep
/// over the spans, so the cost is O(k log k + overlapping pairs); a gap with more than
/// `pairBudget` overlapping pairs falls back to first-fit tracks in order of the spans'
/// left ends (still never overlapping).
struct ConnectorRouting {
    struct Run {
        /// Where the run comes down from its parents.
        var top: Double
        /// Where it goes down into each child, sorted.
        var drops: [Double]
        var low: Double { min(top, drops.first ?? top) }
        var high: Double { max(top, drops.last ?? top) }
        /// A run straight down to a single child needs no track.
        var needsTrack: Bool { high - low > 1e-9 }
    }

    /// Runs closer than this share no track (so that lines never seem to join): 5 pt clear
    /// between two families' lines, plus the line's own width.
    static let clearance = 6.0
    static let pairBudget = 200_000

    /// The track of every run (0 = highest) and the number of tracks; runs that need none get 0.
    static func tracks(for runs: [Run]) -> (track: [Int], count: Int) {
        var track = [Int](repeating: 0, count: runs.count)
        let routed = runs.indices.filter { runs[$0].needsTrack }.sorted { (runs[$0].low, $0) < (runs[$1].low, $1) }
        guard !routed.isEmpty else { return (track, 0) }

        // Overlapping pairs by a sweep: active runs whose span reaches the next run's start.
        var pairs: [(Int, Int)] = []
        var active: [Int] = []
        var tooMany = false
        for r in routed {
            active.removeAll { runs[$0].high + clearance < runs[r].low }
            for a in active { pairs.append((a, r)) }
            if pairs.count > pairBudget { tooMany = true; break }
            active.append(r)
        }
        if tooMany { return firstFit(runs, routed) }

        // A pair whose order changes the crossings gets the cheaper order; a pair that
        // crosses as often either way (a tie) only needs two different tracks.
        var above = [[Int]](repeating: [], count: runs.count)  // above[a] holds runs that go below a
        var indegree = [Int](repeating: 0, count: runs.count)
        var preferred: [(upper: Int, lower: Int)] = []
        var ties: [(Int, Int)] = []
        preferred.reserveCapacity(pairs.count)
        for (a, b) in pairs {
            let aOverB = cost(runs[a], above: runs[b]), bOverA = cost(runs[b], above: runs[a])
            if aOverB == bOverA {
                ties.append((a, b))
                continue
            }
            let (upper, lower) = aOverB < bOverA ? (a, b) : (b, a)
            preferred.append((upper, lower))
            above[upper].append(lower)
            indegree[lower] += 1
        }
        // An order that follows the preferences, leftmost ready run first, breaking any
        // cycle at the earliest remaining run.
        var rank = [Int](repeating: 0, count: runs.count)  // place in `routed`, left to right
        for (k, r) in routed.enumerated() { rank[r] = k }
        var order: [Int] = []
        order.reserveCapacity(routed.count)
        var ready = MinHeap()  // (rank, run)
        for r in routed where indegree[r] == 0 { ready.push((Double(rank[r]), r)) }
        var done = [Bool](repeating: false, count: runs.count)
        var nextStuck = 0
        while order.count < routed.count {
            if ready.peek == nil {
                while done[routed[nextStuck]] { nextStuck += 1 }
                ready.push((Double(rank[routed[nextStuck]]), routed[nextStuck]))
            }
            let r = ready.pop()!.1
            if done[r] { continue }
            done[r] = true
            order.append(r)
            for lower in above[r] where !done[lower] {
                indegree[lower] -= 1
                if indegree[lower] == 0 { ready.push((Double(rank[lower]), lower)) }
            }
        }
        // Every preferred pair goes above-below in that order (a preference a cycle broke is
        // turned round). In that order each run takes the highest track below the runs that
        // go above it and free of every overlapping run placed already, so overlapping runs
        // never share a track, and a tie takes whichever order needs fewer tracks.
        var position = [Int](repeating: 0, count: runs.count)
        for (k, r) in order.enumerated() { position[r] = k }
        var below = [[Int]](repeating: [], count: runs.count)
        for (upper, lower) in preferred {
            if position[upper] < position[lower] { below[upper].append(lower) } else { below[lower].append(upper) }
        }
        var neighbours = [[Int]](repeating: [], count: runs.count)
        for (a, b) in ties {
            neighbours[a].append(b)
            neighbours[b].append(a)
        }
        var taken: [Int] = []
        var count = 0
        for r in order {
            taken.removeAll(keepingCapacity: true)
            for n in neighbours[r] where position[n] < position[r] { taken.append(track[n]) }  // placed already
            taken.sort()
            var t = track[r]  // the highest it may go: just below every run above it
            for used in taken where used >= t {
                if used == t { t += 1 } else { break }
            }
            track[r] = t
            count = max(count, t + 1)
            for lower in below[r] { track[lower] = max(track[lower], t + 1) }
        }
        return (track, count)
    }

    /// Crossings caused by drawing `a` above `b`.
    static func cost(_ a: Run, above b: Run) -> Int {
        var crossings = countInside(a.drops, b.low, b.high)
        if b.top > a.low && b.top < a.high { crossings += 1 }
        return crossings
    }

    /// How many of the sorted `values` lie strictly between `low` and `high`.
    private static func countInside(_ values: [Double], _ low: Double, _ high: Double) -> Int {
        func firstIndex(above bound: Double, orEqual: Bool) -> Int {
            values.partitionPoint { $0 < bound || (!orEqual && $0 == bound) }
        }
        return max(0, firstIndex(above: high, orEqual: true) - firstIndex(above: low, orEqual: false))
    }

    /// Tracks in order of the spans' left ends, each run on the track that came free first
    /// (interval colouring with a heap of track ends: O(k log k), as few tracks as can be).
    private static func firstFit(_ runs: [Run], _ routed: [Int]) -> (track: [Int], count: Int) {
        var track = [Int](repeating: 0, count: runs.count)
        var heap = MinHeap()
        var count = 0
        for r in routed {
            if let (end, free) = heap.peek, end + clearance < runs[r].low {
                _ = heap.pop()
                track[r] = free
            } else {
                track[r] = count
                count += 1
            }
            heap.push((runs[r].high, track[r]))
        }
        return (track, count)
    }
}

/// A binary min-heap of (key, value) pairs, ties by value.
private struct MinHeap {
    private var items: [(key: Double, value: Int)] = []

    var peek: (Double, Int)? { items.first.map { ($0.key, $0.value) } }

    private func less(_ i: Int, _ j: Int) -> Bool { (items[i].key, items[i].value) < (items[j].key, items[j].value) }

    mutating func push(_ item: (Double, Int)) {
        items.append((item.0, item.1))
        var i = items.count - 1
        while i > 0, less(i, (i - 1) / 2) {
            items.swapAt(i, (i - 1) / 2)
            i = (i - 1) / 2
        }
    }

    mutating func pop() -> (Double, Int)? {
        guard let top = items.first else { return nil }
        items.swapAt(0, items.count - 1)
        items.removeLast()
        var i = 0
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < items.count, less(l, m) { m = l }
            if r < items.count, less(r, m) { m = r }
            if m == i { break }
            items.swapAt(i, m)
            i = m
        }
        return (top.key, top.value)
    }
}

/// Longest paths over difference constraints (`SpanCompaction`'s leftmost and rightmost
/// placements): edges relaxed from a queue until nothing moves, the work bounded linearly
/// in the size of the constraint graph.
enum LongestPaths {
    /// Longest paths from `start` over `edges` (`forward`: x[to] ≥ x[from] + weight raises
    /// x[to]; backward: lowers x[from]); `next` lists each block's edges to follow. Nil if
    /// the values still move after 64 × (blocks + edges) looks at an edge (a cycle of gain,
    /// or paths that settle too slowly: the caller then leaves the part as it stands).
    /// `order` is every block once: the order they are first visited in.
    static func find(start: [Double], edges: [(from: Int, to: Int, weight: Double)], next: [[Int]],
                     forward: Bool, order: [Int]) -> [Double]? {
        var value = start
        var queue = order, queued = [Bool](repeating: true, count: start.count)
        // The bound counts every edge looked at, not only those that moved a value: a block
        // of many members has many edges and may be taken again and again, and bounding
        // only the moves let random intermarried families look at edges for seconds
        // (40,000 persons: 31 s of layout, now 3 s; the paths of real files settle far
        // inside the bound, and their charts are unchanged).
        var head = 0, budget = 64 * (start.count + edges.count) + 1024
        while head < queue.count {
            let b = queue[head]
            head += 1
            queued[b] = false
            budget -= next[b].count
            guard budget > 0 else { return nil }
            for e in next[b] {
                let edge = edges[e]
                let (target, candidate) = forward ? (edge.to, value[b] + edge.weight) : (edge.from, value[b] - edge.weight)
                guard forward ? candidate > value[target] + 1e-7 : candidate < value[target] - 1e-7 else { continue }
                value[target] = candidate
                if !queued[target] { queued[target] = true; queue.append(target) }
            }
            if head > 4096 && head * 2 > queue.count { queue.removeFirst(head); head = 0 }
        }
        return value
    }
}

/// Finds cycles in the parent → child relation without recursion.
struct AncestryCycleFinder {
    /// `claimedBy[c]` lists every person naming `c` as a child.
    let claimedBy: [[Int]]

    /// Up to `limit` distinct cycles, each as a list of indices from an ancestor down to
    /// the person whose child is the first again.
    /// - Complexity: O(n + e): Kahn's algorithm peels off everything not on or below a
    ///   cycle, then each cycle is traced once by walking up the remaining claims.
    func cycles(limit: Int) -> [[Int]] {
        let n = claimedBy.count
        var childCount = [Int](repeating: 0, count: n)  // out-degree towards children
        for c in 0..<n {
            for p in claimedBy[c] { childCount[p] += 1 }
        }
        // Peel persons with no (remaining) children, bottom up.
        var removed = [Bool](repeating: false, count: n)
        var queue = (0..<n).filter { childCount[$0] == 0 }
        while let v = queue.popLast() {
            removed[v] = true
            for p in claimedBy[v] {
                childCount[p] -= 1
                if childCount[p] == 0 { queue.append(p) }
            }
        }
        // Every remaining person has a remaining child: walk down until a repeat. (Almost
        // every file has no cycle: the children lists are made only when one remains.)
        guard removed.contains(false) else { return [] }
        var childrenOf = [[Int]](repeating: [], count: n)
        for c in 0..<n where !removed[c] {
            for p in claimedBy[c] { childrenOf[p].append(c) }
        }
        var result: [[Int]] = []
        var visited = [Bool](repeating: false, count: n)
        for start in 0..<n where !removed[start] && !visited[start] && result.count < limit {
            var path: [Int] = []
            var position: [Int: Int] = [:]
            var v = start
            while position[v] == nil && !visited[v] {
                position[v] = path.count
                path.append(v)
                v = childrenOf[v].first { !removed[$0] }!
            }
            if let begin = position[v] { result.append(Array(path[begin...]) + [v]) }
            for u in path { visited[u] = true }
        }
        return result
    }
}

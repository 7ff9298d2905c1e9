/// Integer rows for the nodes of a directed acyclic graph that keep every edge pointing at
/// least one row down and make the edges' total weighted length least: the network simplex
/// layering of Gansner, Koutsofios, North and Vo ("A Technique for Drawing Directed
/// Graphs", 1993, section 2), the ranking Graphviz `dot` uses. An edge that comes out one
/// row long is *tight*; the family chart keeps tight links as lines and draws the others as
/// references.
///
/// Phases, as in the paper: the longest-path rows (`initialRows`), a spanning tree of tight
/// edges (`feasibleTree`), then exchanges of a tree edge whose cut value is negative for the
/// non-tree edge of least slack across the same cut, until no cut value is negative. A
/// round of the tree's growth costs O(n + e); an exchange costs the smaller side of its cut
/// and the part of the tree it renumbers (usually far less): subtrees whose numbering still
/// holds are passed over. A `budget` of work bounds the whole, and a graph that would need
/// more keeps the rows reached so far (every edge still at least one row long) or, before a
/// spanning tree exists, gives nil.
///
/// The graph must be connected, and acyclic unless `start` gives rows that obey every edge
/// (the caller breaks cycles and splits parts).
struct NetworkSimplexLayering {
    /// Edges as (tail, head, weight): the head stands at least one row below the tail.
    let nodeCount: Int
    let edges: [(tail: Int, head: Int, weight: Int)]
    /// Units of work (an edge or node looked at) the layering may spend.
    var budget: Int
    /// Each edge's least length (head's row minus tail's), nil: 1 for every edge. Lengths
    /// may be 0 or negative: then the graph may have cycles (of no positive length), and
    /// `start` must give rows that obey every edge (`HangAlignment`'s x-coordinates,
    /// Gansner et al. §4).
    var minimumLengths: [Int]? = nil
    /// Rows obeying every edge to start from instead of the longest-path rows.
    var start: [Int]? = nil

    /// Rows counted from 0 at the top, or nil when the budget ran out before a first
    /// spanning tree of tight edges was found.
    /// - Complexity: bounded by `budget` beyond the O(n + e) of the longest-path rows.
    mutating func rows() -> [Int]? {
        guard nodeCount > 1 else { return Array(repeating: 0, count: nodeCount) }
        var outgoing = [[Int]](repeating: [], count: nodeCount)
        var incoming = [[Int]](repeating: [], count: nodeCount)
        for (k, e) in edges.enumerated() {
            outgoing[e.tail].append(k)
            incoming[e.head].append(k)
        }
        guard var rank = start ?? initialRows(outgoing: outgoing, incoming: incoming),
              let tree = feasibleTree(rank: &rank, outgoing: outgoing, incoming: incoming) else { return nil }
        improve(tree, rank: &rank, outgoing: outgoing, incoming: incoming)
        let top = rank.min() ?? 0
        return rank.map { $0 - top }
    }

    private func slack(_ k: Int, _ rank: [Int]) -> Int { rank[edges[k].head] - rank[edges[k].tail] - minimumLength(k) }

    private func minimumLength(_ k: Int) -> Int { minimumLengths?[k] ?? 1 }

    /// Longest-path rows: sources on row 0, every other node one row below its lowest
    /// predecessor (nil for a graph with a cycle).
    private func initialRows(outgoing: [[Int]], incoming: [[Int]]) -> [Int]? {
        var rank = [Int](repeating: 0, count: nodeCount)
        var waiting = incoming.map(\.count)
        var ready = (0..<nodeCount).filter { waiting[$0] == 0 }
        var done = 0
        while let v = ready.popLast() {
            done += 1
            for k in outgoing[v] {
                let w = edges[k].head
                rank[w] = max(rank[w], rank[v] + minimumLength(k))
                waiting[w] -= 1
                if waiting[w] == 0 { ready.append(w) }
            }
        }
        return done == nodeCount ? rank : nil
    }

    /// A spanning tree of tight edges (as a set of edge numbers), moving rows as needed:
    /// grow the tree along tight edges; when it stops, make the incident edge of least
    /// slack (then least number) tight by shifting the whole tree.
    ///
    /// The edges leaving the tree wait in two heaps by slack, one for each direction, and the
    /// tree's shift is kept as one offset (its members' rows are `rank + shift` until the
    /// end), so a round costs the logarithm of the waiting edges rather than a pass over
    /// every edge and member. The tree grows exactly as a scan of every member, latest
    /// first, would grow it: after a shift, the members with an edge that became tight are
    /// taken latest first.
    private mutating func feasibleTree(rank: inout [Int], outgoing: [[Int]], incoming: [[Int]]) -> Set<Int>? {
        var inTree = [Bool](repeating: false, count: nodeCount)
        var memberNumber = [Int](repeating: -1, count: nodeCount)  // order of joining
        var memberCount = 0
        var treeEdges = Set<Int>()
        var shift = 0  // added to the rows of members (stored without it)
        // Edges with one end in the tree, by direction: leaving it downward (tail in the
        // tree), then entering it from below. A shift of the tree by d takes d from the slack
        // of the first and adds d to the second, so each heap's keys are slack + sign × shift.
        var leaving = [EdgeHeap(), EdgeHeap()]
        let sign = [1, -1]
        var waiting = [Bool](repeating: false, count: edges.count)  // in a heap already
        func join(_ v: Int) {
            inTree[v] = true
            memberNumber[v] = memberCount
            memberCount += 1
            rank[v] -= shift
        }
        func row(_ v: Int) -> Int { inTree[v] ? rank[v] + shift : rank[v] }
        func slack(_ k: Int) -> Int { row(edges[k].head) - row(edges[k].tail) - minimumLength(k) }
        func slack(key: Int, heap h: Int) -> Int { key - sign[h] * shift }
        func isInside(_ k: Int) -> Bool { inTree[edges[k].tail] && inTree[edges[k].head] }
        /// Scans members (latest first) and the nodes they bring in along tight edges; every
        /// other edge leaving the tree goes to its heap.
        func grow(from stack: inout [Int]) {
            func look(_ k: Int, from v: Int) {
                let w = edges[k].tail == v ? edges[k].head : edges[k].tail
                guard !inTree[w] else { return }
                let s = slack(k)
                if s == 0 {
                    join(w)
                    stack.append(w)
                    treeEdges.insert(k)
                } else if !waiting[k] {
                    // An edge stays in its heap until it is tight or inside the tree.
                    waiting[k] = true
                    let h = edges[k].tail == v ? 0 : 1
                    leaving[h].push(key: s + sign[h] * shift, edge: k)
                }
            }
            while let v = stack.popLast() {
                budget -= outgoing[v].count + incoming[v].count
                for k in outgoing[v] { look(k, from: v) }
                for k in incoming[v] { look(k, from: v) }
            }
        }
        join(0)
        var stack = [0]
        grow(from: &stack)
        while memberCount < nodeCount {
            // Drop edges that no longer leave the tree, then take the least slack (then least number).
            for h in 0..<2 {
                while let top = leaving[h].top, isInside(top.edge) {
                    budget -= 1
                    leaving[h].pop()
                }
            }
            let tops = (0..<2).compactMap { h in leaving[h].top.map { (slack: slack(key: $0.key, heap: h), edge: $0.edge) } }
            guard let best = tops.min(by: { ($0.slack, $0.edge) < ($1.slack, $1.edge) }) else {
                return nil  // not connected
            }
            budget -= 1
            if budget < 0 { return nil }
            shift += inTree[edges[best.edge].head] ? -best.slack : best.slack
            // The members with an edge that became tight, latest first (the stack's end).
            var tight = Set<Int>()
            for h in 0..<2 {
                while let top = leaving[h].top, slack(key: top.key, heap: h) == 0 || isInside(top.edge) {
                    leaving[h].pop()
                    budget -= 1
                    let (tail, head) = (edges[top.edge].tail, edges[top.edge].head)
                    if !isInside(top.edge) { tight.insert(inTree[tail] ? tail : head) }
                }
            }
            stack = tight.sorted { memberNumber[$0] < memberNumber[$1] }
            grow(from: &stack)
        }
        for v in 0..<nodeCount { rank[v] += shift }
        return treeEdges
    }

    /// Exchanges tree edges of negative cut value for the least-slack edges across their
    /// cuts until none is negative or the budget is spent. As in Graphviz, a round touches
    /// only what the exchange changes: the entering edge is sought from the smaller side of
    /// the cut, that side's rows move, and the tree's numbering and cut values are renewed
    /// below the lowest node above both ends of the entering edge.
    private mutating func improve(_ treeSet: Set<Int>, rank: inout [Int], outgoing: [[Int]], incoming: [[Int]]) {
        var net = [Int](repeating: 0, count: nodeCount)  // weight out minus weight in, per node
        for e in edges {
            net[e.tail] += e.weight
            net[e.head] -= e.weight
        }
        var tree = RootedTree(nodeCount: nodeCount, edges: edges, tree: treeSet.sorted(), net: net)
        var cursor = 0
        while budget > 0 {
            // A tree edge of negative cut value, searched from where the last search stopped.
            var leaving = -1
            for step in 0..<tree.treeEdges.count {
                let slot = (cursor + step) % tree.treeEdges.count
                if tree.cutValue(tree.treeEdges[slot]) < 0 {
                    leaving = tree.treeEdges[slot]
                    cursor = slot
                    budget -= step + 1
                    break
                }
            }
            guard leaving >= 0 else { return }
            // The cut: the subtree below the edge, and whether it holds the edge's head.
            let below = tree.lowerEnd(of: leaving)
            let headBelow = below == edges[leaving].head
            func inHeadSide(_ v: Int) -> Bool { tree.isInSubtree(v, of: below) == headBelow }
            // The entering edge crosses the cut, so one end is on the smaller side: look there.
            let inside = tree.subtree(of: below)
            let insideIsSmaller = 2 * inside.count <= nodeCount
            let side = insideIsSmaller ? Array(inside) : tree.outside(of: below)
            var entering = -1
            // An edge from the head side to the tail side, of least slack (then least number).
            func consider(_ k: Int) {
                guard !tree.isTreeEdge(k), inHeadSide(edges[k].tail), !inHeadSide(edges[k].head) else { return }
                if entering < 0 || (slack(k, rank), k) < (slack(entering, rank), entering) { entering = k }
            }
            for v in side {
                budget -= outgoing[v].count + incoming[v].count + 1
                outgoing[v].forEach(consider)
                incoming[v].forEach(consider)
            }
            guard entering >= 0 else { return }
            // Close the gap: the side looked at moves toward the other by the entering edge's slack.
            let delta = slack(entering, rank)
            let down = insideIsSmaller == headBelow  // the side moved holds the entering edge's tail
            if delta != 0 { for v in side { rank[v] += down ? delta : -delta } }
            budget -= tree.exchange(leaving, for: entering, net: net)
        }
    }
}

/// A spanning tree rooted at node 0 with each node's postorder range, so that "is v below
/// w" is two comparisons, and each tree edge's cut value (the weight of the edges crossing
/// its cut in its direction, less the weight crossing against it), kept up to date as tree
/// edges are exchanged.
private struct RootedTree {
    let edges: [(tail: Int, head: Int, weight: Int)]
    /// The tree's edges, in no particular order, and each edge's place there (-1: not in the tree).
    private(set) var treeEdges: [Int]
    private var slotOfEdge: [Int]
    /// Tree edges at each node.
    private var adjacent: [[Int]]
    /// Postorder number of each node, and the least number in its subtree.
    private var lim: [Int]
    private var low: [Int]
    private var parentEdge: [Int]
    private var byLim: [Int]
    /// Weight leaving each node's subtree less weight entering it.
    private var subtreeNet: [Int]

    init(nodeCount: Int, edges: [(tail: Int, head: Int, weight: Int)], tree: [Int], net: [Int]) {
        self.edges = edges
        treeEdges = tree
        slotOfEdge = Array(repeating: -1, count: edges.count)
        adjacent = Array(repeating: [], count: nodeCount)
        for (slot, k) in tree.enumerated() {
            slotOfEdge[k] = slot
            adjacent[edges[k].tail].append(k)
            adjacent[edges[k].head].append(k)
        }
        lim = Array(repeating: -1, count: nodeCount)
        low = Array(repeating: 0, count: nodeCount)
        parentEdge = Array(repeating: -1, count: nodeCount)
        byLim = Array(repeating: 0, count: nodeCount)
        subtreeNet = net
        _ = number(from: 0, first: 0, net: net)
    }

    /// Numbers the subtree of `root` in postorder from `first` (its parent edge stays as it
    /// is) and adds up its nodes' net weights, passing over subtrees whose numbers still
    /// hold (as Graphviz's `dfs_range` does); returns the nodes visited (the work done).
    private mutating func number(from root: Int, first: Int, net: [Int]) -> Int {
        var counter = first, visited = 1
        var stack = [(node: root, next: 0)]
        subtreeNet[root] = net[root]
        low[root] = first
        while !stack.isEmpty {
            let (v, i) = stack[stack.count - 1]
            if i < adjacent[v].count {
                stack[stack.count - 1].next += 1
                let k = adjacent[v][i]
                guard k != parentEdge[v] else { continue }
                let w = edges[k].tail == v ? edges[k].head : edges[k].tail
                if parentEdge[w] == k && low[w] == counter && lim[w] >= 0 {
                    // The same parent edge, numbered from the same place and not on a path
                    // the exchange changed: the subtree keeps its numbers and net weight.
                    counter = lim[w] + 1
                    subtreeNet[v] += subtreeNet[w]
                    continue
                }
                parentEdge[w] = k
                subtreeNet[w] = net[w]
                low[w] = counter
                visited += 1
                stack.append((w, 0))
            } else {
                stack.removeLast()
                lim[v] = counter
                byLim[counter] = v
                counter += 1
                if let parent = stack.last?.node { subtreeNet[parent] += subtreeNet[v] }
            }
        }
        return visited
    }

    func isTreeEdge(_ k: Int) -> Bool { slotOfEdge[k] >= 0 }

    /// The end of tree edge `k` farther from the root.
    func lowerEnd(of k: Int) -> Int { parentEdge[edges[k].head] == k ? edges[k].head : edges[k].tail }

    func isInSubtree(_ v: Int, of w: Int) -> Bool { low[w] <= lim[v] && lim[v] <= lim[w] }

    func subtree(of w: Int) -> ArraySlice<Int> { byLim[low[w]...lim[w]] }

    /// The nodes not in the subtree of `w`.
    func outside(of w: Int) -> [Int] { Array(byLim[..<low[w]]) + Array(byLim[(lim[w] + 1)...]) }

    /// Weight from the tail's side to the head's side, less weight the other way.
    func cutValue(_ k: Int) -> Int {
        let below = lowerEnd(of: k)
        // subtreeNet is out of the subtree less into it: the tail's side is below, or the head's.
        return below == edges[k].tail ? subtreeNet[below] : -subtreeNet[below]
    }

    /// Replaces tree edge `leaving` by `entering` (which must reconnect the two halves) and
    /// renumbers the part of the tree that changed: within the subtree of the lowest node
    /// above both ends of `entering`, the subtrees that gained or lost members and those
    /// whose numbers shifted. Returns the nodes visited (the work done).
    mutating func exchange(_ leaving: Int, for entering: Int, net: [Int]) -> Int {
        let below = lowerEnd(of: leaving)
        // The end of the entering edge outside the subtree; its lowest ancestor above `below`.
        var top = isInSubtree(edges[entering].tail, of: below) ? edges[entering].head : edges[entering].tail
        var climbed = 0
        while !isInSubtree(below, of: top) {
            let k = parentEdge[top]
            top = edges[k].tail == top ? edges[k].head : edges[k].tail
            climbed += 1
        }
        // Subtrees whose members change lie on the tree paths from both ends of the entering
        // edge up to `top`: their numbers are dropped so that `number` renews them.
        for end in [edges[entering].tail, edges[entering].head] {
            var v = end
            while v != top {
                lim[v] = -1
                let k = parentEdge[v]
                v = edges[k].tail == v ? edges[k].head : edges[k].tail
                climbed += 1
            }
        }
        let slot = slotOfEdge[leaving]
        slotOfEdge[leaving] = -1
        treeEdges[slot] = entering
        slotOfEdge[entering] = slot
        for end in [edges[leaving].tail, edges[leaving].head] { adjacent[end].removeAll { $0 == leaving } }
        for end in [edges[entering].tail, edges[entering].head] { adjacent[end].append(entering) }
        return climbed + number(from: top, first: low[top], net: net)
    }
}

/// A binary min-heap of edges by an integer key, then edge number.
private struct EdgeHeap {
    private var items: [(key: Int, edge: Int)] = []

    var top: (key: Int, edge: Int)? { items.first }

    mutating func push(key: Int, edge: Int) {
        items.append((key, edge))
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard (items[i].key, items[i].edge) < (items[parent].key, items[parent].edge) else { break }
            items.swapAt(i, parent)
            i = parent
        }
    }

    mutating func pop() {
        guard items.count > 1 else { items.removeAll(); return }
        items[0] = items.removeLast()
        var i = 0
        while true {
            let left = 2 * i + 1, right = left + 1
            var least = i
            if left < items.count && (items[left].key, items[left].edge) < (items[least].key, items[least].edge) { least = left }
            if right < items.count && (items[right].key, items[right].edge) < (items[least].key, items[least].edge) { least = right }
            guard least != i else { return }
            items.swapAt(i, least)
            i = least
        }
    }
}

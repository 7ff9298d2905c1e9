import FamilyModel

/// Rows for the parts whose links disagree about generations, chosen as Graphviz `dot`
/// ranks a graph: partners share a row, every child stands below their parents, and the
/// links' total length is least (`NetworkSimplexLayering`); a link more than one row long is
/// drawn as a reference. The breadth-first rows of `FamilyRows` keep whichever links they
/// meet first, and in files where generations disagree that can pile the persons of several
/// generations into one row: IvarKingOfDublin's widest row held 427 boxes where dot's
/// widest rank holds 232, with as many links broken.
///
/// Partners are one node (a *cluster*); each child link is an edge from the parents'
/// cluster to the child's, of weight 2 from the child's own family and 1 from another
/// (adoptive, foster), so that the own family's line is the one kept. A link within one
/// cluster (someone partnered with their parent) or closing a cycle is broken first.
struct ShortestLinkRows {
    let graph: FamilyGraph
    let rows: FamilyRows

    /// Units of work (an edge or node looked at) the layering of all parts may spend: 500
    /// per cluster and link, at most 5 million (about half a second). Queen.ged's 2,799
    /// clusters and 3,157 links need 0.46 million; 100,000 generated persons with 2,000
    /// marriages across generations would take more, and keep the rows the budget reached.
    var budget: Int?

    /// The rows with every part that had a broken link laid out again; nil when the work
    /// ran out before a first tree of tight links (the breadth-first rows then stand).
    /// - Complexity: O(n + e) to set up, then the layering's rounds, within `budget`.
    func apply() -> FamilyRows? {
        let persons = graph.count
        // Parts with a link the breadth-first rows broke.
        var disagrees = [Bool](repeating: false, count: rows.partCount)
        for (u, union) in graph.unions.enumerated() where !union.partners.isEmpty {
            let part = rows.personPart[union.partners[0]]
            if rows.partnerKept[u].contains(false) || rows.childKept[u].contains(false) { disagrees[part] = true }
        }
        guard disagrees.contains(true) else { return rows }

        // Clusters: partners (of unions in those parts) joined.
        var clusters = OffsetUnionFind(count: persons)  // offsets all 0: plain sets
        for union in graph.unions where union.partners.count > 1 && disagrees[rows.personPart[union.partners[0]]] {
            for p in union.partners.dropFirst() { _ = clusters.relate(union.partners[0], p, offset: 0) }
        }
        var clusterOf = [Int](repeating: -1, count: persons)
        var clusterCount = 0
        var rootCluster = [Int](repeating: -1, count: persons)
        for p in 0..<persons where disagrees[rows.personPart[p]] {
            let root = clusters.find(p).root
            if rootCluster[root] < 0 {
                rootCluster[root] = clusterCount
                clusterCount += 1
            }
            clusterOf[p] = rootCluster[root]
        }
        // Child links as edges; links inside a cluster are broken.
        var links: [(union: Int, slot: Int, edge: Int)] = []
        var edges: [(tail: Int, head: Int, weight: Int)] = []
        for (u, union) in graph.unions.enumerated() where !union.partners.isEmpty && disagrees[rows.personPart[union.partners[0]]] {
            let tail = clusterOf[union.partners[0]]
            for (k, c) in union.children.enumerated() {
                let head = clusterOf[c]
                if head == tail || head < 0 {
                    links.append((u, k, -1))
                } else {
                    links.append((u, k, edges.count))
                    edges.append((tail, head, rows.primaryParentUnion[c] == u ? 2 : 1))
                }
            }
        }
        var budget = self.budget ?? min(5_000_000, 500 * (clusterCount + edges.count))
        let acyclic = Self.withoutCycles(edges, nodeCount: clusterCount)
        // Each connected piece laid out on its own.
        var pieces = OffsetUnionFind(count: clusterCount)
        for k in edges.indices where acyclic[k] { _ = pieces.relate(edges[k].tail, edges[k].head, offset: 0) }
        var nodesOfPiece: [Int: [Int]] = [:]
        for c in 0..<clusterCount { nodesOfPiece[pieces.find(c).root, default: []].append(c) }
        var edgesOfPiece: [Int: [Int]] = [:]
        for k in edges.indices where acyclic[k] { edgesOfPiece[pieces.find(edges[k].tail).root, default: []].append(k) }
        var rank = [Int](repeating: 0, count: clusterCount)
        var local = [Int](repeating: -1, count: clusterCount)
        for root in nodesOfPiece.keys.sorted() {
            let nodes = nodesOfPiece[root]!
            for (i, c) in nodes.enumerated() { local[c] = i }
            let pieceEdges = (edgesOfPiece[root] ?? []).map { (tail: local[edges[$0].tail], head: local[edges[$0].head], weight: edges[$0].weight) }
            var layering = NetworkSimplexLayering(nodeCount: nodes.count, edges: pieceEdges, budget: budget)
            guard let pieceRows = layering.rows() else { return nil }
            budget = layering.budget
            for (i, c) in nodes.enumerated() { rank[c] = pieceRows[i] }
        }

        var result = rows
        // Rows from each part's top (its highest person or union).
        var top = [Int](repeating: Int.max, count: rows.partCount)
        for p in 0..<persons where clusterOf[p] >= 0 { top[rows.personPart[p]] = min(top[rows.personPart[p]], rank[clusterOf[p]]) }
        for p in 0..<persons where clusterOf[p] >= 0 { result.personRow[p] = rank[clusterOf[p]] - top[rows.personPart[p]] }
        for (u, union) in graph.unions.enumerated() where !union.partners.isEmpty && clusterOf[union.partners[0]] >= 0 {
            result.unionRow[u] = result.personRow[union.partners[0]]
            for k in union.partners.indices { result.partnerKept[u, k] = true }
            for k in union.children.indices { result.childKept[u, k] = false }
        }
        for p in 0..<persons where clusterOf[p] >= 0 { result.hangsFromOwnFamily[p] = false }
        for link in links {
            let c = graph.unions[link.union].children[link.slot]
            let kept = link.edge >= 0 && acyclic[link.edge] && rank[edges[link.edge].head] - rank[edges[link.edge].tail] == 1
            result.childKept[link.union, link.slot] = kept
            if kept && rows.primaryParentUnion[c] == link.union { result.hangsFromOwnFamily[c] = true }
        }
        // Broken links: those of the parts kept as they were, and the new ones.
        var broken = 0
        for (u, union) in graph.unions.enumerated() where !union.partners.isEmpty {
            broken += result.partnerKept[u].filter { !$0 }.count + result.childKept[u].filter { !$0 }.count
        }
        result.brokenLinks = broken
        return result
    }

    /// Which edges remain after the edges closing a cycle are dropped (depth first, in
    /// order: an edge back to a node on the current path closes a cycle).
    static func withoutCycles(_ edges: [(tail: Int, head: Int, weight: Int)], nodeCount: Int) -> [Bool] {
        var outgoing = [[Int]](repeating: [], count: nodeCount)
        for (k, e) in edges.enumerated() { outgoing[e.tail].append(k) }
        var kept = [Bool](repeating: true, count: edges.count)
        var state = [UInt8](repeating: 0, count: nodeCount)  // 0 new, 1 on the path, 2 done
        for start in 0..<nodeCount where state[start] == 0 {
            var stack = [(node: start, next: 0)]
            state[start] = 1
            while !stack.isEmpty {
                let (v, i) = stack[stack.count - 1]
                if i < outgoing[v].count {
                    stack[stack.count - 1].next += 1
                    let k = outgoing[v][i], w = edges[k].head
                    if state[w] == 1 {
                        kept[k] = false
                    } else if state[w] == 0 {
                        state[w] = 1
                        stack.append((w, 0))
                    }
                } else {
                    state[v] = 2
                    stack.removeLast()
                }
            }
        }
        return kept
    }
}


import FamilyModel

/// Phase 1 of the family layout: a generation row for every person and union, so that
/// partners share their union's row and every child stands exactly one row below the
/// union it hangs from.
///
/// The rows are the solution of difference equations (`row(partner) = row(union)`,
/// `row(child) = row(union) + 1`), found with a union-find that keeps each node's offset
/// from its set's root. Links are taken in breadth-first order from each person in input
/// order — partner links and each child's own family first, other families (adoptive,
/// foster) last — and a link that contradicts those already taken (someone who married
/// into their niece's generation, cousins of different depths) is *broken*: it is drawn
/// as a reference box in the row the link needs, naming where the person stands. Every
/// link is therefore either drawn as a line or ends at a reference; none is lost. Rows
/// are counted from 0 at the top of each connected part (its highest person or union).
/// Which links break depends on the order they are met in; `ShortestLinkRows` offers the
/// rows that keep the links shortest instead.
///
/// - Complexity: O((n + e) α(n)) for n persons and unions and e links.
struct FamilyRows {
    /// The row of each person, within their part.
    var personRow: [Int]
    /// The row of each union (its partners' row), within its part; -1 for a union without partners.
    var unionRow: [Int]
    /// The connected part of each person (0, 1, …, numbered in input order of their first person).
    var personPart: [Int]
    var partCount = 0
    /// The family each person is drawn under (their first family that names a parent), or -1.
    var primaryParentUnion: [Int]
    /// Per union, per partner: whether the partner's box can stand in the union's row.
    var partnerKept: FlatLists<Bool>
    /// Per union, per child: whether a line from this union can reach the child's own box
    /// (the rows agree): from the primary family it is the one the box hangs from, from
    /// another family (adoptive, foster) a second line. Children not kept get a reference
    /// box under the union.
    var childKept: FlatLists<Bool>
    /// Whether each person's own box hangs from their primary family (it exists and the rows agree).
    var hangsFromOwnFamily: [Bool]
    /// How many links had to become reference boxes because the rows disagreed.
    var brokenLinks = 0

    /// A measure of the page these rows need before anything is placed: for each part, the
    /// most boxes in one of its rows (persons, and the reference box each broken link
    /// leaves: in its union's row for a partner, the row below for a child) times its number
    /// of rows, added up over the parts. A part's area can be no smaller than its widest
    /// row by its height.
    /// - Complexity: O(n + e) for n persons and e links.
    func boxArea(graph: FamilyGraph) -> Int {
        var rowCount = [Int](repeating: 0, count: partCount)
        for (p, part) in personPart.enumerated() where part >= 0 { rowCount[part] = max(rowCount[part], personRow[p] + 1) }
        // Unions by index: a loop over them copies each, retaining and releasing its arrays.
        for u in graph.unions.indices where !graph.unions[u].partners.isEmpty && unionRow[u] >= 0 {
            let part = personPart[graph.unions[u].partners[0]]
            rowCount[part] = max(rowCount[part], unionRow[u] + (childKept[u].contains(false) ? 2 : 1))
        }
        var firstRow = [Int](repeating: 0, count: partCount + 1)
        for part in 0..<partCount { firstRow[part + 1] = firstRow[part] + rowCount[part] }
        var inRow = [Int](repeating: 0, count: firstRow[partCount])
        for (p, part) in personPart.enumerated() where part >= 0 { inRow[firstRow[part] + personRow[p]] += 1 }
        for u in graph.unions.indices where !graph.unions[u].partners.isEmpty && unionRow[u] >= 0 {
            let row = firstRow[personPart[graph.unions[u].partners[0]]] + unionRow[u]
            inRow[row] += partnerKept[u].lazy.filter { !$0 }.count
            if childKept[u].contains(false) { inRow[row + 1] += childKept[u].lazy.filter { !$0 }.count }
        }
        var area = 0
        for part in 0..<partCount { area += (inRow[firstRow[part]..<firstRow[part + 1]].max() ?? 0) * rowCount[part] }
        return area
    }

    init(graph: FamilyGraph) {
        let persons = graph.count, unions = graph.unions.count
        personRow = Array(repeating: 0, count: persons)
        unionRow = Array(repeating: -1, count: unions)
        personPart = Array(repeating: -1, count: persons)
        primaryParentUnion = Array(repeating: -1, count: persons)
        hangsFromOwnFamily = Array(repeating: false, count: persons)
        // Counted by index: a key path, or a copy of each union, cost more than the lists.
        partnerKept = FlatLists(counts: graph.unions.indices.lazy.map { graph.unions[$0].partners.count }, repeating: false)
        childKept = FlatLists(counts: graph.unions.indices.lazy.map { graph.unions[$0].children.count }, repeating: false)
        for c in 0..<persons {
            if let u = graph.parentUnions[c].first(where: { !graph.unions[$0].partners.isEmpty }) { primaryParentUnion[c] = u }
        }
        // Each child's place in its primary family's list (found once, not searched per child).
        var indexInPrimary = [Int](repeating: -1, count: persons)
        for u in graph.unions.indices {
            for (k, c) in graph.unions[u].children.enumerated() where primaryParentUnion[c] == u && indexInPrimary[c] < 0 { indexInPrimary[c] = k }
        }

        // Nodes: persons 0..<persons, unions persons..<persons+unions.
        var rows = OffsetUnionFind(count: persons + unions)
        var visited = [Bool](repeating: false, count: persons + unions)
        var queue: [Int] = []
        var secondary: [(union: Int, child: Int)] = []
        for start in 0..<persons where !visited[start] {
            visited[start] = true
            queue.append(start)
            var head = 0
            while head < queue.count {
                let node = queue[head]
                head += 1
                func visit(_ next: Int) {
                    if !visited[next] { visited[next] = true; queue.append(next) }
                }
                if node < persons {
                    // A person: their unions (as partner), then their own family (as child).
                    for u in graph.unionsOf[node] {
                        guard let slot = graph.unions[u].partners.firstIndex(of: node) else { continue }
                        if rows.relate(persons + u, node, offset: 0) { partnerKept[u, slot] = true } else { brokenLinks += 1 }
                        visit(persons + u)
                    }
                    for u in graph.parentUnions[node] where !graph.unions[u].partners.isEmpty {
                        if u == primaryParentUnion[node] {
                            let k = indexInPrimary[node]
                            if rows.relate(persons + u, node, offset: 1) {
                                childKept[u, k] = true
                                hangsFromOwnFamily[node] = true
                            } else {
                                brokenLinks += 1
                            }
                            visit(persons + u)
                        } else {
                            secondary.append((u, node))
                        }
                    }
                } else {
                    let u = node - persons
                    for p in graph.unions[u].partners { visit(p) }
                    for c in graph.unions[u].children where primaryParentUnion[c] == u { visit(c) }
                }
            }
            queue.removeAll(keepingCapacity: true)
        }
        // Other families (adoptive, foster, a second birth record): where the rows allow, a
        // line to the child's own box (which hangs from their own family), else a reference.
        var keptSecondary: [Int: Set<Int>] = [:]  // union → children, found by one pass over each union's list
        for (u, c) in secondary {
            if rows.relate(persons + u, c, offset: 1) { keptSecondary[u, default: []].insert(c) } else { brokenLinks += 1 }
        }
        for (u, children) in keptSecondary {
            for (k, c) in graph.unions[u].children.enumerated() where children.contains(c) { childKept[u, k] = true }
        }

        // Rows relative to each part's top, parts numbered by their first person. The top is
        // the highest person or union: a union whose partners all stand in other rows (a
        // father who married his daughter) may stand above everyone, its partners as references.
        var partOfRoot = [Int](repeating: -1, count: persons + unions)
        var top: [Int] = []
        for p in 0..<persons {
            let (root, offset) = rows.find(p)
            if partOfRoot[root] < 0 {
                partOfRoot[root] = partCount
                partCount += 1
                top.append(offset)
            }
            personPart[p] = partOfRoot[root]
            top[personPart[p]] = min(top[personPart[p]], offset)
        }
        for u in 0..<unions where !graph.unions[u].partners.isEmpty {
            let (_, offset) = rows.find(persons + u)
            let part = personPart[graph.unions[u].partners[0]]
            unionRow[u] = offset
            top[part] = min(top[part], offset)
        }
        for p in 0..<persons { personRow[p] = rows.find(p).offset - top[personPart[p]] }
        for u in 0..<unions where !graph.unions[u].partners.isEmpty {
            unionRow[u] -= top[personPart[graph.unions[u].partners[0]]]
        }
    }
}

/// A union-find whose elements carry an offset from their set's root, for solving
/// `value(b) - value(a) = offset` equations one at a time.
struct OffsetUnionFind {
    private var parent: [Int]
    /// Offset of each element from its parent (from the root after `find`).
    private var offset: [Int]
    private var size: [Int]

    init(count: Int) {
        parent = Array(0..<count)
        offset = Array(repeating: 0, count: count)
        size = Array(repeating: 1, count: count)
    }

    /// The root of `x`'s set and `x`'s offset from it (with path compression, iterative).
    mutating func find(_ x: Int) -> (root: Int, offset: Int) {
        var root = x, total = 0
        while parent[root] != root {
            total += offset[root]
            root = parent[root]
        }
        // Compress: point every element on the path straight at the root.
        var node = x, remaining = total
        while parent[node] != root && parent[node] != node {
            let next = parent[node], step = offset[node]
            parent[node] = root
            offset[node] = remaining
            remaining -= step
            node = next
        }
        return (root, total)
    }

    /// Records `value(b) - value(a) = d`; false (and nothing changes) when the elements are
    /// already related by a different offset.
    mutating func relate(_ a: Int, _ b: Int, offset d: Int) -> Bool {
        let (ra, oa) = find(a), (rb, ob) = find(b)
        if ra == rb { return ob - oa == d }
        // value(rb) = value(ra) + oa + d - ob
        if size[ra] >= size[rb] {
            parent[rb] = ra
            offset[rb] = oa + d - ob
            size[ra] += size[rb]
        } else {
            parent[ra] = rb
            offset[ra] = ob - d - oa
            size[rb] += size[ra]
        }
        return true
    }
}

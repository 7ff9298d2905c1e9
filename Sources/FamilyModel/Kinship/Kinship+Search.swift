extension Kinship {
    /// What `b` is to `a` in `graph` (see the type's rules).
    /// - Complexity: O(|Anc(a)| + |Anc(b)| + k log k) for the ancestors reached (with their
    ///   families) and k nearest common ancestors; without a common ancestor, O(n + e) for
    ///   the part of the family connected to `a` (the marriage path).
    public init(graph: FamilyGraph, a: Int, b: Int) throws(KinshipError) {
        guard a != b else { throw KinshipError(id: graph.persons[a].id) }
        self.a = a
        self.b = b
        let up = AncestorDistances(graph, from: a), down = AncestorDistances(graph, from: b)
        let common = down.order.filter { up.distance[$0] != nil }
        guard !common.isEmpty else {
            marriagePath = MarriagePath.shortest(graph, from: a, to: b)
            return
        }
        let isCommon = Set(common)
        var lines: [Int: KinshipLine] = [:]
        for c in common {
            if let line = KinshipLine.best(graph, through: c, up: up, down: down, isCommon: isCommon) { lines[c] = line }
        }
        let ancestorsWithLines = common.filter { lines[$0] != nil }.sorted()
        let pair = { (c: Int) in (lines[c]!.a, lines[c]!.b) }
        var grouped = Set<Int>()
        var found: [(ancestors: [Int], line: KinshipLine)] = []
        for c in ancestorsWithLines where !grouped.contains(c) {
            grouped.insert(c)
            var ancestors = [c]
            var line = lines[c]!
            couple: for u in graph.unionsOf[c] {
                let partners = graph.unions[u].partners
                // A couple when both partners' lines are alike and go through their own family.
                for p in partners where p != c && lines[p] != nil && !grouped.contains(p) && pair(p) == pair(c) {
                    guard let own = KinshipLine.best(graph, through: c, up: up, down: down, isCommon: isCommon, family: u),
                          (own.a, own.b) == pair(c) else { continue }
                    grouped.insert(p)
                    ancestors = partners
                    line = own
                    break couple
                }
            }
            found.append((ancestors, line))
        }
        found.sort { ($0.line.a + $0.line.b, min($0.line.a, $0.line.b), $0.ancestors[0]) < ($1.line.a + $1.line.b, min($1.line.a, $1.line.b), $1.ancestors[0]) }
        omitted = max(0, found.count - Self.maximumRelations)
        relations = found.prefix(Self.maximumRelations).map { item in
            let line = item.line
            let half = item.ancestors.count == 1 && !line.sameFamily(graph)
            let path = line.towardA.reversed() + item.ancestors + line.towardB
            let by = KinshipLine.link(graph, along: line.towardA + line.towardB)
            return Relation(generationsUpFromA: line.a, generationsDownToB: line.b, isHalf: half && by == .birth,
                            commonAncestors: item.ancestors,
                            term: KinshipTerm.english(up: line.a, down: line.b, half: half && by == .birth, by: by,
                                                      gender: graph.persons[b].gender),
                            path: path, by: by)
        }
    }

    /// The first child of `c` (born to one of `c`'s families, or to `family`) on a shortest
    /// line from `c` down to the person `distances` was measured from, `generation` generations
    /// below `c`.
    /// - Complexity: O(children of `c`'s families).
    static func firstLineDown(_ graph: FamilyGraph, from c: Int, toward distances: AncestorDistances, generation: Int,
                              family: Int? = nil) -> Int? {
        for u in family.map({ [$0] }) ?? graph.unionsOf[c] {
            if let child = graph.unions[u].children.first(where: { distances.distance[$0] == generation - 1 && graph.birthFamily(of: $0) == u }) {
                return child
            }
        }
        return nil
    }

}

/// Generations from one person up to each of their ancestors (themselves at 0), breadth-first
/// through birth families; `order` lists the persons reached in the order reached.
struct AncestorDistances {
    var distance: [Int: Int] = [:]
    var order: [Int] = []

    /// - Complexity: O(ancestors reached and their families).
    init(_ graph: FamilyGraph, from start: Int) {
        distance[start] = 0
        order.append(start)
        var head = 0
        while head < order.count {
            let p = order[head]
            head += 1
            for parent in graph.birthParents(of: p) where distance[parent] == nil {
                distance[parent] = distance[p]! + 1
                order.append(parent)
            }
        }
    }
}

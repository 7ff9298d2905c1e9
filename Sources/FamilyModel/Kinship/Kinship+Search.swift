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
        // Common ancestors of a common ancestor are common too: one breadth-first sweep from
        // all their parents marks every one that is not nearest.
        var aboveCommon = Set<Int>()
        var queue = common.flatMap { graph.birthParents(of: $0) }
        var head = 0
        while head < queue.count {
            let p = queue[head]
            head += 1
            if aboveCommon.insert(p).inserted { queue += graph.birthParents(of: p) }
        }
        let nearest = common.filter { !aboveCommon.contains($0) }.sorted()
        let pair = { (c: Int) in (up.distance[c]!, down.distance[c]!) }
        let isNearest = Set(nearest)
        var grouped = Set<Int>()
        var found: [(ancestors: [Int], a: Int, b: Int)] = []
        for c in nearest where !grouped.contains(c) {
            grouped.insert(c)
            var ancestors = [c]
            couple: for u in graph.unionsOf[c] {
                let partners = graph.unions[u].partners
                for p in partners where p != c && isNearest.contains(p) && !grouped.contains(p) && pair(p) == pair(c) {
                    grouped.insert(p)
                    ancestors = partners
                    break couple
                }
            }
            let (da, db) = pair(c)
            found.append((ancestors, da, db))
        }
        found.sort { ($0.a + $0.b, min($0.a, $0.b), $0.ancestors[0]) < ($1.a + $1.b, min($1.a, $1.b), $1.ancestors[0]) }
        omitted = max(0, found.count - Self.maximumRelations)
        relations = found.prefix(Self.maximumRelations).map { item in
            var half = false
            if item.ancestors.count == 1 && item.a >= 1 && item.b >= 1 {
                let c = item.ancestors[0]
                let familiesA = Set(Self.linesDown(graph, from: c, toward: up, generation: item.a).map { graph.birthFamily(of: $0) })
                let familiesB = Set(Self.linesDown(graph, from: c, toward: down, generation: item.b).map { graph.birthFamily(of: $0) })
                half = familiesA.isDisjoint(with: familiesB)
            }
            let towardA = Self.descent(graph, from: item.ancestors, toward: up, generation: item.a)
            let towardB = Self.descent(graph, from: item.ancestors, toward: down, generation: item.b)
            return Relation(generationsUpFromA: item.a, generationsDownToB: item.b, isHalf: half, commonAncestors: item.ancestors,
                            term: KinshipTerm.english(up: item.a, down: item.b, half: half, gender: graph.persons[b].gender),
                            path: towardA.reversed() + item.ancestors + towardB)
        }
    }

    /// The children of `c` (born to one of `c`'s families) that stand on a nearest line
    /// from `c`, `generation` generations up from the searched person, down to them.
    /// - Complexity: O(children of `c`'s families).
    static func linesDown(_ graph: FamilyGraph, from c: Int, toward distances: AncestorDistances, generation: Int,
                          family: Int? = nil) -> [Int] {
        var children: [Int] = [], seen = Set<Int>()
        for u in family.map({ [$0] }) ?? graph.unionsOf[c] {
            for child in graph.unions[u].children
            where distances.distance[child] == generation - 1 && graph.birthFamily(of: child) == u && seen.insert(child).inserted {
                children.append(child)
            }
        }
        return children
    }

    /// The first of `linesDown`'s children, found without listing the rest.
    static func firstLineDown(_ graph: FamilyGraph, from c: Int, toward distances: AncestorDistances, generation: Int,
                              family: Int? = nil) -> Int? {
        for u in family.map({ [$0] }) ?? graph.unionsOf[c] {
            if let child = graph.unions[u].children.first(where: { distances.distance[$0] == generation - 1 && graph.birthFamily(of: $0) == u }) {
                return child
            }
        }
        return nil
    }

    /// The persons from just below `ancestors` down to the searched person (empty when
    /// `generation` is 0): at each step the first child on a nearest line; below a couple,
    /// a child of the couple's own family where there is one.
    /// - Complexity: O(the children of the persons on the line).
    static func descent(_ graph: FamilyGraph, from ancestors: [Int], toward distances: AncestorDistances, generation: Int) -> [Int] {
        guard generation > 0 else { return [] }
        var line: [Int] = []
        var current = ancestors[0]
        if ancestors.count == 2, let u = graph.unionsOf[current].first(where: { graph.unions[$0].partners == ancestors }),
           let child = firstLineDown(graph, from: current, toward: distances, generation: generation, family: u) {
            line.append(child)
            current = child
        }
        for g in stride(from: generation - line.count, to: 0, by: -1) {
            current = firstLineDown(graph, from: current, toward: distances, generation: g)!  // dA(current) = g: a child at g − 1 exists
            line.append(current)
        }
        return line
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

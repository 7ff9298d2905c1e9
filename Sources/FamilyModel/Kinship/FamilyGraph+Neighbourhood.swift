extension FamilyGraph {
    /// The family around `focus`: their ancestors up to `up` generations above them (by
    /// their first family), their descendants down to `down` generations below, the
    /// partners of the focus and of those descendants (at most `partners` each, in marriage
    /// order: the children shown are of those unions, at most `children` a union, in
    /// listing order), and with `siblings` the focus's brothers and sisters (at most `children`, without
    /// their families). Indexes in
    /// input order.
    /// - Complexity: O(k + e) for the k persons found and their e links.
    public func neighbourhood(of focus: Int, up: Int, down: Int, siblings: Bool, partners: Int = .max, children: Int = .max) -> [Int] {
        var kept = Set([focus])
        var frontier = [focus]
        for _ in 0..<max(0, up) {
            var next: [Int] = []
            for person in frontier {
                guard let u = parentUnions[person].first else { continue }
                for parent in unions[u].partners where kept.insert(parent).inserted { next.append(parent) }
            }
            frontier = next
        }
        if siblings, let u = parentUnions[focus].first {
            for child in unions[u].children.prefix(max(0, children)) { kept.insert(child) }
        }
        var line = [focus]
        for generation in 0...max(0, down) {
            var next: [Int] = []
            for person in line {
                for u in unionsOf[person].prefix(max(0, partners)) {
                    for partner in unions[u].partners { kept.insert(partner) }
                    guard generation < down else { continue }
                    for child in unions[u].children.prefix(max(0, children)) where kept.insert(child).inserted { next.append(child) }
                }
            }
            line = next
        }
        return kept.sorted()
    }

    /// The family of only `persons` (indexes into `persons`, ascending, each once): each
    /// union keeps the partners and children among them; a union left with fewer than two
    /// persons is dropped. The title and home person are kept when they are among them.
    /// - Complexity: O(n) for the index table, plus the kept persons' links.
    public func restricted(to kept: [Int]) -> FamilyGraph {
        var position = [Int](repeating: -1, count: count)
        for (new, old) in kept.enumerated() { position[old] = new }
        var touched = Set<Int>()
        for old in kept {
            touched.formUnion(unionsOf[old])
            touched.formUnion(parentUnions[old])
        }
        var newUnions: [Union] = []
        for u in touched.sorted() {  // input order: partners keep their marriage order
            let union = unions[u]
            let partners = union.partners.filter { position[$0] >= 0 }.map { position[$0] }
            var children: [Int] = [], links: [ChildLink] = []
            for (k, child) in union.children.enumerated() where position[child] >= 0 {
                children.append(position[child])
                links.append(union.childLinks[k])
            }
            guard partners.count + children.count >= 2 else { continue }
            var copy = union
            copy.partners = partners
            copy.children = children
            copy.childLinks = links
            newUnions.append(copy)
        }
        var graph = FamilyGraph(persons: kept.map { persons[$0] }, unions: newUnions, hasFixedGenerations: false)
        graph.documentTitle = documentTitle
        graph.homePerson = homePerson.flatMap { position[$0] >= 0 ? position[$0] : nil }
        return graph
    }
}

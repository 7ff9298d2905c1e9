import FamilyModel

extension FamilyGraph {
    /// The same family cut down to the persons with `ids`: unions keep the partners and
    /// children that remain (and are dropped when none does), in the same orders.
    public func restricted(to ids: Set<String>) -> FamilyGraph {
        var newIndex = [Int](repeating: -1, count: count)
        var kept: [Person] = []
        for (i, person) in persons.enumerated() where ids.contains(person.id) {
            newIndex[i] = kept.count
            kept.append(person)
        }
        var newUnion = [Int](repeating: -1, count: unions.count)
        var keptUnions: [Union] = []
        for (u, union) in unions.enumerated() {
            let partners = union.partners.compactMap { newIndex[$0] >= 0 ? newIndex[$0] : nil }
            var children: [Int] = [], links: [ChildLink] = []
            for (c, link) in zip(union.children, union.childLinks) where newIndex[c] >= 0 {
                children.append(newIndex[c])
                links.append(link)
            }
            guard !partners.isEmpty || !children.isEmpty else { continue }
            newUnion[u] = keptUnions.count
            keptUnions.append(Union(partners: partners, children: children, childLinks: links, isDivorced: union.isDivorced,
                                    marriageDate: union.marriageDate))
        }
        var unionsOf = [[Int]](repeating: [], count: kept.count), parentUnions = [[Int]](repeating: [], count: kept.count)
        for (i, j) in newIndex.enumerated() where j >= 0 {
            unionsOf[j] = self.unionsOf[i].compactMap { newUnion[$0] >= 0 && keptUnions[newUnion[$0]].partners.contains(j) ? newUnion[$0] : nil }
            parentUnions[j] = self.parentUnions[i].compactMap { newUnion[$0] >= 0 && keptUnions[newUnion[$0]].children.contains(j) ? newUnion[$0] : nil }
        }
        return FamilyGraph(persons: kept, unions: keptUnions, unionsOf: unionsOf, parentUnions: parentUnions)
    }

    /// Ids of a person's close family: parents, partners, partners' parents, children and
    /// children's partners — the neighbourhood a "family of" chart shows.
    public func closeFamily(of id: String) -> Set<String> {
        guard let i = index(of: id) else { return [] }
        var result: Set<Int> = [i]
        func parents(_ p: Int) -> [Int] { parentUnions[p].flatMap { unions[$0].partners } }
        result.formUnion(parents(i))
        for u in unionsOf[i] {
            for partner in unions[u].partners { result.insert(partner); result.formUnion(parents(partner)) }
            for child in unions[u].children { result.insert(child); result.formUnion(partners(of: child)) }
        }
        return Set(result.map { persons[$0].id })
    }
}

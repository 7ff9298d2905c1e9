import FamilyModel

/// The person a focused thumbnail is drawn around when nobody names one: the person with
/// the most relatives within two steps (parents, children and partners, and theirs,
/// counted once per link that reaches them); of several with as many, the first in the
/// input. Deterministic: the same family always gives the same person.
public enum FocusChoice {
    /// The person a thumbnail centres on: `named` when given, else the input's home person
    /// (`FamilyGraph.homePerson`), else `mostConnected`; nil for an empty family.
    public static func person(in graph: FamilyGraph, named: Int? = nil) -> Int? {
        named ?? graph.homePerson ?? mostConnected(in: graph)
    }

    /// See the type's summary.
    /// - Complexity: O(n + e): every link is followed twice.
    public static func mostConnected(in graph: FamilyGraph) -> Int? {
        guard graph.count > 0 else { return nil }
        let degree = graph.persons.indices.map { links(of: $0, in: graph) }
        var best = 0, bestScore = -1
        for person in graph.persons.indices {
            var score = degree[person]
            for u in graph.unionsOf[person] {
                for partner in graph.unions[u].partners where partner != person { score += degree[partner] }
                for child in graph.unions[u].children { score += degree[child] }
            }
            for u in graph.parentUnions[person] { for parent in graph.unions[u].partners { score += degree[parent] } }
            if score > bestScore { (best, bestScore) = (person, score) }
        }
        return best
    }

    /// How many parents, partners and children `person` has (one per link).
    static func links(of person: Int, in graph: FamilyGraph) -> Int {
        var count = 0
        for u in graph.unionsOf[person] { count += graph.unions[u].partners.count - 1 + graph.unions[u].children.count }
        for u in graph.parentUnions[person] { count += graph.unions[u].partners.count }
        return count
    }
}

import FamilyLayout
import FamilyModel

/// What the page needs to say how two of its persons are related, exactly as
/// `familychart relate` does (`Kinship`): the families of the persons in the page, from
/// the family the chart was drawn from. Written as its own JSON element
/// (`#kinship-data`) beside the chart data, persons as positions in the page's `people`:
///
/// `{"order": [file position of each person], "birth": [each person's birth family or -1],
///   "unions": [each person's families as a partner, in marriage order],
///   "families": [[[partners in the page, as the file lists them], [children born to it in the page]], …],
///   "via": [how each person belongs to their birth family: 0 birth, 1 adopted, 2 foster, 3 step]}`
struct KinshipData {
    var order: [Int] = []
    var birth: [Int] = []
    var unions: [[Int]] = []
    var families: [(partners: [Int], children: [Int])] = []
    var via: [Int] = []

    /// - Parameter ids: the page's persons (`people`), in its order.
    /// - Complexity: O(n + e) for the family's persons and links.
    init(family graph: FamilyGraph, ids: [String]) {
        var indexInFile: [String: Int] = [:]
        for (i, person) in graph.persons.enumerated() where indexInFile[person.id] == nil { indexInFile[person.id] = i }
        var inPage = [Int](repeating: -1, count: graph.count)
        for (k, id) in ids.enumerated() { if let i = indexInFile[id] { inPage[i] = k } }
        var familyOf: [Int: Int] = [:]
        /// The page's number for union `u`, adding it the first time.
        func family(_ u: Int) -> Int {
            if let known = familyOf[u] { return known }
            let union = graph.unions[u]
            familyOf[u] = families.count
            families.append((union.partners.map { inPage[$0] }.filter { $0 >= 0 },
                             union.children.filter { inPage[$0] >= 0 && graph.birthFamily(of: $0) == u }.map { inPage[$0] }))
            return families.count - 1
        }
        // How each person belongs to their birth family, as `ChildLink.allCases`' place.
        var linkToBirthFamily = [Int](repeating: 0, count: graph.count)
        for (u, union) in graph.unions.enumerated() {
            for (k, child) in union.children.enumerated() where k < union.childLinks.count && graph.birthFamily(of: child) == u {
                linkToBirthFamily[child] = ChildLink.allCases.firstIndex(of: union.childLinks[k]) ?? 0
            }
        }
        for id in ids {
            guard let i = indexInFile[id] else {  // not from this family: related to nobody
                order.append(-1)
                birth.append(-1)
                via.append(0)
                unions.append([])
                continue
            }
            order.append(i)
            let u = graph.birthFamily(of: i)
            birth.append(u == FamilyGraph.none ? -1 : family(u))
            via.append(linkToBirthFamily[i])
            unions.append(graph.unionsOf[i].map(family))
        }
    }

    func write(into out: inout Markup) {
        out.raw("{")
        out.jsonKey("order")
        out.jsonIntegers(order)
        out.raw(",\n")
        out.jsonKey("birth")
        out.jsonIntegers(birth)
        out.raw(",\n")
        out.jsonKey("unions")
        out.jsonIntegerLists(unions)
        out.raw(",\n")
        out.jsonKey("families")
        out.raw("[")
        for (k, family) in families.enumerated() {
            if k > 0 { out.raw(",") }
            out.jsonIntegerLists([family.partners, family.children])
        }
        out.raw("],\n")
        out.jsonKey("via")
        out.jsonIntegers(via)
        out.raw("}")
    }
}

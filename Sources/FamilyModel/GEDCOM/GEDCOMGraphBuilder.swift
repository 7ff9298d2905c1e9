/// Turns a GEDCOM document into a `FamilyGraph`: one person per `INDI` (file order), one
/// union per `FAM` with at least one partner or child (file order).
///
/// Links are taken from both sides: a family's `HUSB`/`WIFE`/`CHIL` and a person's
/// `FAMS`/`FAMC`; a link only one side names is kept with a warning. A person's unions are
/// in their `FAMS` order (marriage order as the genealogy program entered it), then any
/// others; the first `FAMC` is the family they are drawn under. A family with more than
/// two partners keeps the first two; two families of the same two partners are one union
/// (children united, a warning naming both records). A cycle of parenthood is an error naming the
/// records and their lines.
public struct GEDCOMGraphBuilder {
    public init() {}

    public struct Output: Sendable {
        public var graph: FamilyGraph
        public var warnings: [GEDCOMWarning]
    }

    /// - Complexity: O(n + e) for n records and e links.
    public func build(_ document: GEDCOMDocument, source: String, maximumPersons: Int = 10_000_000) throws(FamilyInputError) -> Output {
        let individuals = document.individuals
        if individuals.isEmpty { throw .invalid(source: source, problems: [.noIndividualRecords(records: document.recordCount)]) }
        if individuals.count > maximumPersons {
            throw .invalid(source: source, problems: [.tooManyPersons(count: individuals.count, limit: maximumPersons)])
        }
        var warnings = document.warnings
        // Partners and children of each family: the family's own lists, then one-sided links from persons.
        // `IndexLists` answers "is p listed?": `contains` on a family's list would make a
        // family of k children cost k².
        var partnerLists = IndexLists(document.families.map(\.partnerIndices))
        var childLists = IndexLists(document.families.map(\.childIndices))
        // By index, not `for individual in`: copying a person's record (a dozen strings
        // and arrays) three times over cost more than the work done with it.
        for i in individuals.indices {
            for (k, f) in individuals[i].spouseFamilyIndices.enumerated() where partnerLists.insert(i, into: f) {
                warnings.append(.oneSidedLink(line: individuals[i].line, person: individuals[i].id, family: individuals[i].spouseFamilies[k]))
            }
            for (k, f) in individuals[i].childFamilyIndices.enumerated() where childLists.insert(i, into: f) {
                warnings.append(.oneSidedLink(line: individuals[i].line, person: individuals[i].id, family: individuals[i].childFamilies[k]))
            }
        }
        let partners = partnerLists.lists, children = childLists.lists
        var unions: [Union] = []
        unions.reserveCapacity(document.families.count)
        var unionOfFamily = [Int](repeating: -1, count: document.families.count)
        var familyOfCouple: [Int: Int] = [:]  // by `couple`
        var mergedChildren: [Int: Set<Int>] = [:]  // children of unions that absorbed a duplicate, for linear merging
        for (f, family) in document.families.enumerated() {
            var kept: [Int] = []  // at most two
            for p in partners[f] {
                if kept.contains(p) {
                    warnings.append(.partnerListedTwice(line: family.line, family: family.id, person: individuals[p].id))
                } else if kept.count == 2 {
                    warnings.append(.extraPartner(line: family.line, family: family.id, person: individuals[p].id))
                } else {
                    kept.append(p)
                }
            }
            guard !kept.isEmpty || !children[f].isEmpty else { continue }
            // A child's own FAMC PEDI / ADOP wins over the family's CHIL _FREL/_MREL.
            let links = children[f].map { c in individuals[c].childLinks[family.id] ?? family.childLinks[individuals[c].id] ?? .birth }
            if kept.count == 2, let first = familyOfCouple[Self.couple(kept[0], kept[1])] {
                // The same couple again (exports often split one marriage into two records): one union.
                let u = unionOfFamily[first]
                warnings.append(.duplicateFamily(line: family.line, family: family.id,
                                                 firstLine: document.families[first].line, first: document.families[first].id))
                unionOfFamily[f] = u
                var present = mergedChildren[u] ?? Set(unions[u].children)
                for (child, link) in zip(children[f], links) where present.insert(child).inserted {
                    unions[u].children.append(child)
                    unions[u].childLinks.append(link)
                }
                mergedChildren[u] = present
                unions[u].isDivorced = unions[u].isDivorced || family.isDivorced
                if unions[u].marriageDate == nil { unions[u].marriageDate = family.marriageDate }
                unions[u].facts += family.facts
                continue
            }
            if kept.count == 2 { familyOfCouple[Self.couple(kept[0], kept[1])] = f }
            unionOfFamily[f] = unions.count
            unions.append(Union(partners: kept, children: children[f], childLinks: links, isDivorced: family.isDivorced,
                                marriageDate: family.marriageDate, facts: family.facts))
        }

        try checkCycles(unions: unions, individuals: individuals, source: source)

        // Marriage order: the person's FAMS order, then the families naming them that FAMS does not.
        var unionOrder = IndexLists(count: individuals.count)
        var childOrder = IndexLists(count: individuals.count)
        // Only the unions a person is really in (a FAMS to a family whose partners were full
        // is not a partnership; neither is a FAMC the family does not keep).
        let inUnion = IndexLists(unions.map(\.partners)), childOfUnion = IndexLists(unions.map(\.children))
        for i in individuals.indices {
            for f in individuals[i].spouseFamilyIndices {
                let u = unionOfFamily[f]
                if u >= 0, inUnion.contains(i, in: u) { unionOrder.insert(u, into: i) }
            }
            for f in individuals[i].childFamilyIndices {
                let u = unionOfFamily[f]
                if u >= 0, childOfUnion.contains(i, in: u) { childOrder.insert(u, into: i) }
            }
        }
        for (u, union) in unions.enumerated() {
            for p in union.partners { unionOrder.insert(u, into: p) }
            for c in union.children { childOrder.insert(u, into: c) }
        }
        var unionsOf = unionOrder.lists, parentUnions = childOrder.lists
        // Marriages in date order where dated; undated ones keep their place in FAMS order.
        for i in unionsOf.indices where unionsOf[i].count > 1 {
            unionsOf[i] = orderedByDate(unionsOf[i]) { unions[$0].marriageDate }
        }
        // The family a child is drawn under: the first birth family, else the first listed.
        var isBirthChild = PairSet()
        for (u, union) in unions.enumerated() {
            for (k, c) in union.children.enumerated() where parentUnions[c].count > 1 && union.childLinks[k] == .birth {
                isBirthChild.insert(u, c)
            }
        }
        for i in parentUnions.indices where parentUnions[i].count > 1 {
            if let birth = parentUnions[i].firstIndex(where: { isBirthChild.contains($0, i) }) {
                parentUnions[i].insert(parentUnions[i].remove(at: birth), at: 0)
            }
        }

        let persons = individuals.indices.map { i in
            var person = Person(id: individuals[i].id, name: individuals[i].name, gender: individuals[i].sex, generation: 0, indexInGeneration: i,
                                birthYear: individuals[i].birthYear, deathYear: individuals[i].deathYear, line: individuals[i].line)
            person.birthDate = individuals[i].birthDate ?? person.birthDate
            if individuals[i].hasDeathRecord { person.isLiving = false }
            person.photo = individuals[i].photo
            person.secondName = individuals[i].secondName
            person.nameParts = individuals[i].nameParts
            person.lifeDates = individuals[i].lifeDates
            person.facts = individuals[i].facts
            person.notes = individuals[i].notes
            person.sourceCount = individuals[i].sourceCount
            return person
        }
        let graph = FamilyGraph(persons: persons, unions: unions, unionsOf: unionsOf, parentUnions: parentUnions)
        return Output(graph: graph, warnings: warnings)
    }

    /// Fails on a cycle of parenthood, naming up to ten cycles with their record lines.
    private func checkCycles(unions: [Union], individuals: [GEDCOMDocument.Individual], source: String) throws(FamilyInputError) {
        var claimedBy = [[Int]](repeating: [], count: individuals.count)
        for union in unions {
            for c in union.children { claimedBy[c].append(contentsOf: union.partners) }
        }
        let cycles = AncestryCycleFinder(claimedBy: claimedBy).cycles(limit: 10)
        guard !cycles.isEmpty else { return }
        throw .invalid(source: source, problems: cycles.map { cycle in
            .recordCycle(ids: cycle.map { individuals[$0].id }, lines: cycle.map { individuals[$0].line })
        })
    }
}

extension GEDCOMGraphBuilder {
    /// Two partners in either order as one key, to find a second family record of the same couple.
    fileprivate static func couple(_ a: Int, _ b: Int) -> Int { a < b ? a << 32 | b : b << 32 | a }
}

/// A set of (family or union, person) index pairs.
private struct PairSet {
    private var members = Set<Int>()

    private static func key(_ a: Int, _ b: Int) -> Int { a << 32 | b }

    /// Inserts the pair; true when it was not there yet.
    @discardableResult
    mutating func insert(_ a: Int, _ b: Int) -> Bool { members.insert(Self.key(a, b)).inserted }

    func contains(_ a: Int, _ b: Int) -> Bool { members.contains(Self.key(a, b)) }
}

/// Lists of indices (a family's partners, a person's unions…) that are also asked whether
/// they hold an index: a scan of a short list, a set for a long one (a set of every
/// (list, index) pair cost more than the rest of the import for a man with 160,000 wives).
private struct IndexLists {
    private(set) var lists: [[Int]]
    private var sets: [Int: Set<Int>] = [:]
    /// Lists up to this long are scanned.
    private static let scanned = 16

    init(_ lists: [[Int]]) {
        self.lists = lists
        for k in lists.indices where lists[k].count > Self.scanned { sets[k] = Set(lists[k]) }
    }

    init(count: Int) { lists = Array(repeating: [], count: count) }

    func contains(_ x: Int, in k: Int) -> Bool {
        lists[k].count > Self.scanned ? sets[k]?.contains(x) ?? lists[k].contains(x) : lists[k].contains(x)
    }

    /// Appends `x` to list `k` unless it is there; true when it was not.
    @discardableResult
    mutating func insert(_ x: Int, into k: Int) -> Bool {
        if contains(x, in: k) { return false }
        lists[k].append(x)
        if lists[k].count > Self.scanned { sets[k, default: Set(lists[k].dropLast())].insert(x) }
        return true
    }
}

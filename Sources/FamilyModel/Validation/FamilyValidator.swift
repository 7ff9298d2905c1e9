/// Checks imported data against the seed's rules and builds a `FamilyGraph`.
///
/// Rules: ids are unique; `coupleID` and child ids name someone; couples point at each
/// other (a one-sided link to someone with no spouse is repaired with a warning); nobody
/// is their own spouse, child or ancestor; a child belongs to one parent unit (a couple
/// or a single parent); spouses share a generation; a child stands **exactly one**
/// generation below its parents (the seed forbids links that skip a generation).
public struct FamilyValidator {
    /// Unknown ids are compared with known ones for a "did you mean" hint only while the
    /// data has at most this many persons, so the hint never costs more than it helps.
    public var suggestionLimit = 20_000
    /// Inputs with more persons are refused before any work: far above real family files
    /// (the largest known GEDCOM files hold a few hundred thousand), low enough to stop a
    /// hostile file from taking all memory.
    public var maximumPersons = 10_000_000

    public init() {}

    /// The validated graph and the warnings about what was repaired.
    public struct Output: Sendable {
        public var graph: FamilyGraph
        public var warnings: [ValidationWarning]
    }

    /// Validates `data`, reporting every problem at once.
    /// - Complexity: O(n + e) for n persons and e child links (plus the bounded hint search).
    public func validate(_ data: FamilyData, source: String) throws(FamilyInputError) -> Output {
        let persons = data.allPersons
        var problems: [ValidationProblem] = []
        var warnings: [ValidationWarning] = []
        if persons.isEmpty { throw .invalid(source: source, problems: [.noPersons]) }
        if persons.count > maximumPersons {
            throw .invalid(source: source, problems: [.tooManyPersons(count: persons.count, limit: maximumPersons)])
        }

        // 1. Ids.
        var index: [String: Int] = [:]
        index.reserveCapacity(persons.count)
        // Loops read fields in place (`persons[i].id`): copying a whole `Person` per
        // iteration costs more than the checks.
        for i in persons.indices {
            let id = persons[i].id
            if let first = index[id] {
                problems.append(.duplicateID(id: id, firstPath: persons[first].jsonPath, secondPath: persons[i].jsonPath))
            } else {
                index[id] = i
            }
        }
        // Made at the first unknown id: most files have none.
        var madeSuggester: IDSuggester?
        func suggestion(for unknown: String) -> String? {
            if madeSuggester == nil { madeSuggester = IDSuggester(ids: persons.count <= suggestionLimit ? persons.map(\.id) : []) }
            return madeSuggester!.suggestion(for: unknown)
        }

        // 2. Couples.
        let none = FamilyGraph.none
        var spouse = [Int](repeating: none, count: persons.count)
        var claimants: [Int: [Int]] = [:]  // one-sided claims on a person with no coupleID
        for i in persons.indices {
            guard let coupleID = persons[i].coupleID else { continue }
            let id = persons[i].id
            if coupleID == id {
                problems.append(.ownSpouse(id: id, path: persons[i].jsonPath))
                continue
            }
            guard let j = index[coupleID] else {
                problems.append(.unknownSpouse(id: id, path: persons[i].jsonPath, spouseID: coupleID,
                                               suggestion: suggestion(for: coupleID)))
                continue
            }
            switch persons[j].coupleID {
            case id?: spouse[i] = j
            case nil: claimants[j, default: []].append(i)
            case let other?:
                // Reported once per direction that is wrong; a mutual pair is fine.
                problems.append(.mismatchedCouple(id: id, spouseID: coupleID, spousesSpouseID: other))
            }
        }
        for j in claimants.keys.sorted() {
            let claims = claimants[j]!
            if claims.count == 1 {
                spouse[j] = claims[0]
                spouse[claims[0]] = j
                warnings.append(.oneSidedCouple(id: persons[claims[0]].id, spouseID: persons[j].id))
            } else {
                problems.append(.contestedSpouse(spouseID: persons[j].id, claimants: claims.map { persons[$0].id }))
            }
        }
        for i in persons.indices where spouse[i] != none && i < spouse[i] {
            let j = spouse[i]
            if persons[i].generation != persons[j].generation {
                problems.append(.spousesInDifferentGenerations(id: persons[i].id, generation: persons[i].generation,
                                                               spouseID: persons[j].id, spouseGeneration: persons[j].generation))
            }
        }

        // 3. Children, merged per parent unit (a unit is keyed by its first-listed member).
        var children = [[Int]](repeating: [], count: persons.count)
        var parent = [Int](repeating: none, count: persons.count)
        var claimedBy: [[Int]] = Array(repeating: [], count: persons.count)  // every person listing the child
        for i in persons.indices {
            let unit = spouse[i] == none ? i : min(i, spouse[i])
            let person = (id: persons[i].id, generation: persons[i].generation)
            for childID in persons[i].childrenIDs {
                if childID == person.id {
                    problems.append(.ownChild(id: person.id, path: persons[i].jsonPath))
                    continue
                }
                guard let c = index[childID] else {
                    problems.append(.unknownChild(id: person.id, path: persons[i].jsonPath, childID: childID,
                                                  suggestion: suggestion(for: childID)))
                    continue
                }
                if claimedBy[c].last == i {
                    warnings.append(.childListedTwice(parentID: person.id, childID: childID))
                    continue
                }
                claimedBy[c].append(i)
                if parent[c] == none {
                    parent[c] = unit
                    children[unit].append(c)
                } else if parent[c] != unit {
                    problems.append(.childClaimedTwice(childID: childID, firstParents: unitIDs(parent[c], spouse, persons),
                                                       secondParents: unitIDs(unit, spouse, persons)))
                    continue
                }
                if persons[c].generation != person.generation + 1 {
                    problems.append(.childNotInNextGeneration(parentID: person.id, parentGeneration: person.generation,
                                                              childID: childID, childGeneration: persons[c].generation))
                }
            }
        }
        // Share each unit's merged list with the other spouse.
        for i in persons.indices where spouse[i] != none && spouse[i] < i {
            children[i] = children[spouse[i]]
        }

        // 4. Cycles, found on every parent → child claim (not only the accepted ones).
        for cycle in AncestryCycleFinder(claimedBy: claimedBy).cycles(limit: 10) {
            problems.append(.ancestryCycle(cycle.map { persons[$0].id }))
        }

        if !problems.isEmpty { throw .invalid(source: source, problems: problems) }

        // One union per couple (first-listed partner first), and one per single parent with children.
        var unions: [Union] = []
        func links(_ kids: [Int], _ parents: [Int]) -> [ChildLink]? {
            guard parents.contains(where: { !persons[$0].childRelations.isEmpty }) else { return nil }  // all by birth
            return kids.map { c in parents.lazy.compactMap { persons[$0].childRelations[persons[c].id] }.first ?? .birth }
        }
        for i in persons.indices {
            if spouse[i] == none {
                if !children[i].isEmpty { unions.append(Union(partners: [i], children: children[i], childLinks: links(children[i], [i]))) }
            } else if i < spouse[i] {
                let j = spouse[i]
                // The seed's marriage (`marriageDate`, `marriagePlace`) as the couple's `MARR`, from the first partner giving one.
                let marriage = persons[i].seedMarriage ?? persons[j].seedMarriage
                unions.append(Union(partners: [i, j], children: children[i], childLinks: links(children[i], [i, j]),
                                    isDivorced: persons[i].isDivorced || persons[j].isDivorced, facts: marriage.map { [$0] } ?? []))
            }
        }
        let graph = FamilyGraph(persons: persons, unions: unions, hasFixedGenerations: true)
        for i in graph.roots where persons[i].generation > 0 {
            warnings.append(.startsOwnTree(id: persons[i].id, generation: persons[i].generation))
        }
        return Output(graph: graph, warnings: warnings)
    }

    private func unitIDs(_ unit: Int, _ spouse: [Int], _ persons: [Person]) -> [String] {
        spouse[unit] == FamilyGraph.none ? [persons[unit].id] : [persons[unit].id, persons[spouse[unit]].id]
    }
}

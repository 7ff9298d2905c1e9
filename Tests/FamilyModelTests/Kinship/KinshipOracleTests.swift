import FamilyModel
import Testing
import TestSupport

/// `Kinship` against an independent computation on many random families: every upward
/// path from A and from B enumerated depth-first (no breadth-first search), distances as
/// the shortest such path, "nearest" by testing every pair of common ancestors for
/// ancestry, "half" from the last steps of the shortest paths.
@Suite struct KinshipOracleTests {
    struct Expected: Equatable, CustomStringConvertible {
        var a: Int, b: Int, half: Bool, ancestors: [Int]
        var description: String { "(\(a),\(b)\(half ? ",half" : "") \(ancestors))" }
    }

    /// Each upward path's end → (shortest length, the persons just below the end on the shortest paths).
    static func allPathsUp(_ graph: FamilyGraph, from start: Int) -> [Int: (length: Int, lastSteps: Set<Int>)] {
        var result: [Int: (length: Int, lastSteps: Set<Int>)] = [start: (0, [])]
        var stack: [[Int]] = [[start]]
        while let path = stack.popLast() {
            let top = path.last!
            for parent in graph.birthParents(of: top) {
                let longer = path + [parent]
                let length = longer.count - 1
                if let known = result[parent], known.length < length {
                } else if let known = result[parent], known.length == length {
                    result[parent] = (length, known.lastSteps.union([top]))
                } else {
                    result[parent] = (length, [top])
                }
                stack.append(longer)
            }
        }
        return result
    }

    static func isAncestor(_ x: Int, of y: Int, _ graph: FamilyGraph) -> Bool {
        var stack = graph.birthParents(of: y)
        while let p = stack.popLast() {
            if p == x { return true }
            stack += graph.birthParents(of: p)
        }
        return false
    }

    static func expected(_ graph: FamilyGraph, _ a: Int, _ b: Int) -> [Expected] {
        let upA = allPathsUp(graph, from: a), upB = allPathsUp(graph, from: b)
        let common = upA.keys.filter { upB[$0] != nil }
        let nearest = common.filter { c in !common.contains { $0 != c && isAncestor(c, of: $0, graph) } }.sorted()
        var used = Set<Int>()
        var result: [Expected] = []
        for c in nearest where !used.contains(c) {
            used.insert(c)
            let (da, db) = (upA[c]!.length, upB[c]!.length)
            var ancestors = [c]
            for u in graph.unionsOf[c] {
                let partners = graph.unions[u].partners
                if let p = partners.first(where: { $0 != c && nearest.contains($0) && !used.contains($0) && upA[$0]!.length == da && upB[$0]!.length == db }) {
                    used.insert(p)
                    ancestors = partners
                    break
                }
            }
            var half = false
            if ancestors.count == 1 && da > 0 && db > 0 {
                let familiesA = Set(upA[c]!.lastSteps.map(graph.birthFamily(of:)))
                let familiesB = Set(upB[c]!.lastSteps.map(graph.birthFamily(of:)))
                half = familiesA.isDisjoint(with: familiesB)
            }
            result.append(Expected(a: da, b: db, half: half, ancestors: ancestors))
        }
        return result.sorted { ($0.a + $0.b, min($0.a, $0.b), $0.ancestors[0]) < ($1.a + $1.b, min($1.a, $1.b), $1.ancestors[0]) }
    }

    /// Whether `path` climbs from A through birth parents to the common ancestors and goes
    /// down through birth children to B, `a` steps up and `b` down.
    static func isValidPath(_ relation: Kinship.Relation, _ graph: FamilyGraph, _ a: Int, _ b: Int) -> Bool {
        let path = relation.path, k = relation.generationsUpFromA
        guard path.count == relation.generationsUpFromA + relation.generationsDownToB + relation.commonAncestors.count,
              path.first == a, path.last == b, Array(path[k..<(k + relation.commonAncestors.count)]) == relation.commonAncestors else { return false }
        let top = relation.commonAncestors
        for i in 0..<k where !graph.birthParents(of: path[i]).contains(path[i + 1]) { return false }
        let below = k + top.count
        if below < path.count && !graph.birthParents(of: path[below]).contains(top[0]) { return false }
        for i in below..<max(below, path.count - 1) where !graph.birthParents(of: path[i + 1]).contains(path[i]) { return false }
        return true
    }

    @Test(arguments: 0..<60)
    func agreesWithAllPathEnumeration(seed: Int) throws {
        let graph = RandomFamilyGraph(persons: 70, seed: UInt64(seed) &* 7_919 &+ 11).make()
        var random = SplitMix64(seed: UInt64(seed))
        var related = 0, unrelated = 0
        for _ in 0..<60 {
            let a = Int(random.below(UInt64(graph.count))), b = Int(random.below(UInt64(graph.count)))
            guard a != b else { continue }
            let kinship = try Kinship(graph: graph, a: a, b: b)
            let expected = Self.expected(graph, a, b)
            let got = kinship.relations.map { Expected(a: $0.generationsUpFromA, b: $0.generationsDownToB, half: $0.isHalf, ancestors: $0.commonAncestors) }
            #expect(got == Array(expected.prefix(Kinship.maximumRelations)), "seed \(seed): \(graph.persons[a].id) → \(graph.persons[b].id)")
            #expect(kinship.omitted == max(0, expected.count - Kinship.maximumRelations))
            for relation in kinship.relations {
                #expect(Self.isValidPath(relation, graph, a, b), "seed \(seed): path \(relation.path)")
                #expect(relation.term == KinshipTerm.english(up: relation.generationsUpFromA, down: relation.generationsDownToB,
                                                             half: relation.isHalf, gender: graph.persons[b].gender))
            }
            if expected.isEmpty {
                unrelated += 1
                try Self.checkMarriagePath(kinship, graph, a, b)
            } else {
                related += 1
                #expect(kinship.marriagePath.isEmpty)
            }
        }
        #expect(related > 0 && unrelated > 0, "seed \(seed): both kinds of pair tried (\(related) related, \(unrelated) not)")
    }

    /// The marriage path is a chain of real links from A to B, as short as a plain
    /// breadth-first distance over the family's undirected links.
    static func checkMarriagePath(_ kinship: Kinship, _ graph: FamilyGraph, _ a: Int, _ b: Int) throws {
        var neighbours = [Set<Int>](repeating: [], count: graph.count)
        for (u, union) in graph.unions.enumerated() {
            for p in union.partners {
                for q in union.partners where q != p { neighbours[p].insert(q) }
                for c in union.children where graph.birthFamily(of: c) == u { neighbours[p].insert(c); neighbours[c].insert(p) }
            }
        }
        var distance = [a: 0], frontier = [a]
        while !frontier.isEmpty && distance[b] == nil {
            var next: [Int] = []
            for p in frontier { for q in neighbours[p] where distance[q] == nil { distance[q] = distance[p]! + 1; next.append(q) } }
            frontier = next
        }
        #expect(kinship.marriagePath.count == (distance[b] ?? 0))
        var at = a
        for step in kinship.marriagePath {
            #expect(step.from == at && neighbours[at].contains(step.to))
            let gender = graph.persons[step.to].gender
            let isParent = graph.birthParents(of: at).contains(step.to)
            let isChild = graph.birthParents(of: step.to).contains(at)
            let words: [Kinship.Link] = isParent ? [.father, .mother, .parent] : isChild ? [.son, .daughter, .child] : [.husband, .wife, .partner]
            #expect(step.link == words[gender == .male ? 0 : gender == .female ? 1 : 2])
            at = step.to
        }
        if !kinship.marriagePath.isEmpty { #expect(at == b) }
    }
}

import FamilyModel
import Testing
import TestSupport

/// `Kinship` against an independent computation on many random families: every upward
/// path from A and from B enumerated depth-first (no breadth-first search), distances as
/// the shortest such path, and every common ancestor's every pair of children tried for a
/// line (not only the nearest ancestors': also the lines that pass one of them on one side).
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

    /// The persons from `child` down to `end` (`child` at `length` − 1 generations above it):
    /// at each step the first child (families in order, children in order, born to that
    /// family) whose shortest upward path reaches the person one generation less.
    static func descent(_ graph: FamilyGraph, from child: Int, length: Int, toward up: [Int: (length: Int, lastSteps: Set<Int>)]) -> [Int] {
        var line = [child], current = child
        for g in stride(from: length - 1, to: 0, by: -1) {
            let next = graph.unionsOf[current].lazy.flatMap { u in graph.unions[u].children.filter { graph.birthFamily(of: $0) == u } }
                .first { up[$0]?.length == g - 1 }!
            line.append(next)
            current = next
        }
        return line
    }

    /// Every common ancestor's line (the rule in `Kinship`'s doc): all pairs of its children
    /// toward A and B tried, shortest first, then through one family, then file order.
    static func expected(_ graph: FamilyGraph, _ a: Int, _ b: Int) -> [Expected] {
        let upA = allPathsUp(graph, from: a), upB = allPathsUp(graph, from: b)
        let common = Set(upA.keys.filter { upB[$0] != nil })
        /// C's children toward the person, with their generations from C (C itself: nil, 0).
        func sides(_ c: Int, _ up: [Int: (length: Int, lastSteps: Set<Int>)]) -> [(child: Int?, length: Int)] {
            if up[c]!.length == 0 { return [(nil, 0)] }
            var result: [(child: Int?, length: Int)] = []
            for u in graph.unionsOf[c] {
                for child in graph.unions[u].children where graph.birthFamily(of: child) == u && up[child] != nil && !result.contains(where: { $0.child == child }) {
                    result.append((child, up[child]!.length + 1))
                }
            }
            return result.enumerated().sorted { ($0.element.length, $0.offset) < ($1.element.length, $1.offset) }.map(\.element)
        }
        /// C's line (through `family` only, when given).
        func line(_ c: Int, family: Int? = nil) -> (a: Int, b: Int, split: Bool)? {
            func only(_ list: [(child: Int?, length: Int)]) -> [(child: Int?, length: Int)] {
                guard let family else { return list }
                return list.filter { $0.child.map { graph.birthFamily(of: $0) == family } ?? true }
            }
            let sa = only(sides(c, upA)), sb = only(sides(c, upB))
            var best: (key: [Int], a: Int, b: Int, split: Bool)?
            for (i, x) in sa.enumerated() {
                for (j, y) in sb.enumerated() where x.child == nil || x.child != y.child {
                    let split = x.child != nil && y.child != nil && graph.birthFamily(of: x.child!) != graph.birthFamily(of: y.child!)
                    let key = [x.length + y.length, split ? 1 : 0, i, j]
                    if let known = best, known.key.lexicographicallyPrecedes(key) { continue }
                    let lineA = x.child.map { descent(graph, from: $0, length: x.length, toward: upA) } ?? []
                    let lineB = y.child.map { descent(graph, from: $0, length: y.length, toward: upB) } ?? []
                    if lineA.contains(where: lineB.contains) { continue }
                    if lineA.dropLast().contains(where: common.contains) && lineB.dropLast().contains(where: common.contains) { continue }
                    best = (key, x.length, y.length, split)
                }
            }
            return best.map { ($0.a, $0.b, $0.split) }
        }
        var lines: [Int: (a: Int, b: Int, split: Bool)] = [:]
        for c in common { lines[c] = line(c) }
        var used = Set<Int>()
        var result: [Expected] = []
        for c in lines.keys.sorted() where !used.contains(c) {
            used.insert(c)
            let found = lines[c]!
            var ancestors = [c]
            for u in graph.unionsOf[c] {
                let partners = graph.unions[u].partners
                if let p = partners.first(where: { $0 != c && !used.contains($0) && lines[$0].map { ($0.a, $0.b) == (found.a, found.b) } == true }),
                   let own = line(c, family: u), (own.a, own.b) == (found.a, found.b) {
                    used.insert(p)
                    ancestors = partners
                    break
                }
            }
            result.append(Expected(a: found.a, b: found.b, half: ancestors.count == 1 && found.split, ancestors: ancestors))
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
            // A line by adoption, fostering or a stepchild's link is neither full nor half.
            let wanted = zip(expected, kinship.relations).map { e, r in Expected(a: e.a, b: e.b, half: e.half && r.by == .birth, ancestors: e.ancestors) }
                + expected.dropFirst(kinship.relations.count)
            #expect(got == Array(wanted.prefix(Kinship.maximumRelations)), "seed \(seed): \(graph.persons[a].id) → \(graph.persons[b].id)")
            #expect(kinship.omitted == max(0, expected.count - Kinship.maximumRelations))
            for relation in kinship.relations {
                #expect(Self.isValidPath(relation, graph, a, b), "seed \(seed): path \(relation.path)")
                // How the path's persons (but the common ancestors) belong to the families climbed.
                let links = relation.path.filter { !relation.commonAncestors.contains($0) }.map { p in
                    let u = graph.birthFamily(of: p)
                    return graph.unions[u].childLinks[graph.unions[u].children.firstIndex(of: p)!]
                }
                let by: ChildLink = links.contains(.step) ? .step : links.contains(.adopted) ? .adopted : links.contains(.foster) ? .foster : .birth
                #expect(relation.by == by)
                #expect(relation.term == KinshipTerm.english(up: relation.generationsUpFromA, down: relation.generationsDownToB,
                                                             half: relation.isHalf, by: by, gender: graph.persons[b].gender))
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

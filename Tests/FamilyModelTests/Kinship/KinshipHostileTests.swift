import FamilyModel
import Testing
import TestSupport

/// Families built to make kinship slow or large: every answer comes quickly and bounded.
@Suite struct KinshipHostileTests {
    /// 100,000 generations of one person each: the ends are 99,999 generations apart.
    @Test(.timeLimit(.minutes(1)))
    func aVeryDeepLine() throws {
        let data = SyntheticFamily(persons: 100_000, seed: 1).generateChain()
        let graph = try FamilyValidator().validate(data, source: "<chain>").graph
        let kinship = try Kinship(graph: graph, a: graph.count - 1, b: 0)
        #expect(kinship.relations.count == 1 && kinship.relations[0].generationsUpFromA == 99_999)
        #expect(kinship.relations[0].term.hasSuffix("99997th great-grandfather") || kinship.relations[0].term.hasSuffix("99997th great-grandmother")
                || kinship.relations[0].term == "99997th great-grandparent")
        #expect(kinship.relations[0].path.count == 100_000)
        // Two persons at the two ends of two such lines from one couple: cousins 49,999 times removed.
        var family = KinshipTestFamily()
        let husband = family.person(.male), wife = family.person(.female)
        let left = family.person(.male), right = family.person(.female)
        family.family([husband, wife], [left, right])
        let a = family.line(below: left, length: 20_000).last!, b = family.line(below: right, length: 30_000, last: .female).last!
        let cousins = try Kinship(graph: family.graph, a: a, b: b)
        #expect(cousins.relations.map(\.term) == ["20000th cousin 10000 times removed"])
    }

    /// Thirty generations of 40 persons, each the child of two random persons of the
    /// generation above (dense pedigree collapse: the upward paths from the last generation
    /// number in the billions). The answers come from the ancestors, not the paths: quick,
    /// at most 16 relationships each, every path as long as its generations.
    @Test(.timeLimit(.minutes(1)))
    func densePedigreeCollapse() throws {
        var family = KinshipTestFamily()
        var random = SplitMix64(seed: 5)
        var generation = (0..<40).map { family.person($0 % 2 == 0 ? .male : .female) }
        for _ in 0..<30 {
            var next: [Int] = []
            for k in 0..<40 {
                let father = generation[2 * Int(random.below(20))], mother = generation[2 * Int(random.below(20)) + 1]
                next.append(family.child(of: [father, mother], k % 2 == 0 ? .male : .female))
            }
            generation = next
        }
        let graph = family.graph
        for k in 0..<20 {
            let kinship = try Kinship(graph: graph, a: generation[k], b: generation[39 - k])
            #expect(!kinship.relations.isEmpty && kinship.relations.count <= Kinship.maximumRelations)
            #expect(kinship.relations.allSatisfy { $0.path.count == $0.generationsUpFromA + $0.generationsDownToB + $0.commonAncestors.count })
            let sums = kinship.relations.map { $0.generationsUpFromA + $0.generationsDownToB }
            #expect(sums == sums.sorted())
        }
    }

    /// A star of 50,000 partners around one person and no common ancestor: the marriage
    /// path search visits each once (it took 332 s when a person's partners were collected
    /// by searching the list so far).
    @Test(.timeLimit(.minutes(1)))
    func aWideMarriagePath() throws {
        var family = KinshipTestFamily()
        let hub = family.person(.male)
        var last = hub
        for _ in 0..<50_000 {
            last = family.person(.female)
            family.family([hub, last])
        }
        let kinship = try Kinship(graph: family.graph, a: 1, b: last)
        #expect(kinship.relations.isEmpty && kinship.marriagePath.map(\.link) == [.husband, .wife])
    }
}

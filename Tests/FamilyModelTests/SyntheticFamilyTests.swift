import FamilyModel
import Testing

@Suite struct SyntheticFamilyTests {
    @Test(arguments: [1, 2, 17, 300, 5_000])
    func generatesValidFamiliesOfTheRequestedSize(persons: Int) throws {
        let data = SyntheticFamily(persons: persons, seed: 42).generate()
        #expect(data.allPersons.count == persons)
        _ = try FamilyValidator().validate(data, source: "<synthetic>")
    }

    @Test func isReproducibleAndSeedDependent() {
        #expect(SyntheticFamily(persons: 500, seed: 3).generate() == SyntheticFamily(persons: 500, seed: 3).generate())
        #expect(SyntheticFamily(persons: 500, seed: 3).generate() != SyntheticFamily(persons: 500, seed: 4).generate())
    }

    @Test func jsonOutputReadsBackUnchanged() throws {
        let data = SyntheticFamily(persons: 400, seed: 9, roots: 3).generate()
        let text = SeedJSONWriter().write(data)
        // Seed JSON has whole names only: the generator's name parts stay behind.
        let wholeNames = FamilyData(generations: data.generations.map { $0.map { var p = $0; p.nameParts = nil; return p } })
        #expect(try SeedJSONDecoder().decode(Array(text.utf8), source: "<round trip>").data == wholeNames)
    }

    @Test func dotOutputHasEveryPersonAndChildEdge() {
        let data = SyntheticFamily(persons: 200, seed: 5).generate()
        let dot = DOTWriter().write(data)
        #expect(dot.hasPrefix("digraph family {"))
        for person in data.allPersons { #expect(dot.contains("\"\(person.id)\" [label=")) }
        let edges = dot.split(separator: "\n").filter { $0.contains(" -> ") && !$0.contains("rank=same") }.count
        let childLinks = Set(data.allPersons.flatMap(\.childrenIDs)).count
        #expect(edges == childLinks)
    }

    @Test func chainsHaveOnePersonPerGeneration() throws {
        let data = SyntheticFamily(persons: 1_000, seed: 2).generateChain()
        #expect(data.generations.count == 1_000 && data.generations.allSatisfy { $0.count == 1 })
        let graph = try FamilyValidator().validate(data, source: "<chain>").graph
        #expect(graph.roots == [0])
    }
}

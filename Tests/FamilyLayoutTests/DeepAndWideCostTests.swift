import FamilyLayout
import FamilyModel
import TestSupport
import Testing

/// Issue 23: the ancestor chart of a very deep line and the family chart of one person
/// with very many partners cost about what their size does.
@Suite struct DeepAndWideCostTests {
    /// One man and `count` wives, a union each.
    static func partners(_ count: Int) -> FamilyGraph {
        let persons = [Person(id: "M", name: "M", gender: .male, generation: 0)]
            + (1...count).map { Person(id: "W\($0)", name: "W\($0)", gender: .female, generation: 0) }
        let unions = (1...count).map { Union(partners: [0, $0], children: []) }
        return FamilyGraph(persons: persons, unions: unions, hasFixedGenerations: false)
    }

    /// Every box kept its Sosa number as a decimal string: a line of 20,000 generations
    /// held 60 million digits (the square of the depth); now numbers stop at 4,096 generations.
    @Test func sosaNumbersOfADeepLineStayBounded() throws {
        let layout = ChartLayout(request: .ancestors(.init()))
        let scene = layout.scene(for: LayoutCostTests.chain(20_000))
        let digits = scene.persons.reduce(0) { $0 + ($1.sosa?.utf8.count ?? 0) }
        #expect(digits < 3_000_000, "\(digits) digits of Sosa numbers")
        #expect(scene.persons.count == 20_000)
        #expect(scene.persons.first { $0.id == "P0" }?.sosa == "1")
        let last = try #require(scene.persons.first { $0.id == "P\(SosaNumber.maximumGenerations)" })
        #expect(last.sosa == LayoutCostTests.powerOfTwo(SosaNumber.maximumGenerations))
        #expect(scene.persons.first { $0.id == "P\(SosaNumber.maximumGenerations + 1)" }?.sosa == nil)
    }

    /// The couple-bar builder scanned the whole unit for every arched bar (160,000 wives:
    /// 22.5 s); 4× the partners now take about 4× the time.
    @Test func manyPartnersCostAboutTheirNumber() {
        let layout = ChartLayout()
        let (small, large) = (Self.partners(2_000), Self.partners(8_000))
        let ratio = CostGrowth.ratio({ _ = layout.scene(for: small) }, { _ = layout.scene(for: large) })
        #expect(ratio < 9, "4× the partners took \(ratio)× the time")
    }
}

import FamilyLayout
import FamilyModel
import TestSupport
import Testing

/// Issue 13's repro: Ruth is Serafin's partner and has a daughter of her own (no other
/// parent known). Her family must be drawn in every layout, never dropped.
@Suite struct LostLinkTests {
    private var graph: FamilyGraph { get throws { try TestFamilies.graph(gedcom: "lost-link") } }

    @Test(arguments: ChartRequest.placements)
    func aSecondPartnersOwnChildIsLinkedToThem(algorithm: ChartRequest) throws {
        let scene = ChartLayout(request: algorithm).scene(for: try graph)
        #expect(SceneInvariants(scene: scene).violations() == [])
        #expect(scene.connectors.contains { $0.child == "D" && $0.parents == ["C"] }, "Myrtle hangs from Ruth")
        #expect(scene.connectors.contains { $0.child == "B" && $0.parents == ["A"] })
        #expect(LinkAccounting(graph: try graph, scene: scene).unaccounted == [])
    }

    @Test func theFamilyChartDrawsItWithoutReferences() throws {
        let scene = ChartLayout().scene(for: try graph)
        #expect(scene.chart == .family && !scene.persons.contains(where: \.isReference))
        let ruth = try #require(scene.persons.first { $0.id == "C" })
        let myrtle = try #require(scene.persons.first { $0.id == "D" })
        #expect(myrtle.generation == ruth.generation + 1 && myrtle.y > ruth.maxY)
        #expect(abs(myrtle.centerX - ruth.centerX) < 0.01, "a single parent stands over an only child")
    }
}

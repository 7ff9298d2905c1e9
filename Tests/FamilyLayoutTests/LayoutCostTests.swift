@testable import FamilyLayout
import FamilyModel
import TestSupport
import Testing

/// Shapes that once made a layout step super-linear: each test lays out 4× the persons
/// and expects well under 16× the time (a quadratic step would take 16×, a cubic one 64×).
@Suite struct LayoutCostTests {
    /// Two families joined by many marriages: family A's k daughters marry family B's k sons.
    static func twoFamilies(marriages k: Int) -> FamilyGraph {
        var persons = ["A1", "A2", "B1", "B2"].enumerated().map { i, id in
            Person(id: id, name: id, gender: i % 2 == 0 ? .male : .female, generation: 0)
        }
        var unions = [Union(partners: [0, 1], children: []), Union(partners: [2, 3], children: [])]
        for i in 0..<k {
            persons.append(Person(id: "D\(i)", name: "D\(i)", gender: .female, generation: 1))
            persons.append(Person(id: "S\(i)", name: "S\(i)", gender: .male, generation: 1))
            unions[0].children.append(persons.count - 2)
            unions[1].children.append(persons.count - 1)
            unions.append(Union(partners: [persons.count - 1, persons.count - 2], children: []))
        }
        unions[0].childLinks = Array(repeating: .birth, count: k)
        unions[1].childLinks = Array(repeating: .birth, count: k)
        return FamilyGraph(persons: persons, unions: unions, hasFixedGenerations: false)
    }

    /// One layout pass of the family chart, as `FamilyChart` makes it.
    static func pass(_ graph: FamilyGraph) -> FamilyChart.Pass {
        let rows = FamilyRows(graph: graph)
        let units = FamilyUnits(graph: graph, rows: rows, partnerOrder: .marriage)
        let forest = FamilyForest(units: units, partCount: rows.partCount)
        let placement = FamilyPlacement(units: units, forest: forest, style: LayoutStyle(), rowWidths: [])
        let (order, crossings) = FamilyOrdering.order(graph: graph, units: units, forest: forest, placement: placement)
        let boxX = placement.boxCentres(unitAnchorX: placement.place(order), order: order)
        return FamilyChart.Pass(units: units, forest: forest, placement: placement, order: order, crossings: crossings, boxX: boxX)
    }

    /// Choosing far links finds each link's place in its family once (it searched the
    /// family's children for every link: k marriages out of one family cost k²).
    @Test func farLinksOfManyMarriagesBetweenTwoFamilies() throws {
        let (small, large) = (Self.twoFamilies(marriages: 2_000), Self.twoFamilies(marriages: 8_000))
        let (smallPass, largePass) = (Self.pass(small), Self.pass(large))
        let select = FarLinks(maximumCrossings: 6, maximumSpans: 30)
        var far = Set<ChildLinkKey>()
        let ratio = CostGrowth.ratio({ _ = select.select(smallPass) }, { far = select.select(largePass) })
        #expect(ratio < 9, "4× the marriages took \(ratio)× the time")
        // Every chosen link names the child whose line it is.
        #expect(!far.isEmpty)
        for link in largePass.forest.crossLinks {
            let person = largePass.units.boxes[link.box].person
            let children = large.unions[link.union].children
            let key = ChildLinkKey(union: link.union, index: children.firstIndex(of: person)!)
            if far.contains(key) { far.remove(key) }
        }
        #expect(far.isEmpty, "\(far.count) far links name a child that is not the line's")
    }
}

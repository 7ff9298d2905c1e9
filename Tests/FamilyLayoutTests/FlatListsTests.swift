import Testing
import TestSupport
@testable import FamilyLayout
@testable import FamilyModel

/// `FlatLists(grouping:)`, which sorts items into lists in one array (a box's couples in
/// `FamilyUnits`), and `OwnBoxes`, the boxes a big family chart makes beforehand.
@Suite struct FlatListsTests {
    @Test func groupingKeepsEachListInTheItemsOrder() {
        let items = [(3, "a"), (0, "b"), (3, "c"), (1, "d"), (0, "e"), (3, "f")]
        let lists = FlatLists(grouping: items, into: 5, list: { $0.0 }, element: { $0.1 })
        #expect(lists.count == 5)
        #expect(Array(lists[0]) == ["b", "e"])
        #expect(Array(lists[1]) == ["d"])
        #expect(lists[2].isEmpty && lists[4].isEmpty)
        #expect(Array(lists[3]) == ["a", "c", "f"])
        #expect((0..<5).map { lists[$0].count } == [2, 1, 0, 3, 0])
        #expect(lists[3, 1] == "c")
    }

    @Test func groupingNothing() {
        let none = FlatLists(grouping: [Int](), into: 3, list: { $0 }, element: { $0 })
        #expect(none.count == 3 && (0..<3).allSatisfy { none[$0].isEmpty })
        let noLists = FlatLists(grouping: [Int](), into: 0, list: { $0 }, element: { $0 })
        #expect(noLists.count == 0)
    }

    /// Random items: the same lists as appending to an array per list.
    @Test func groupingMatchesAListPerIndex() {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<50 {
            let listCount = Int(generator.next() % 20) + 1
            let items = (0..<Int(generator.next() % 200)).map { k in (Int(generator.next() % UInt64(listCount)), k) }
            var expected = [[Int]](repeating: [], count: listCount)
            for (list, k) in items { expected[list].append(k) }
            let lists = FlatLists(grouping: items, into: listCount, list: { $0.0 }, element: { $0.1 })
            #expect((0..<listCount).map { Array(lists[$0]) } == expected)
        }
    }

    /// The first scene built takes the boxes; afterwards there are none to take, and boxes of
    /// another family are never taken.
    @Test func ownBoxesAreTakenOnceAndOnlyForTheirFamily() {
        let graph = RandomFamilyGraph(persons: 40, seed: 3).make()
        let other = RandomFamilyGraph(persons: 41, seed: 4).make()
        let style = LayoutStyle()
        let boxes = OwnBoxes(of: graph, style: style)
        #expect(boxes.take(graph: other) == nil)
        let taken = boxes.take(graph: graph)
        #expect(taken?.count == graph.count)
        #expect(taken?[5].id == graph.persons[5].id && taken?[5].name == graph.persons[5].name)
        #expect(taken?[5].detail == SceneBuilder.lifeDetail(of: 5, graph: graph, style: style))
        #expect(boxes.take(graph: graph) == nil)
    }
}

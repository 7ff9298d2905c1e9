@testable import FamilyLayout
import FamilyModel
import TestSupport
import Testing

/// Seed roots far below the first generation hang from one shared chain of placeholders:
/// the tree grows with persons plus generations, not their product.
@Suite struct PlaceholderChainTests {
    @Test func rootsInDeepGenerationsShareOnePlaceholderChain() throws {
        let generations = 2_000, roots = 200
        let persons = (0..<roots).map { #"{"id": "r\#($0)", "name": "R\#($0)"}"# }.joined(separator: ", ")
        let json = #"{"generations": ["# + String(repeating: "[], ", count: generations) + "[" + persons + "]]}"
        let graph = try TestFamilies.graph(json: json)
        let units = ChartUnits(graph: graph, style: LayoutStyle())
        #expect(units.tree.count <= 1 + generations + roots, "\(units.tree.count) nodes for \(roots) roots under \(generations) rows")
        let scene = ChartLayout().scene(for: graph)
        #expect(scene.persons.count == roots && Set(scene.persons.map(\.generation)) == [generations])
    }
}

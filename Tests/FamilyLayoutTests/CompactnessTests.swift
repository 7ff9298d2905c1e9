import FamilyLayout
import FamilyModel
import TestSupport
import Testing

@Suite struct CompactnessTests {
    func widths(_ graph: FamilyGraph) -> (tidy: Double, columns: Double) {
        (ChartLayout(request: .descendants(.init())).scene(for: graph).width, ChartLayout(request: .descendants(.init(placement: .columns))).scene(for: graph).width)
    }

    @Test(arguments: Array(1...60))
    func tidyIsNeverWiderThanColumns(seed: Int) throws {
        let graph = try TestFamilies.synthetic([30, 200, 800][seed % 3], seed: UInt64(seed), roots: 1 + seed % 3)
        let (tidy, columns) = widths(graph)
        #expect(tidy <= columns + 1e-6, "seed \(seed): tidy \(tidy) > columns \(columns)")
    }

    /// A deep narrow branch beside a wide shallow one: the columns layout must keep the
    /// wide one's columns clear under the narrow one; tidy slides them under each other.
    @Test func tidyIsStrictlyNarrowerWhereGapsExist() throws {
        let json = #"""
        [[{"id": "r", "name": "R", "childrenIDs": ["a", "b"]}],
         [{"id": "a", "name": "A", "childrenIDs": ["a1", "a2", "a3", "a4"]}, {"id": "b", "name": "B", "childrenIDs": ["b1"]}],
         [{"id": "a1", "name": "A1"}, {"id": "a2", "name": "A2"}, {"id": "a3", "name": "A3"}, {"id": "a4", "name": "A4"},
          {"id": "b1", "name": "B1", "childrenIDs": ["x1", "x2", "x3", "x4"]}],
         [{"id": "x1", "name": "X1"}, {"id": "x2", "name": "X2"}, {"id": "x3", "name": "X3"}, {"id": "x4", "name": "X4"}]]
        """#
        let (tidy, columns) = widths(try TestFamilies.graph(json: json))
        #expect(tidy < columns - 100, "tidy \(tidy) vs columns \(columns)")
    }

    @Test func generatedFamiliesAreMuchNarrowerWithTidy() throws {
        let (tidy, columns) = widths(try TestFamilies.synthetic(1_000, seed: 1))
        #expect(tidy < columns * 0.9, "tidy \(tidy) vs columns \(columns)")
    }
}

import FamilyLayout
import FamilyModel
import FamilyPainter
import TestSupport
import Testing

extension GoldenImageTests {
    /// How Philip is related to Elizabeth II (royal92): three relationships side by side, the
    /// common couples on top, both lines of descent below; and Philip to Diana, a marriage path.
    @Test(arguments: [("I52", "I57", "relationship-elizabeth-philip"), ("I57", "I65", "relationship-marriage-path")])
    func relationshipChartsRenderLikeTheGolden(a: String, b: String, name: String) throws {
        let graph = try TestFamilies.graph(gedcom: "royal92")
        let layout = ChartLayout(request: .relationship(RelationshipChartOptions(focus: graph.index(of: a), to: graph.index(of: b))))
        let image = try ChartPainter(fonts: .file(FixturePaths.fontConfig)).rasterize(layout.scene(for: graph), scale: 1)
        try GoldenImage.expectMatch(image, named: name)
    }
}

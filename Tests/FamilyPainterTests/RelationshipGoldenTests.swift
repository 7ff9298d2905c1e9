import FamilyLayout
import FamilyModel
import FamilyPainter
import TestSupport
import Testing

extension GoldenImageTests {
    /// How Blanche of Artois is related to Joan Beaufort (royal92): two lines side by side,
    /// through Louis VIII and Blanche of Castile and, by another branch, through Alfonso IX (a
    /// line through an ancestor of the nearest common ancestors, issue 51), the common
    /// ancestors on top, both lines of descent below; and Philip to Diana, a marriage path.
    /// (Elizabeth II and Philip, the golden until issue 51, now have nine lines.)
    @Test(arguments: [("I1331", "I1495", "relationship-joan-blanche"), ("I57", "I65", "relationship-marriage-path")])
    func relationshipChartsRenderLikeTheGolden(a: String, b: String, name: String) throws {
        let graph = try TestFamilies.graph(gedcom: "royal92")
        let layout = ChartLayout(request: .relationship(RelationshipChartOptions(focus: graph.index(of: a), to: graph.index(of: b))))
        let image = try ChartPainter(fonts: .file(FixturePaths.fontConfig)).rasterize(layout.scene(for: graph), scale: 1)
        try GoldenImage.expectMatch(image, named: name)
    }
}

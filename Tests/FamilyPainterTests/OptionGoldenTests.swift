import FamilyLayout
import FamilyModel
import FamilyPainter
import TestSupport
import Testing

/// Pictures of `--box`, `--color-by` and `--orientation`: a small family and Victoria's
/// pedigree for each, at scale 1 with pinned fonts.
@Suite struct OptionGoldenTests {
    private func render(_ layout: ChartLayout, _ graph: FamilyGraph, named name: String, theme: Theme = .colour) throws {
        let image = try ChartPainter(fonts: .file(FixturePaths.fontConfig), theme: theme).rasterize(layout.scene(for: graph), scale: 1)
        try GoldenImage.expectMatch(image, named: name)
    }

    private func victoria(_ graph: FamilyGraph) -> ChartRequest { .ancestors(.init(focus: graph.index(of: "I1"), generations: 4)) }

    @Test func boxContent() throws {
        var layout = ChartLayout()
        layout.boxContent = try BoxContent(parsing: "name,dates,place,occupation,marriage", placeLevel: 2)
        try render(layout, try TestFamilies.graph(gedcom: "box-facts"), named: "box-small-family")
        let royal = try TestFamilies.graph(gedcom: "royal92")
        layout.request = victoria(royal)
        layout.boxContent = try BoxContent(parsing: "name,dates,place,marriage,sosa", placeLevel: 1)
        try render(layout, royal, named: "box-victoria")
    }

    @Test func colourBy() throws {
        var layout = ChartLayout()
        layout.colouring = BoxColouring(scheme: .lineage, colours: Theme.colour.schemeColours)
        try render(layout, try TestFamilies.graph(gedcom: "box-facts"), named: "colour-small-family-lineage")
        let royal = try TestFamilies.graph(gedcom: "royal92")
        layout.request = victoria(royal)
        layout.colouring = BoxColouring(scheme: .lineage, colours: Theme.print.schemeColours)
        try render(layout, royal, named: "colour-victoria-lineage-print", theme: .print)
    }

    @Test func orientation() throws {
        var layout = ChartLayout()
        layout.orientation = .leftRight
        try render(layout, try TestFamilies.graph(fixture: "childless-couple"), named: "orientation-childless-couple-left-right")
        let royal = try TestFamilies.graph(gedcom: "royal92")
        layout.request = victoria(royal)
        try render(layout, royal, named: "orientation-victoria-left-right")
        layout.request = .descendants(.init(root: royal.index(of: "I1"), generations: 2))
        layout.orientation = .bottomUp
        try render(layout, royal, named: "orientation-victoria-descendants-bottom-up")
    }
}

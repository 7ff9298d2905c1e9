import FamilyLayout
import FamilyModel
import FamilyPainter
import Foundation
import FoundationXML
import TestSupport
import Testing

/// Fan charts laid out with the painter's own text measure (as the command line does):
/// every label inside its cell as the painter sets it, the SVG's wedge groups, the page's
/// data, and the goldens.
@Suite struct FanChartPaintingTests {
    let painter: ChartPainter

    init() throws { painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig)) }

    func fan(_ graph: FamilyGraph, _ options: FanChartOptions) -> (Scene, FanStatistics) {
        var layout = ChartLayout(request: .fan(options))
        layout.textMeasure = painter.textMeasure
        return layout.fanScene(for: graph)!
    }

    /// Victoria on A3 (6 generations) and A1 (10), Charles II's collapse, a descendant fan.
    @Test(arguments: [("I1", 6, 225.0, FanDirection.ancestors), ("I1", 10, 225, .ancestors), ("I2130", 8, 360, .ancestors),
                      ("I1", 4, 270, .descendants)])
    func everyLabelStaysInsideItsCellAsThePainterSetsIt(id: String, generations: Int, sweep: Double, direction: FanDirection) throws {
        let graph = try TestFamilies.graph(gedcom: "royal92")
        let focus = try #require(graph.index(of: id))
        let options = FanChartOptions(focus: focus, generations: generations, sweep: sweep, direction: direction)
        let (scene, statistics) = fan(graph, options)
        let problems = FanInvariants.problems(scene, graph: graph, options: options, focus: focus, measure: painter.textMeasure)
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        // The measure the layout used is the painter's: an arc's length is its characters' advances.
        let arc = try #require(scene.texts.first { if case .arc = $0.path { true } else { false } })
        let sum = arc.text.reduce(0.0) { $0 + painter.textMeasure.advance(String($1), arc.size, arc.bold) }
        #expect(abs(painter.textMeasure.arcAdvance(arc.text, size: arc.size, bold: arc.bold) - sum) < 1e-9)
        if generations == 6 {
            #expect(statistics.rings.allSatisfy { ($0.smallest ?? 99) >= 7 }, "six generations on A3 are all readable: \(statistics.summary)")
        }
    }

    @Test func svgMakesEachPersonsWedgeAGroupAndDrawsNoBoxes() throws {
        let graph = try TestFamilies.graph(gedcom: "royal92")
        let (scene, _) = fan(graph, FanChartOptions(focus: graph.index(of: "I1"), generations: 4))
        let document = try XMLDocument(data: Data(try painter.semanticSVG(scene)))
        let ids = try document.nodes(forXPath: "//*[@class='wedge-person']/@data-id").compactMap(\.stringValue)
        #expect(ids == scene.wedges.compactMap(\.person))
        #expect(Set(ids) == Set(scene.persons.map(\.id)))
        #expect(try document.nodes(forXPath: "//*[contains(@class,'person ')]").isEmpty, "no person box drawn")
        #expect(try document.nodes(forXPath: "//*[contains(@class,'wedge') and contains(@class,'faint')]").count
                == scene.wedges.filter { $0.person == nil }.count)
        // The page knows each wedge's person, with their entry's name and life years.
        let html = String(decoding: try painter.htmlPage(scene), as: UTF8.self)
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"chart-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let data = try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as! [String: Any]
        let people = try #require(data["people"] as? [[String: Any]])
        #expect(people.count == scene.persons.count)
        let victoria = try #require(people.first { $0["id"] as? String == "I1" })
        #expect(victoria["name"] as? String == graph.persons[graph.index(of: "I1")!].name && victoria["detail"] as? String == "1819–1901")
        #expect((data["wedges"] as? [Double])?.count == 7 * scene.persons.count)
        #expect((data["boxes"] as? [Double])?.isEmpty == true)
        // PDF links: one per person, a square in the middle of their wedge, inside it.
        var options = RenderOptions()
        options.linkTemplate = try LinkTemplate("https://example.org/{id}")
        let path = NSTemporaryDirectory() + "familychart-fan-links-\(UUID().uuidString).pdf"
        try painter.write(scene, format: .pdf, to: path, options: options)
        let pdf = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        let uris = pdf.matches(of: /\/URI \(https:\/\/example.org\/([^)]*)\)/).map { String($0.1) }
        #expect(uris.sorted() == scene.persons.map(\.id).sorted())
    }
}

extension GoldenImageTests {
    /// Victoria's six generations (A3, the printed size at scale 0.5), Charles II's
    /// collapse in lineage colours, and Victoria's descendants to her great-grandchildren.
    @Test(arguments: [("I1", 6, FanDirection.ancestors, FanColours.gender, "fan-victoria"),
                      ("I2130", 6, .ancestors, .lineage, "fan-charles-ii-collapse"),
                      ("I1", 4, .descendants, .gender, "fan-victoria-descendants")])
    func fanChartsRenderLikeTheGolden(id: String, generations: Int, direction: FanDirection, colours: FanColours, name: String) throws {
        let graph = try TestFamilies.graph(gedcom: "royal92")
        let painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig))
        var layout = ChartLayout(request: .fan(FanChartOptions(focus: graph.index(of: id), generations: generations, direction: direction,
                                                              colours: colours)))
        layout.textMeasure = painter.textMeasure
        try GoldenImage.expectMatch(try painter.rasterize(layout.scene(for: graph), scale: 0.5), named: name)
    }
}

import FamilyLayout
import FamilyModel
import FamilyPainter
import Foundation
import TestSupport
import Testing

/// The interactive page as a file: self-contained, every person present, its data right.
/// (What it does in a browser: BrowserTests.)
@Suite struct HTMLPageTests {
    let painter: ChartPainter

    init() throws { painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig)) }

    func page(_ scene: Scene, options: RenderOptions = RenderOptions()) throws -> String {
        String(decoding: try painter.htmlPage(scene, options: options), as: UTF8.self)
    }

    @Test func thePageLoadsNothingFromAnywhere() throws {
        var options = RenderOptions()
        options.linkTemplate = try LinkTemplate("https://example.org/person/{id}")
        let html = try page(ChartLayout().scene(for: try TestFamilies.demo), options: options)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"))
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"))
        #expect(!html.contains(" src=\""), "no external script, image or frame")
        #expect(!html.contains("<link") && !html.contains("@import") && !html.contains("url(http"))
        // The only absolute URLs: the SVG and XLink namespaces and the people's links.
        let urls = Set(html.matches(of: /https?:\/\/[^"'\s<)]*/).map { String($0.0) })
        #expect(urls.allSatisfy { $0 == "http://www.w3.org/2000/svg" || $0 == "http://www.w3.org/1999/xlink" || $0.hasPrefix("https://example.org/person/") }, "\(urls)")
    }

    @Test func everyPersonIsInThePageAndItsData() throws {
        let scene = ChartLayout().scene(for: try TestFamilies.graph(gedcom: "relationships"))
        let html = try page(scene)
        let groups = html.matches(of: /<g class="person[^"]*" id="[^"]*" data-id="([^"]*)"/).map { String($0.1) }
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"chart-data\">\n"))
        let end = try #require(html.range(of: "\n</script>", range: start.upperBound..<html.endIndex))
        let data = try #require(try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
        let people = try #require(data["people"] as? [[String: Any]])
        let ids = people.map { $0["id"] as? String ?? "" }
        #expect(ids == scene.persons.map(\.id).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } })
        #expect((data["boxes"] as? [Double])?.count == 4 * scene.persons.count)
        #expect((data["personOfBox"] as? [Int])?.count == scene.persons.count)
        // The groups come in chunks by place; the chunks name every box once.
        let chunks = try #require(data["chunks"] as? [[Int]])
        #expect(chunks.flatMap { $0 }.sorted() == Array(scene.persons.indices))
        #expect(groups == chunks.flatMap { $0 }.map { scene.persons[$0].id })
        #expect((data["referenceBoxes"] as? [Int]) == scene.persons.indices.filter { scene.persons[$0].isReference })
        // Relatives from the scene's lines and bars, each once.
        for connector in scene.connectors {
            let child = try #require(ids.firstIndex(of: connector.child))
            let parents = people[child]["parents"] as? [Int] ?? []
            #expect(Set(connector.parents.compactMap { ids.firstIndex(of: $0) }).isSubset(of: Set(parents)))
            #expect(Set(parents).count == parents.count)
        }
        for bar in scene.coupleBars {
            let a = try #require(ids.firstIndex(of: bar.ids[0])), b = try #require(ids.firstIndex(of: bar.ids[1]))
            #expect((people[a]["partners"] as? [Int] ?? []).contains(b) && (people[b]["partners"] as? [Int] ?? []).contains(a))
        }
    }

    /// Names cannot end the data script or the page early, whatever they hold.
    @Test func namesCannotBreakOutOfTheDataScript() throws {
        let names = ["</script><script>alert(1)</script>", "<!--", "\u{2028}\u{2029}", "a\"b\\c", "]]></svg>"]
        let persons = names.enumerated().map { k, name in
            PersonBox(id: name, name: name, gender: .unknown, generation: 0, x: Double(k) * 120, y: 10, width: 104, height: 52)
        }
        let html = try page(Scene(width: 600, height: 80, persons: persons, coupleBars: [], connectors: []))
        #expect(html.components(separatedBy: "</script>").count == 4, "only the page's three scripts (markup, data, viewer) end")
        #expect(!html.contains("<script>alert"))
        let start = try #require(html.range(of: "id=\"chart-data\">\n"))
        let end = try #require(html.range(of: "\n</script>", range: start.upperBound..<html.endIndex))
        let data = try #require(try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
        #expect((data["people"] as? [[String: Any]])?.map { $0["name"] as? String } == names)
    }
}

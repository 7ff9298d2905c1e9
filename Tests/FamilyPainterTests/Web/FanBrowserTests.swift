import FamilyLayout
import FamilyModel
import FamilyPainter
import Foundation
import TestSupport
import Testing

extension BrowserTests {
    /// A fan's page: a click on a wedge opens that person's details (their name and years
    /// from the scene's entry, not the label's shortened lines); a click on an empty cell closes them.
    @Test func clickingAFanWedgeOpensThatPersonsDetails() throws {
        let graph = try TestFamilies.graph(gedcom: "royal92")
        var layout = ChartLayout(request: .fan(FanChartOptions(focus: graph.index(of: "I1"), generations: 4, sweep: 360)))
        layout.textMeasure = painter.textMeasure
        let browser = try HeadlessChromium()
        let url = try open(layout.scene(for: graph), name: "fan", in: browser)
        let father = try #require(try browser.evaluate("window.familyChart.screenBox('I133')") as? [String: Double])
        try browser.click(x: father["x"]!, y: father["y"]!)
        #expect(try browser.evaluate("document.getElementById('details').hidden") as? Bool == false)
        #expect(try text(browser, "#detail-name") == graph.persons[graph.index(of: "I133")!].name)
        #expect(try browser.evaluate("window.familyChart.selected()") as? String == "I133")
        #expect(try browser.evaluate("[...document.querySelectorAll('g.wedge-person.selected')].map((g) => g.dataset.id)") as? [String] == ["I133"],
                "the selected person's wedge is marked")
        #expect(try text(browser, "#detail-dates").contains("1767"), "the years from the scene's entry")
        // Relatives from the Sosa numbers (a fan draws no lines): his parents, and Victoria.
        let relatives = "[...document.querySelectorAll('#detail-%@ li button')].map((button) => button.textContent)"
        #expect(try browser.evaluate(String(format: relatives, "parents")) as? [String] == ["George III Hanover", "(Sophia) Charlotte"])
        #expect(try browser.evaluate(String(format: relatives, "children")) as? [String] == ["Victoria Hanover"])
        let screenshot = try browser.screenshot()
        try screenshot.write(to: URL(fileURLWithPath: FixturePaths.testOutput + "/fan-page.png"))
        try browser.click(x: 5, y: 690)  // outside the fan: the panel closes, the mark goes
        #expect(try browser.evaluate("document.getElementById('details').hidden") as? Bool == true)
        #expect(try browser.evaluate("document.querySelectorAll('g.wedge-person.selected').length") as? Int == 0)
        expectClean(browser, page: url)
    }
}

extension BrowserTests {
    /// Issue 49, R9: on a fan's page "Relate to…" and a click on a second wedge threw
    /// "Reduce of empty array" (its persons have wedges, no boxes) and never showed the path.
    /// Now wedges are places: the path is shown readable in the part of the window the panel
    /// leaves free, on a desktop and on a phone (where the panel is a sheet at the bottom).
    @Test(arguments: [(1280, 800), (390, 844)])
    func relatingOnAFanShowsThePathInView(size: (width: Int, height: Int)) throws {
        let graph = try TestFamilies.graph(gedcom: "royal92")
        let focus = try #require(graph.index(of: "I52"))
        let father = { (i: Int) in graph.parentUnions[i].compactMap { graph.unions[$0].partners.first }.first }
        let greatGrandfather = try #require(father(focus).flatMap(father).flatMap(father))
        var layout = ChartLayout(request: .fan(FanChartOptions(focus: focus, generations: 5, sweep: 360)))
        layout.textMeasure = painter.textMeasure
        var options = withDetails(graph)
        options.family = graph
        let browser = try browser(size.width, size.height)
        let url = try open(layout.scene(for: graph), name: "fan-relate-\(size.width)", options: options, in: browser)
        try browser.evaluate("window.familyChart.select('I52')")
        try frames(browser, wait: 500)
        try browser.evaluate("document.getElementById('relate-to').click()")
        let target = graph.persons[greatGrandfather].id
        let point = try #require(try browser.evaluate("window.familyChart.screenBox(\(literal(target)))") as? [String: Double])
        try browser.evaluate("window.familyChart.panBy(\(Double(size.width) / 2 - point["x"]!), \(Double(size.height) / 3 - point["y"]!))")
        try frames(browser)
        try clickBox(target, in: browser)
        try frames(browser, wait: 500)
        let said = try text(browser, "#detail-relation")
        #expect(said.contains("great-grandfather"), "\(said)")
        let path = try #require(try browser.evaluate("window.familyChart.relate('I52', \(literal(target))).path") as? [String])
        #expect(path.count == 4)
        let sheet = try #require(try browser.evaluate("(() => { const r = document.getElementById('details').getBoundingClientRect(); return [r.left, r.top]; })()") as? [Double])
        let bar = try #require(try browser.evaluate("document.getElementById('toolbar').getBoundingClientRect().bottom") as? Double)
        let right = sheet[0] <= 16 ? Double(size.width) : sheet[0], bottom = sheet[0] <= 16 ? sheet[1] : Double(size.height)
        for id in path {
            let b = try #require(try browser.evaluate("window.familyChart.screenBox(\(literal(id)))") as? [String: Double])
            #expect(b["x"]! >= 0 && b["x"]! <= right && b["y"]! >= bar && b["y"]! <= bottom,
                    "\(id)'s wedge in the free part of the window (x < \(right), \(bar) < y < \(bottom)): \(b)")
        }
        #expect(try browser.evaluate("document.querySelector('#stage svg').classList.contains('far')") as? Bool == false,
                "names drawn, not the far view")
        let lit = try browser.evaluate("[...new Set([...document.querySelectorAll('g.wedge-person.lit')].map((g) => g.dataset.id))]") as? [String]
        #expect(Set(lit ?? []) == Set(path), "the path's wedges stand out, the rest is dimmed")
        try FileManager.default.createDirectory(atPath: FixturePaths.testOutput, withIntermediateDirectories: true)
        try browser.screenshot().write(to: URL(fileURLWithPath: FixturePaths.testOutput + "/fan-relate-\(size.width).png"))
        expectClean(browser, page: url)
    }
}

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

import FamilyLayout
import FamilyModel
import FamilyPainter
import Foundation
import TestSupport
import Testing

/// The page's third review (issue 50), tried as users do, on a desktop and a phone.
extension BrowserTests {
    /// N1: every fan page opened blank on a phone: the fit zoom (a third of full size) switched
    /// to the far view, which draws only boxes, and a fan has none. Its wedges stay in the SVG.
    @Test(arguments: [(1280, 800), (390, 844)])
    func aFanOpensWithItsWedgesDrawn(size: (width: Int, height: Int)) throws {
        let graph = try TestFamilies.graph(gedcom: "royal92")
        var layout = ChartLayout(request: .fan(FanChartOptions(focus: graph.index(of: "I52"))))
        layout.textMeasure = painter.textMeasure
        let browser = try browser(size.width, size.height)
        let url = try open(layout.scene(for: graph), name: "fan-open-\(size.width)", in: browser)
        try frames(browser, wait: 200)
        let state = try #require(try browser.evaluate("""
            [document.getElementById('stage').style.opacity, document.getElementById('far-view').hidden,
             document.querySelector('#stage svg').getBoundingClientRect().width, window.familyChart.view.scale]
            """) as? [Any])
        #expect(state[0] as? String != "0" && state[1] as? Bool == true, "the SVG shows, not the far view's canvas: \(state)")
        #expect((state[2] as? Double ?? 0) > Double(size.width) / 2, "the fan fills the window: \(state)")
        let focus = try box("I52", browser)
        #expect(focus.x > 0 && focus.x < Double(size.width) && focus.y > 40 && focus.y < Double(size.height), "the focus in the window: \(focus)")
        try FileManager.default.createDirectory(atPath: FixturePaths.testOutput, withIntermediateDirectories: true)
        try browser.screenshot().write(to: URL(fileURLWithPath: FixturePaths.testOutput + "/fan-open-\(size.width).png"))
        expectClean(browser, page: url)
    }

    /// N10: a selection's highlight dimmed the other parent of the person's children.
    @Test func theOtherParentStandsOutWithTheChildren() throws {
        let browser = try HeadlessChromium()
        let url = try open(try scene(), name: "co-parent", in: browser)
        try browser.evaluate("window.familyChart.select('I3')")
        try frames(browser)
        let lit = try browser.evaluate("[...document.querySelectorAll('#stage g.person.lit')].map((g) => g.dataset.id).sort()") as? [String]
        #expect(lit == ["I1", "I2", "I3", "I5", "I6"], "his parents, himself, his son and his son's mother (not his sister I4)")
        #expect(try browser.evaluate("window.familyChart.lineage('I3').sort()") as? [String] == ["I1", "I2", "I3", "I6"],
                "lineage() stays ancestors and descendants")
        expectClean(browser, page: url)
    }

    /// N13: the dark or light choice was lost on reload. N9: Ctrl+F missed people off screen;
    /// it opens the page's own search. N14: a loading line until the first frame.
    @Test func theThemeIsKeptCtrlFSearchesAndLoadingIsSaid() throws {
        let browser = try HeadlessChromium()
        let url = try open(try scene(), name: "theme-kept", in: browser)
        #expect(try browser.evaluate("getComputedStyle(document.getElementById('loading')).display") as? String == "none",
                "the loading line is gone once the chart is drawn")
        let page = try String(contentsOfFile: directory + "/theme-kept.html", encoding: .utf8)
        let loading = try #require(page.range(of: "id=\"loading\""))
        let data = try #require(page.range(of: "id=\"chart-data\""))
        #expect(loading.lowerBound < data.lowerBound, "the loading line comes before the data the script reads")
        try browser.evaluate("document.getElementById('theme').click()")
        let chosen = try browser.evaluate("document.documentElement.dataset.theme") as? String
        #expect(chosen == "dark" || chosen == "light")
        try browser.open(url)
        try frames(browser)
        #expect(try browser.evaluate("document.documentElement.dataset.theme") as? String == chosen, "the choice is kept after a reload")
        try browser.evaluate("window.familyChart.theme('system')")
        try browser.open(url)
        try frames(browser)
        #expect(try browser.evaluate("document.documentElement.dataset.theme ?? 'none'") as? String == "none", "the system's choice again")

        try browser.evaluate("document.getElementById('viewport').focus()")
        try browser.press("f", code: "KeyF", modifiers: 2)  // Ctrl
        #expect(try browser.evaluate("document.activeElement.id") as? String == "search", "Ctrl+F focuses the page's search")
        expectClean(browser, page: url)
    }
}

extension BrowserTests {
    /// N5: a year in the search matched nothing (or ids); married names were not searched.
    /// N4: the panel showed calendar escapes raw. N11: an empty event showed a bare "Born".
    @Test func searchByYearAndMarriedNameAndDatesInWords() throws {
        let (graph, scene) = try royal92()
        let browser = try HeadlessChromium()
        let url = try open(scene, name: "search-years", options: withDetails(graph), in: browser)
        let find = { (query: String) in try browser.evaluate("window.familyChart.find(\(self.literal(query)), 1000)") as? [String] ?? [] }
        let henryVIII = try #require(graph.persons.first { $0.name.hasPrefix("Henry VIII") }).id
        #expect(try find("henry 1491").contains(henryVIII), "Henry VIII, born 1491")
        #expect(try find("henry 1490–1500").contains(henryVIII))
        #expect(try find("henry 1492").contains(henryVIII) == false)
        let found1926 = try find("elizabeth 1926")
        #expect(found1926.contains("I52"), "\(found1926)")
        for id in try find("1926") {
            let person = try #require(graph.persons.first { $0.id == id })
            #expect(person.birthYear == 1926 || person.deathYear == 1926,
                    "\(person.name) was born or died in 1926")
        }
        #expect(try find("elizabeth mountbatten").contains("I52"), "Elizabeth II by her husband's surname")
        #expect(try find("I52").first == "I52", "an id typed whole")
        expectClean(browser, page: url)

        let julian = try FamilyImport(file: InputFile(path: FixturePaths.root + "/Fixtures/quirks/julian-calendar.ged")).graph
        let second = try HeadlessChromium()
        let page = try open(ChartLayout().scene(for: julian), name: "julian", options: withDetails(julian), in: second)
        try second.evaluate("window.familyChart.select('I1')")
        let life = try text(second, "#details")
        #expect(!life.contains("@#D") && life.contains("(Julian)"), "dates in words with their calendar: \(life)")
        expectClean(second, page: page)
    }
}

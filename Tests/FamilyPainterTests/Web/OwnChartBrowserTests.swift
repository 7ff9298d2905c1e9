import FamilyLayout
import FamilyModel
import FamilyPainter
import Foundation
import TestSupport
import Testing

/// A person's own chart in the page (issue 50): their ancestors drawn from the page's
/// families, rows by generation, parents over their child, kept in the hash, left by Back.
extension BrowserTests {
    /// royal92's I52 (Elizabeth II) as a family page; her own ancestors chart, 4 generations.
    @Test(arguments: [(1280, 800), (390, 844)])
    func aPersonsOwnAncestorsChart(size: (width: Int, height: Int)) throws {
        let graph = try TestFamilies.graph(gedcom: "royal92")
        var options = withDetails(graph)
        options.family = graph
        let browser = try browser(size.width, size.height)
        let url = try open(ChartLayout().scene(for: graph), name: "own-\(size.width)", options: options, in: browser)

        // Her ancestors by generation, from the file: rows[0] is her, rows[1] her parents, …
        func parents(_ id: String) -> [String] {
            guard let i = graph.persons.firstIndex(where: { $0.id == id }) else { return [] }
            let u = graph.birthFamily(of: i)
            return u == FamilyGraph.none ? [] : graph.unions[u].partners.map { graph.persons[$0].id }
        }
        var rows = [["I52"]]
        for _ in 1..<4 { rows.append(rows.last!.flatMap(parents)) }
        #expect(rows.map(\.count) == [1, 2, 4, 8], "royal92 has Elizabeth II's 14 nearest ancestors: \(rows)")

        // Chosen in the panel: "Chart of this person" (ancestors, 4 generations, unless chosen otherwise).
        try browser.evaluate("window.familyChart.select('I52')")
        try frames(browser)
        try browser.evaluate("document.getElementById('own-chart').click()")
        try frames(browser, wait: 100)
        let shown = try #require(try browser.evaluate("window.familyChart.chart()") as? [String: Any])
        #expect(shown["boxes"] as? Int == 15 && shown["persons"] as? Int == 15 && shown["kind"] as? String == "ancestors", "\(shown)")
        #expect(try browser.evaluate("location.hash") as? String == "#chart=ancestors&focus=I52&generations=4&person=I52")
        #expect(try browser.evaluate("document.getElementById('own-controls').hidden") as? Bool == false)

        // One row per generation, upwards; each child centred under its two parents; no overlaps.
        var boxes: [String: (x: Double, y: Double, width: Double, height: Double)] = [:]
        for id in rows.joined() { boxes[id] = try box(id, browser) }
        let bottoms = rows.map { row in Set(row.map { (boxes[$0]!.y + boxes[$0]!.height).rounded() }) }
        #expect(bottoms.allSatisfy { $0.count == 1 }, "each generation on one row: \(bottoms)")
        #expect(zip(bottoms, bottoms.dropFirst()).allSatisfy { $0.first! > $1.first! }, "each generation above the one before: \(bottoms)")
        let centre = { (id: String) in boxes[id]!.x + boxes[id]!.width / 2 }
        for id in rows[0..<3].joined() {
            let p = parents(id)
            #expect(abs(centre(id) - (centre(p[0]) + centre(p[1])) / 2) < 0.5, "\(id) centred under \(p)")
        }
        let all = Array(rows.joined())
        for (k, a) in all.enumerated() {
            for b in all[(k + 1)...] {
                let r = boxes[a]!, s = boxes[b]!
                #expect(r.x + r.width <= s.x || s.x + s.width <= r.x || r.y + r.height <= s.y || s.y + s.height <= r.y, "\(a) and \(b) overlap")
            }
        }
        if size.width > 600 {
            for id in all { #expect(try inView(id, browser, width: Double(size.width), height: Double(size.height), besidePanel: true), "\(id) in view") }
        } else {
            // Above the sheet, names of 7 px or more: her and her parents (the grandparents need 0.5×).
            for id in rows[0..<2].joined() { #expect(try inView(id, browser, width: Double(size.width), height: Double(size.height), besidePanel: true), "\(id) in view") }
        }
        // Only the own chart's persons are drawn; clicking one selects them there.
        let drawn = try browser.evaluate("[...document.querySelectorAll('#stage g.own-chart g.person')].map((g) => g.dataset.id)") as? [String] ?? []
        #expect(Set(drawn).isSubset(of: Set(all)) && drawn.contains("I52"), "\(drawn)")
        try clickBox(rows[1][0], in: browser)
        try frames(browser)
        #expect(try browser.evaluate("window.familyChart.selected()") as? String == rows[1][0])
        #expect(try browser.evaluate("location.hash") as? String == "#chart=ancestors&focus=I52&generations=4&person=\(rows[1][0])")
        try FileManager.default.createDirectory(atPath: FixturePaths.testOutput, withIntermediateDirectories: true)
        try browser.screenshot().write(to: URL(fileURLWithPath: FixturePaths.testOutput + "/own-ancestors-\(size.width).png"))

        // A branch closed with its toggle: her father's ancestors go, her mother's stay.
        #expect(try browser.evaluate("window.familyChart.toggleBranch(\(literal(rows[1][0])), 'up', false)") as? Bool == true)
        #expect(try browser.evaluate("window.familyChart.chart().boxes") as? Int == 9)
        #expect(try browser.evaluate("window.familyChart.screenBox(\(literal(rows[2][0])))") is NSNull)
        // Download SVG saves the whole chart, an own chart shown or not.
        let saved = try browser.evaluate("""
            (() => { const t = window.familyChart.svgText(), n = JSON.parse(document.getElementById('chart-data').textContent).personOfBox.length;
              return [t.includes('own-chart'), (t.match(/<g class="person /g) || []).length === n, window.familyChart.chart().boxes].join(' '); })()
            """) as? String
        #expect(saved == "false true 9", "own chart in the file, every person of the whole chart, the own chart still shown: \(saved ?? "")")

        // Back: the own chart with her selected, then the whole chart with her selected, in its view.
        func back(_ browser: HeadlessChromium) throws {
            try browser.evaluate("new Promise((done) => { addEventListener('popstate', () => setTimeout(done, 100), { once: true }); history.back(); })")
        }
        try back(browser)
        #expect(try browser.evaluate("[window.familyChart.chart()?.id, window.familyChart.selected()]") as? [String] == ["I52", "I52"])
        try back(browser)
        try frames(browser, wait: 600)  // the glide to her box
        #expect(try browser.evaluate("window.familyChart.chart()") is NSNull)
        #expect(try browser.evaluate("document.querySelector('#stage g.own-chart')") is NSNull)
        #expect(try browser.evaluate("[location.hash, window.familyChart.selected()]") as? [String] == ["#I52", "I52"])
        #expect(try browser.evaluate("document.querySelectorAll('#stage g.chart g.person').length") as? Int ?? 0 > 20)
        #expect(try inView("I52", browser, width: Double(size.width), height: Double(size.height), besidePanel: true))

        // The hash round-trip: the view opens again from the URL alone, a change of the generations is kept and undone by Back.
        let second = try self.browser(size.width, size.height)
        try second.open(url + "#chart=ancestors&focus=I52&generations=4")
        try second.evaluate("document.fonts.ready.then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))")
        let again = try #require(try second.evaluate("window.familyChart.chart()") as? [String: Any])
        #expect(again["id"] as? String == "I52" && again["generations"] as? Int == 4 && again["boxes"] as? Int == 15, "\(again)")
        for id in rows[0..<2].joined() { #expect(try inView(id, second, width: Double(size.width), height: Double(size.height)), "\(id) in view") }
        try second.evaluate("document.getElementById('own-generations').value = '3'; document.getElementById('own-generations').dispatchEvent(new Event('change'))")
        #expect(try second.evaluate("[location.hash, window.familyChart.chart().boxes]") as? [AnyHashable] == ["#chart=ancestors&focus=I52&generations=3", 7])
        try back(second)
        #expect(try second.evaluate("[location.hash, window.familyChart.chart().boxes]") as? [AnyHashable] == ["#chart=ancestors&focus=I52&generations=4", 15])
        try second.evaluate("document.getElementById('own-leave').click()")
        try frames(second)
        #expect(try second.evaluate("window.familyChart.chart()") is NSNull)
        expectClean(second, page: url)
        expectClean(browser, page: url)
    }

    /// Bug 16: a deep pedigree (royal92's full ancestors of Elizabeth II: her grandparents
    /// 3,000 pt apart in the whole chart) opened on the focus and parents alone, 70 % of the
    /// window empty. It opens on her own chart in the page, as many generations as fit with
    /// names of 7 px or more: her 14 nearest ancestors on a desktop, 6 on a phone; Whole
    /// chart shows the page's own layout.
    @Test(arguments: [(1280, 800, 4), (390, 844, 3)])
    func aDeepPedigreeOpensOnItsNearestGenerations(size: (width: Int, height: Int, generations: Int)) throws {
        let (graph, scene) = try royal92(.ancestors, focus: "I52")
        func parents(_ id: String) -> [String] {
            guard let i = graph.persons.firstIndex(where: { $0.id == id }) else { return [] }
            let u = graph.birthFamily(of: i)
            return u == FamilyGraph.none ? [] : graph.unions[u].partners.map { graph.persons[$0].id }
        }
        var rows = [["I52"]]
        for _ in 1..<size.generations { rows.append(rows.last!.flatMap(parents)) }
        var options = withDetails(graph)
        options.family = graph
        let browser = try browser(size.width, size.height)
        let url = try open(scene, name: "deep-\(size.width)", options: options, in: browser)
        let shown = try #require(try browser.evaluate("window.familyChart.chart()") as? [String: Any], "opens on her own chart")
        #expect(shown["generations"] as? Int == size.generations && shown["kind"] as? String == "ancestors", "\(shown)")
        for id in rows.joined() { #expect(try inView(id, browser, width: Double(size.width), height: Double(size.height)), "\(id) in view") }
        let names = try #require(try browser.evaluate("window.familyChart.view.scale * JSON.parse(document.getElementById('chart-data').textContent).nameSize") as? Double)
        #expect(names >= 7, "names of \(names) px")
        #expect(try browser.evaluate("location.hash") as? String == "", "the opening adds nothing to the URL")
        try FileManager.default.createDirectory(atPath: FixturePaths.testOutput, withIntermediateDirectories: true)
        try browser.screenshot().write(to: URL(fileURLWithPath: FixturePaths.testOutput + "/deep-pedigree-\(size.width).png"))
        try browser.evaluate("document.getElementById('own-leave').click()")
        try frames(browser)
        #expect(try browser.evaluate("window.familyChart.chart()") is NSNull)
        #expect(try inView("I52", browser, width: Double(size.width), height: Double(size.height)), "the whole chart at Home: the focus")
        expectClean(browser, page: url)
    }

    /// A fan page draws its persons as wedges, without boxes to copy: its own charts get
    /// plain boxes with the name (on two lines where it is long) held inside the box.
    @Test func aFanPageDrawsOwnChartsInPlainBoxes() throws {
        let graph = try TestFamilies.graph(gedcom: "royal92")
        var layout = ChartLayout(request: .fan(FanChartOptions(focus: graph.index(of: "I52"))))
        layout.textMeasure = painter.textMeasure
        var options = withDetails(graph)
        options.family = graph
        let browser = try HeadlessChromium(width: 1280, height: 800)
        let url = try open(layout.scene(for: graph), name: "fan-own", options: options, in: browser)
        let shown = try #require(try browser.evaluate("window.familyChart.showChart('I52', 'ancestors', 3)") as? [String: Any])
        #expect(shown["boxes"] as? Int == 7, "\(shown)")
        try frames(browser)
        let outside = try browser.evaluate("""
            [...document.querySelectorAll('#stage g.own-chart g.person')].flatMap((g) => { const r = g.querySelector('rect').getBoundingClientRect();
              return [...g.querySelectorAll('text')].filter((t) => { const b = t.getBoundingClientRect();
                return b.left < r.left - 0.5 || b.right > r.right + 0.5 || b.top < r.top - 0.5 || b.bottom > r.bottom + 0.5; }).map((t) => t.textContent); })
            """) as? [String]
        #expect(outside == [], "text outside its box: \(outside ?? [])")
        try clickBox("I32", in: browser)
        #expect(try browser.evaluate("window.familyChart.selected()") as? String == "I32")
        try browser.evaluate("window.familyChart.wholeChart()")
        try frames(browser)
        #expect(try browser.evaluate("document.querySelectorAll('#stage g.wedge-person').length") as? Int ?? 0 > 7, "the fan again")
        expectClean(browser, page: url)
    }
}

import FamilyLayout
import FamilyModel
import FamilyPainter
import Foundation
import FoundationXML
import TestSupport
import Testing

/// The interactive page in a real browser: Debian's Chromium, headless, with its network
/// cut off (`scripts/setup --browser`, which `scripts/test` runs, installs it).
@Suite(.serialized, .enabled(if: HeadlessChromium.isInstalled, "needs Debian's chromium: run scripts/setup --browser"))
struct BrowserTests {
    let painter: ChartPainter
    let directory: String

    init() throws {
        painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig))
        directory = NSTemporaryDirectory() + "familychart-browser-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// A small family with accents, CJK names, a second name, life years and a photo.
    func family() throws -> FamilyGraph {
        let photo = directory + "/anna.png"
        var pixels = [UInt32](repeating: 0xC04020, count: 64 * 64)
        for k in 0..<(64 * 32) { pixels[k] = 0x2050C0 }
        try RasterImage(width: 64, height: 64, pixels: pixels).writePNG(to: photo)
        return try TestFamilies.graph(json: """
            {"generations": [
             [{"id": "I1", "name": "Hans Müller", "gender": "male", "birthYear": 1900, "deathYear": 1970, "coupleID": "I2", "childrenIDs": ["I3", "I4"]},
              {"id": "I2", "name": "Anna Schmidt", "gender": "female", "birthYear": 1905, "coupleID": "I1", "childrenIDs": ["I3", "I4"], "photo": "\(photo)"}],
             [{"id": "I3", "name": "王小明", "secondName": "Wang Xiaoming", "gender": "male", "age": 30, "coupleID": "I5", "childrenIDs": ["I6"]},
              {"id": "I5", "name": "Zoë Ångström", "gender": "female", "age": 29, "coupleID": "I3", "childrenIDs": ["I6"]},
              {"id": "I4", "name": "Élodie Müller", "gender": "female", "age": 27, "childrenIDs": []}],
             [{"id": "I6", "name": "小明", "gender": "male", "age": 2, "childrenIDs": []}]
            ]}
            """)
    }

    /// Writes `scene` as a page and opens it (with `fragment`, e.g. `#I3`), ready for input.
    func open(_ scene: Scene, name: String, fragment: String = "", options: RenderOptions = RenderOptions(),
              in browser: HeadlessChromium) throws -> String {
        var style = LayoutStyle()
        style.showsSecondNames = true
        let path = directory + "/\(name).html"
        try painter.write(scene, format: .html, to: path, options: options)
        let url = URL(fileURLWithPath: path).absoluteString
        try browser.open(url + fragment)
        try browser.evaluate("document.fonts.ready.then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))")
        #expect(try browser.evaluate("window.familyChart && window.familyChart.ready") as? Bool == true)
        return url
    }

    func scene(secondNames: Bool = true) throws -> Scene {
        var style = LayoutStyle()
        style.showsSecondNames = secondNames
        return ChartLayout(style: style).scene(for: try family())
    }

    /// Nothing left the page and nothing went wrong in it.
    func expectClean(_ browser: HeadlessChromium, page url: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let elsewhere = browser.requestedURLs.filter { !$0.hasPrefix(url) && !$0.hasPrefix("data:") && !$0.hasPrefix("blob:") }
        #expect(elsewhere.isEmpty, "requests left the page: \(elsewhere)", sourceLocation: sourceLocation)
        #expect(browser.requestedURLs.contains { $0.hasPrefix(url) }, "the page itself was loaded", sourceLocation: sourceLocation)
        #expect(browser.problems.isEmpty, "\(browser.problems)", sourceLocation: sourceLocation)
    }

    func text(_ browser: HeadlessChromium, _ selector: String) throws -> String {
        try browser.evaluate("document.querySelector('\(selector)').textContent") as? String ?? ""
    }

    /// `text` as a JavaScript string literal.
    func literal(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast().description
    }

    func clickBox(_ id: String, in browser: HeadlessChromium) throws {
        // A glide the last click started (a box brought out from under the panel) moves the
        // boxes for 400 ms, longer on a loaded machine: click once the view stands still.
        for _ in 0..<40 {
            let before = try browser.evaluate("JSON.stringify(window.familyChart.view)") as? String
            try browser.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
            if try browser.evaluate("JSON.stringify(window.familyChart.view)") as? String == before { break }
        }
        let box = try #require(try browser.evaluate("window.familyChart.screenBox(\(literal(id)))") as? [String: Double])
        try browser.click(x: box["x"]! + box["width"]! / 2, y: box["y"]! + box["height"]! / 2)
    }

    @Test func clickingABoxOpensThatPersonsDetails() throws {
        let browser = try HeadlessChromium()
        let url = try open(try scene(), name: "details", in: browser)
        try clickBox("I3", in: browser)
        #expect(try browser.evaluate("document.getElementById('details').hidden") as? Bool == false)
        #expect(try text(browser, "#detail-name") == "王小明")
        #expect(try text(browser, "#detail-second") == "Wang Xiaoming")
        #expect(try text(browser, "#detail-dates") == "age 30")
        #expect(try text(browser, "#detail-id") == "I3")
        let relatives = "[...document.querySelectorAll('#detail-%@ li button')].map((button) => button.textContent)"
        #expect(try browser.evaluate(String(format: relatives, "parents")) as? [String] == ["Hans Müller", "Anna Schmidt"])
        #expect(try browser.evaluate(String(format: relatives, "partners")) as? [String] == ["Zoë Ångström"])
        #expect(try browser.evaluate(String(format: relatives, "children")) as? [String] == ["小明"])
        #expect(try browser.evaluate("location.hash") as? String == "#I3")
        #expect(try browser.evaluate("document.querySelector('#p-I3').classList.contains('selected')") as? Bool == true)

        // A relative's name selects them; Back returns to the person before.
        try browser.evaluate("document.querySelectorAll('#detail-parents button')[1].click()")
        #expect(try text(browser, "#detail-name") == "Anna Schmidt")
        let photo = try browser.evaluate("[document.getElementById('detail-photo').hidden, document.getElementById('detail-photo').src.slice(0, 23)]") as? [Any]
        #expect(photo?.first as? Bool == false && photo?.last as? String == "data:image/jpeg;base64,", "Anna's photo is shown")
        try browser.evaluate("new Promise((done) => { addEventListener('hashchange', done, { once: true }); history.back(); })")
        #expect(try text(browser, "#detail-name") == "王小明")
        #expect(try browser.evaluate("window.familyChart.selected()") as? String == "I3")
        try browser.click(x: 5, y: 690)  // empty chart: the panel closes
        #expect(try browser.evaluate("document.getElementById('details').hidden") as? Bool == true)
        expectClean(browser, page: url)
    }

    @Test func searchIgnoresCaseAndAccentsAndFliesToThePerson() throws {
        let browser = try HeadlessChromium()
        let url = try open(try scene(), name: "search", in: browser)
        try browser.press("/", code: "Slash", text: "/")
        #expect(try browser.evaluate("document.activeElement.id") as? String == "search", "/ focuses the search")
        try browser.type("muller")
        let listed = "[...document.querySelectorAll('#results li')].map((li) => li.textContent)"
        #expect(try browser.evaluate(listed) as? [String] == ["Hans Müller1900–1970I1", "Élodie Müllerage 27I4"])
        try browser.press("Enter", code: "Enter", text: "\r")
        try browser.evaluate("new Promise((done) => setTimeout(done, 600))")  // the 400 ms flight
        #expect(try browser.evaluate("window.familyChart.selected()") as? String == "I1")
        #expect(try text(browser, "#detail-name") == "Hans Müller")
        let box = try #require(try browser.evaluate("window.familyChart.screenBox('I1')") as? [String: Double])
        let panel = try #require(try browser.evaluate("document.getElementById('details').getBoundingClientRect().left") as? Double)
        #expect(abs(box["x"]! + box["width"]! / 2 - (panel - 8) / 2) < 2 && abs(box["y"]! + box["height"]! / 2 - 375) < 2,
                "flown to the middle of what the toolbar and the panel leave: \(box)")

        try browser.press("Escape", code: "Escape")
        #expect(try browser.evaluate("[document.getElementById('search').value, document.activeElement.id]") as? [String] == ["", "viewport"])
        try browser.press("/", code: "Slash", text: "/")
        try browser.type("小明")
        #expect(try browser.evaluate(listed) as? [String] == ["小明age 2I6", "王小明Wang Xiaomingage 30I3"])
        try browser.press("Enter", code: "Enter", text: "\r")
        #expect(try browser.evaluate("location.hash") as? String == "#I6")
        #expect(try browser.evaluate("window.familyChart.find('ANGSTROM')") as? [String] == ["I5"])
        #expect(try browser.evaluate("window.familyChart.find('i4')") as? [String] == ["I4"], "ids too")
        expectClean(browser, page: url)
    }

    @Test func theHashSelectsAPersonOnLoad() throws {
        let browser = try HeadlessChromium()
        let url = try open(try scene(), name: "hash", fragment: "#I4", in: browser)
        #expect(try browser.evaluate("window.familyChart.selected()") as? String == "I4")
        #expect(try text(browser, "#detail-name") == "Élodie Müller")
        let box = try #require(try browser.evaluate("window.familyChart.screenBox('I4')") as? [String: Double])
        #expect(box["x"]! > 0 && box["x"]! + box["width"]! < 1100 && box["y"]! > 0 && box["y"]! + box["height"]! < 700, "on screen: \(box)")
        expectClean(browser, page: url)
    }

    @Test func zoomFitHomeAndDragChangeTheView() throws {
        let browser = try HeadlessChromium()
        let url = try open(try scene(), name: "zoom", in: browser)
        func view() throws -> [String: Double] { try #require(try browser.evaluate("({ ...window.familyChart.view })") as? [String: Double]) }
        func frame() throws { try browser.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))") }
        let fitted = try view()
        try browser.evaluate("document.getElementById('zoom-in').click()")
        #expect(abs(try view()["scale"]! - min(4, fitted["scale"]! * 1.25)) < 1e-9)
        try browser.call("Input.dispatchMouseEvent", ["type": "mouseWheel", "x": 400, "y": 300, "deltaX": 0, "deltaY": -300])
        try frame()
        let wheeled = try view()
        #expect(wheeled["scale"]! > fitted["scale"]! * 1.25, "the wheel zooms in")
        try browser.evaluate("document.getElementById('fit').click()")
        #expect(try view() == fitted, "Fit returns to the whole chart")
        try browser.call("Input.dispatchMouseEvent", ["type": "mousePressed", "x": 300, "y": 650, "button": "left", "clickCount": 1])
        for step in 1...5 { try browser.call("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": 300 + 20 * step, "y": 650 - 10 * step, "button": "left"]) }
        try browser.call("Input.dispatchMouseEvent", ["type": "mouseReleased", "x": 400, "y": 600, "button": "left", "clickCount": 1])
        let dragged = try view()
        #expect(abs(dragged["x"]! - fitted["x"]! - 100) < 1e-6 && abs(dragged["y"]! - fitted["y"]! + 50) < 1e-6)
        try browser.press("+", text: "+")
        #expect(try view()["scale"]! > dragged["scale"]!)
        try browser.evaluate("document.getElementById('home').click()")
        #expect(try view()["scale"] == 1, "Home: full size")
        for _ in 0..<20 { try browser.evaluate("document.getElementById('zoom-in').click()") }
        #expect(try view()["scale"] == 4, "at most 4×")
        try browser.press("0", text: "0")
        #expect(try view() == fitted)

        // Touch: one finger pans, two fingers pinch.
        func touch(_ type: String, _ points: [(Double, Double)]) throws {
            try browser.call("Input.dispatchTouchEvent", ["type": type, "touchPoints": points.enumerated().map { ["x": $1.0, "y": $1.1, "id": $0] }])
        }
        try touch("touchStart", [(500, 400)])
        for step in 1...5 { try touch("touchMove", [(500 + 10 * Double(step), 400)]) }
        try touch("touchEnd", [])
        #expect(abs(try view()["x"]! - fitted["x"]! - 50) < 1e-6, "a finger drags the chart")
        try touch("touchStart", [(500, 400), (600, 400)])
        for step in 1...5 { try touch("touchMove", [(500 - 10 * Double(step), 400), (600 + 10 * Double(step), 400)]) }
        try touch("touchEnd", [])
        try frame()
        #expect(abs(try view()["scale"]! - min(4, fitted["scale"]! * 2)) < 1e-6, "spreading two fingers from 100 to 200 px doubles the scale")
        expectClean(browser, page: url)
    }

    /// The demo page as a person sees it: fitted, one person selected. Compared with
    /// `Fixtures/golden/html-demo.png` like every golden (GoldenImage's tolerance).
    @Test func theDemoPageLooksLikeTheGolden() throws {
        let browser = try HeadlessChromium()
        let url = try open(ChartLayout().scene(for: try TestFamilies.demo), name: "demo", in: browser)
        try clickBox("a5", in: browser)
        try browser.evaluate("document.activeElement.blur()")
        // After the glide that brings a box out from under the panel (400 ms).
        try browser.evaluate("new Promise((done) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(done)), 600))")
        let path = directory + "/screenshot.png"
        try browser.screenshot().write(to: URL(fileURLWithPath: path))
        try GoldenImage.expectMatch(try RasterImage(contentsOfPNG: path), named: "html-demo")
        expectClean(browser, page: url)
    }

    /// A scene without boxes (a tool may hand one over) still gives a working page.
    @Test func anEmptySceneGivesAQuietPage() throws {
        let browser = try HeadlessChromium()
        let url = try open(Scene(width: 200, height: 100, persons: [], coupleBars: [], connectors: []), name: "empty", in: browser)
        try browser.evaluate("document.getElementById('home').click(); document.getElementById('zoom-in').click()")
        #expect(try browser.evaluate("Number.isFinite(window.familyChart.view.x) && Number.isFinite(window.familyChart.view.scale)") as? Bool == true)
        expectClean(browser, page: url)
    }

    /// Hostile names: no script runs, nothing is requested, every name reads back as text
    /// in the boxes, the search and the details.
    @Test func hostileNamesStayText() throws {
        let names = ["<img src=x onerror=alert(1)>", "</script><script>alert(2)</script>", "\u{202E}evil\u{202C} Ali", "Tom & \"Jerry\" 'x'",
                     "]]><!-- -->", "javascript:alert(3)"]
        var persons: [PersonBox] = []
        for (k, name) in names.enumerated() {
            persons.append(PersonBox(id: "#\(name)", name: name, gender: .female, generation: 0, x: Double(k) * 120 + 10, y: 10,
                                     width: 104, height: 52, detail: name))
        }
        let browser = try HeadlessChromium()
        var options = RenderOptions()
        options.linkTemplate = try LinkTemplate("https://example.org/p/{id}")
        let url = try open(Scene(width: Double(names.count) * 120 + 20, height: 80, persons: persons, coupleBars: [], connectors: []),
                           name: "hostile", options: options, in: browser)
        for (k, name) in names.enumerated() {
            try clickBox("#\(name)", in: browser)
            #expect(try text(browser, "#detail-name") == name)
            #expect(try browser.evaluate("document.getElementById('detail-link').href") as? String
                    == "https://example.org/p/" + LinkTemplate.percentEncoded("#\(name)"), "\(k)")
            #expect(try browser.evaluate("window.familyChart.selected()") as? String == "#\(name)", "\(k)")
        }
        #expect(try browser.evaluate("document.querySelectorAll('img:not(#detail-photo), script').length") as? Int == 3,
                "only the page's three scripts (person markup, data, viewer)")
        expectClean(browser, page: url)
    }

    /// A larger chart: far out the boxes go to the canvas and no person group is in the
    /// document; near, only those around the window are; the saved SVG has them all.
    @Test func largeChartsDrawOnlyWhatIsOnScreen() throws {
        let scene = ChartLayout().scene(for: try TestFamilies.synthetic(1500, seed: 3))
        let browser = try HeadlessChromium()
        let url = try open(scene, name: "large", in: browser)
        try browser.evaluate("window.familyChart.fit()")
        try browser.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        #expect(try browser.evaluate("document.getElementById('far-view').hidden") as? Bool == false)
        #expect(try browser.evaluate("window.familyChart.shownGroups()") as? Int == 0)
        try browser.evaluate("window.familyChart.home()")
        try browser.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        let near = try #require(try browser.evaluate("window.familyChart.shownGroups()") as? Int)
        #expect(near > 0 && near < scene.persons.count / 4, "\(near) of \(scene.persons.count)")
        #expect(try browser.evaluate("document.getElementById('far-view').hidden") as? Bool == true)
        // The toolbar's button saves the whole chart, not just what is on screen.
        let downloads = directory + "/downloads"
        try browser.call("Browser.setDownloadBehavior", ["behavior": "allow", "downloadPath": downloads, "eventsEnabled": true], inSession: false)
        let mark = browser.events.count
        try browser.evaluate("document.getElementById('download').click()")
        let done = try browser.waitForEvent("Browser.downloadProgress", after: mark, timeout: 30) { $0["state"] as? String != "inProgress" }
        #expect(done["state"] as? String == "completed")
        let saved = try String(contentsOfFile: downloads + "/Family chart.svg", encoding: .utf8)
        let svg = try SVGStructure(Array(saved.utf8))
        #expect(svg.persons.map(\.personID) == scene.persons.map(\.id))
        let made = try SVGStructure(try painter.semanticSVG(scene))
        #expect(svg.persons.map(\.lines) == made.persons.map(\.lines))
        // Every line and bar too, in the order the page was made with (the page keeps only
        // those near the window in its document, in cells).
        func lines(_ svg: SVGStructure) throws -> [String] {
            try svg.nodes("//*[local-name()='g'][@class='lines' or @class='couples']/*").map {
                "\(($0 as? XMLElement)?.value(of: "class") ?? "") \(($0 as? XMLElement)?.value(of: "d") ?? "")"
            }
        }
        let madeLines = try lines(made)
        #expect(madeLines.count >= scene.connectors.count + scene.coupleBars.count)
        #expect(try lines(svg) == madeLines)
        expectClean(browser, page: url)
    }

    /// Printing gives the whole chart: every name is in the printed PDF, also when the
    /// window showed the far view.
    @Test(.enabled(if: ExternalTool.available("pdftotext"), "needs pdftotext"))
    func printingShowsTheWholeChart() throws {
        let scene = ChartLayout().scene(for: try TestFamilies.synthetic(300, seed: 5))
        let browser = try HeadlessChromium()
        let url = try open(scene, name: "print", in: browser)
        try browser.evaluate("window.familyChart.fit()")  // far out: the page shows the canvas, printing must not
        try browser.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        #expect(try browser.evaluate("document.getElementById('far-view').hidden") as? Bool == false)
        let whilePrinting = "(() => { dispatchEvent(new Event('beforeprint')); const n = document.querySelectorAll('#stage svg g.lines path').length; dispatchEvent(new Event('afterprint')); return n; })()"
        #expect(try browser.evaluate(whilePrinting) as? Int == scene.connectors.count, "every line is in the document while printing")
        let result = try browser.call("Page.printToPDF", ["landscape": true, "printBackground": true])
        let pdf = directory + "/printed.pdf"
        try Data(base64Encoded: result["data"] as? String ?? "")?.write(to: URL(fileURLWithPath: pdf))
        let text = try #require(ExternalTool.run("pdftotext", [pdf, "-"]))
        let printed = Set(text.split(whereSeparator: \.isWhitespace).map(String.init))
        let missing = scene.persons.flatMap { $0.name.split(separator: " ").map(String.init) }.filter { !printed.contains($0) }
        #expect(missing.isEmpty, "\(missing.prefix(10))")
        #expect(!text.contains("Download SVG"), "the toolbar is not printed")
        expectClean(browser, page: url)
    }
}

extension BrowserTests {
    /// The semantic SVG as Chromium draws it is the PNG as Cairo paints it: same size,
    /// boxes, bars and lines (solid, dashed, dotted, struck through) in the same places.
    /// Two rasterisers antialias edges a little differently, so a pixel counts as matching
    /// when one within a pixel of it in the other image is within 32 of 255 on every
    /// channel; at most 1 in 10,000 may miss (this charts' honest runs miss 1 and 51 of a
    /// million; corners of radius 7 instead of 8 miss 150 and 654).
    @Test(arguments: ["relationships", "multi-partner"])
    func chromiumDrawsTheSVGAsCairoPaintsThePNG(fixture: String) throws {
        var scene = ChartLayout().scene(for: try TestFamilies.graph(gedcom: fixture))
        // Without text: its placement is checked against the PDF's (SemanticSVGTests), and
        // two rasterisers' glyphs differ more than their lines and boxes.
        for k in scene.persons.indices {
            scene.persons[k].name = ""
            scene.persons[k].detail = nil
        }
        let path = directory + "/\(fixture).svg"
        // Two CSS pixels a point, as the PNG's scale.
        var noLegend = PrintOptions()
        noLegend.legend = false
        let svg = String(decoding: try painter.semanticSVG(scene, print: noLegend), as: UTF8.self)
            .replacingOccurrences(of: "width=\"\(SemanticSVGTests.number(scene.width))pt\"", with: "width=\"\(2 * scene.width)\"")
            .replacingOccurrences(of: "height=\"\(SemanticSVGTests.number(scene.height))pt\"", with: "height=\"\(2 * scene.height)\"")
        try svg.write(toFile: path, atomically: true, encoding: .utf8)
        let browser = try HeadlessChromium(width: Int((2 * scene.width).rounded(.up)), height: Int((2 * scene.height).rounded(.up)))
        try browser.open(URL(fileURLWithPath: path).absoluteString)
        try browser.evaluate("document.fonts.ready.then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))")
        let shot = directory + "/\(fixture)-chromium.png"
        try browser.screenshot().write(to: URL(fileURLWithPath: shot))
        let drawn = try RasterImage(contentsOfPNG: shot)
        let painted = try painter.rasterize(scene, print: noLegend, scale: 2)
        try #require(drawn.width == painted.width && drawn.height == painted.height, "\(drawn.width)×\(drawn.height)")
        var missing = 0
        for y in 0..<painted.height {
            for x in 0..<painted.width {
                let pixel = painted.pixels[y * painted.width + x]
                var near = false
                for dy in -1...1 where !near {
                    for dx in -1...1 where !near {
                        let (u, v) = (x + dx, y + dy)
                        guard u >= 0, v >= 0, u < painted.width, v < painted.height else { continue }
                        let other = drawn.pixels[v * painted.width + u]
                        near = [0, 8, 16].allSatisfy { shift in
                            let a = Int((pixel >> UInt32(shift)) & 0xFF), b = Int((other >> UInt32(shift)) & 0xFF)
                            return abs(a - b) <= 32
                        }
                    }
                }
                if !near { missing += 1 }
            }
        }
        let share = Double(missing) / Double(painted.pixels.count)
        if share > 0.0001, let diff = GoldenImage.compare(painted, drawn).diff {
            try diff.writePNG(to: FixturePaths.testOutput + "/svg-vs-png-\(fixture).png")
        }
        #expect(share <= 0.0001, "\(missing) of \(painted.pixels.count) pixels have no match within a pixel (diff in .build/test-output)")
        #expect(browser.problems.isEmpty, "\(browser.problems)")
    }
}

/// On CI (`CI=true`), a missing browser is a failure, not a skip: `scripts/test` installs it.
@Test func theBrowserIsInstalledOnCI() {
    if ProcessInfo.processInfo.environment["CI"] == "true" {
        #expect(HeadlessChromium.isInstalled, "scripts/test should have installed chromium (scripts/setup --browser)")
    }
}

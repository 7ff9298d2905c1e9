import FamilyLayout
import FamilyModel
import FamilyPainter
import Foundation
import FoundationXML
import TestSupport
import Testing

/// The semantic SVG, read back as XML: one group per box with a unique, stable id, the
/// painter's fitted lines as text, classes for every kind of mark, the PDF's geometry.
@Suite struct SemanticSVGTests {
    let painter: ChartPainter

    init() throws { painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig)) }

    static let fixtures = ["cjk-long-names", "scripts-and-ligatures", "two-roots", "wide-flat", "relationships.ged", "multi-partner.ged",
                           "two-marriages.ged", "royal92.ged"]

    /// A fixture's scene: seed JSON by name, GEDCOM by `NAME.ged`.
    static func scene(_ fixture: String) throws -> Scene {
        fixture.hasSuffix(".ged")
            ? ChartLayout().scene(for: try TestFamilies.graph(gedcom: String(fixture.dropLast(4))))
            : ChartLayout().scene(for: try TestFamilies.graph(fixture: fixture))
    }

    @Test(arguments: fixtures)
    func everyBoxIsAGroupWithThePaintersLines(fixture: String) throws {
        let scene = try Self.scene(fixture)
        let svg = try SVGStructure(try painter.semanticSVG(scene))
        try #require(svg.persons.count == scene.persons.count)
        #expect(Set(svg.persons.map(\.elementID)).count == svg.persons.count, "element ids are unique")
        for (box, group) in zip(scene.persons, svg.persons) {
            #expect(group.personID == box.id)
            #expect(group.classes.isSuperset(of: ["person", box.gender.rawValue, "generation-\(box.generation)"]))
            #expect(abs(group.rect.x - box.x) < 0.01 && abs(group.rect.y - box.y) < 0.01 && abs(group.rect.width - box.width) < 0.01)
            let expected = painter.labelLines(of: box)
            #expect(group.lines.map(\.text) == expected.map(\.text), "\(box.id)")
            for (line, fitted) in zip(group.lines, expected) {
                #expect(abs(line.x - fitted.centerX) < 0.01 && abs(line.y - fitted.baseline) < 0.01 && abs(line.width - fitted.width) < 0.01)
                #expect(line.x - line.width / 2 >= box.x - 0.01 && line.x + line.width / 2 <= box.maxX + 0.01, "the line stays in its box")
                #expect(line.y > box.y && line.y < box.maxY)
            }
        }
    }

    /// The fitting the SVG shows is the one the PDF prints: for every box, the lines
    /// `pdftotext` finds inside it hold the same words as the SVG's lines. (Right-to-left
    /// names are left to the test above: pdftotext gives them in visual order.)
    @Test(.enabled(if: ExternalTool.available("pdftotext"), "needs pdftotext (poppler-utils, installed by scripts/setup)"),
          arguments: ["cjk-long-names", "two-roots", "relationships.ged"])
    func theSVGsLinesAreThePDFsLines(fixture: String) throws {
        let scene = try Self.scene(fixture)
        let directory = NSTemporaryDirectory() + "familychart-svg-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var options = RenderOptions()
        options.creationDate = 0
        try painter.write(scene, format: .pdf, to: directory + "/chart.pdf", options: options)
        _ = ExternalTool.run("pdftotext", ["-bbox-layout", directory + "/chart.pdf", directory + "/chart.html"])
        let layout = try SVGStructure(Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/chart.html"))))
        var pdfLines: [(x: Double, y: Double, text: String)] = []
        for case let line as XMLElement in try layout.nodes("//*[local-name()='line']") {
            func number(_ name: String) -> Double { Double(line.value(of: name) ?? "") ?? .nan }
            let words = (line.children ?? []).compactMap { ($0 as? XMLElement)?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines) }
                .joined(separator: " ")
            pdfLines.append(((number("xMin") + number("xMax")) / 2, (number("yMin") + number("yMax")) / 2, words))
        }
        let svg = try SVGStructure(try painter.semanticSVG(scene))
        for (box, group) in zip(scene.persons, svg.persons) {
            let inside = pdfLines.filter { $0.x > box.x && $0.x < box.maxX && $0.y > box.y && $0.y < box.maxY }.sorted { $0.y < $1.y }
            #expect(inside.map(\.text) == group.lines.map { $0.text.split(separator: " ").joined(separator: " ") }, "\(box.id)")
        }
    }

    /// Names and ids that break naive writers still give well-formed XML that reads back
    /// as the painter's text (characters XML cannot hold become U+FFFD), with unique ids.
    /// For SVG 1.1 programs (Inkscape 1.2 keeps links on export to PDF only from
    /// `xlink:href`): every link and photo use has both spellings, the namespace declared;
    /// the text names fonts for the scripts DejaVu lacks before the generic family.
    @Test func linksCarryXlinkHrefAndTheFontsFallBack() throws {
        var options = RenderOptions()
        options.linkTemplate = try LinkTemplate("https://example.org/person/{id}")
        let scene = try Self.scene("scripts-and-ligatures")
        let svg = String(decoding: try painter.semanticSVG(scene, options: options), as: UTF8.self)
        #expect(svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\""))
        let links = svg.matches(of: /<a href="([^"]*)" xlink:href="([^"]*)">/)
        #expect(links.count == scene.persons.count && links.allSatisfy { $0.1 == $0.2 }, "\(links.count) of \(scene.persons.count)")
        #expect(svg.matches(of: /<a\s/).count == links.count)
        let family = try #require(svg.firstMatch(of: /text\{font-family:([^;]*);/)?.1)
        let names = family.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        for needed in ["Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans CJK SC"] { #expect(names.contains(needed), "\(names)") }
        #expect(names.last == "sans-serif")
        _ = try SVGStructure(Array(svg.utf8))  // still well-formed XML with the prefix
    }

    /// Inkscape 1.2 drew nothing for a right-to-left `<text>` carrying `textLength` (its
    /// box NaN), so Arabic and Hebrew names vanished from its PDF and PNG. Such a line holds
    /// its width on a `<tspan>` inside (browsers keep it to the width as before); with
    /// Inkscape installed, every text of the chart has a box, the Hebrew and Arabic ones too.
    @Test func rightToLeftNamesSurviveInkscape() throws {
        let scene = try Self.scene("scripts-and-ligatures")
        let bytes = try painter.semanticSVG(scene)
        let svg = String(decoding: bytes, as: UTF8.self)
        let rtl = svg.matches(of: /<text([^>]*) direction="rtl">(<tspan[^>]*>)([^<]*)<\/tspan><\/text>/)
        #expect(Set(rtl.map { String($0.3) }).isSuperset(of: ["דוד כהן", "مريم حداد"]), "\(rtl.map(\.3))")
        for line in rtl {
            #expect(!line.1.contains("textLength"), "no textLength on the right-to-left <text>: \(line.0)")
            #expect(line.2.contains("textLength=") && line.2.contains("lengthAdjust=\"spacingAndGlyphs\""), "its tspan holds the width: \(line.0)")
        }
        #expect(svg.matches(of: /<text[^>]*direction="rtl"[^>]*textLength/).isEmpty)
        guard ExternalTool.available("inkscape") else { return }
        let path = NSTemporaryDirectory() + "familychart-rtl-\(UUID().uuidString).svg"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let boxes = try #require(ExternalTool.run("inkscape", [path, "--query-all"]))
        let texts = boxes.split(separator: "\n").filter { $0.hasPrefix("text") }
        #expect(texts.count >= 8, "\(boxes)")
        #expect(texts.allSatisfy { !$0.lowercased().contains("nan") }, "texts Inkscape cannot place: \(texts.filter { $0.lowercased().contains("nan") })")
    }

    @Test func hostileNamesAndIdsGiveValidXML() throws {
        let names = ["<script>alert(1)</script>", "Tom & Jerry", "]]> <![CDATA[x]]>", "\"quoted\" 'single'",
                     "\u{202E}evil\u{202C} \u{2066}iso", "non" + Self.scalars(0xFFFE) + "char" + Self.scalars(0xFDD0, 0x1FFFF, 0xFFFF), "bell\u{07}tab\tend", "Ω≈ç√∫ 😀 ﷽",
                     "line\nbreak\r\nend", "-->", "&amp;&#x41;"]
        let ids = ["a b", "p-1", "1", "_x_", "x<&>]]>", "p-1 ", "\u{202E}id", "小明", "a_5F_b", "a\u{1}b", "a b"]
        var persons: [PersonBox] = []
        for (k, name) in names.enumerated() {
            var box = PersonBox(id: ids[k], name: name, gender: [.male, .female, .unknown][k % 3], generation: 0,
                                x: Double(k) * 120, y: 10, width: 104, height: 52, detail: name, isReference: k == 10)
            box.secondName = name
            persons.append(box)
        }
        let scene = Scene(width: Double(names.count) * 120, height: 80, persons: persons, coupleBars: [], connectors: [])
        var options = RenderOptions()
        options.title = names.joined(separator: " ")
        options.linkTemplate = try LinkTemplate("https://example.org/p?id={id}&x='y'")
        let bytes = try painter.semanticSVG(scene, options: options)
        let svg = try SVGStructure(bytes)
        try #require(svg.persons.count == names.count)
        #expect(Set(svg.persons.map(\.elementID)).count == names.count, "\(svg.persons.map(\.elementID))")
        for (box, group) in zip(scene.persons, svg.persons) {
            #expect(group.personID == Self.xmlSafe(box.id))
            #expect(group.lines.map(\.text) == painter.labelLines(of: box).map { Self.xmlSafe($0.text) })
            #expect(group.title.hasPrefix(Self.xmlSafe(box.name)))
            #expect(group.link == "https://example.org/p?id=\(LinkTemplate.percentEncoded(box.id))&x='y'")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("<script"), "no markup from a name gets through")
        #expect(!text.contains("\u{202E}") && text.contains("&#x202E;"), "bidi controls are written as references")
    }

    /// A string of the given scalars (Swift literals refuse noncharacters).
    static func scalars(_ values: UInt32...) -> String {
        String(String.UnicodeScalarView(values.map { Unicode.Scalar($0)! }))
    }

    /// What XML 1.0 can hold of `text`: the same, with forbidden characters as U+FFFD.
    static func xmlSafe(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            let v = scalar.value
            let allowed = v == 0x9 || v == 0xA || v == 0xD || (0x20...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v) || v >= 0x10000
            return allowed ? scalar : "\u{FFFD}"
        }))
    }

    @Test func linesBarsAndBoxesCarryTheirKinds() throws {
        let scene = ChartLayout().scene(for: try TestFamilies.graph(gedcom: "relationships"))
        let svg = try SVGStructure(try painter.semanticSVG(scene))
        let paths = try svg.classes(ofElementsNamed: "path")
        for (kind, link) in [("adopted", ChildLink.adopted), ("foster", .foster), ("step", .step)] {
            let drawn = scene.connectors.filter { $0.link == link && $0.style != .crossLink }.count
            #expect(paths.filter { $0.contains("line") && $0.contains(kind) && !$0.contains("cross") }.count == drawn, "\(kind)")
        }
        #expect(paths.filter { $0.contains("line") }.count == scene.connectors.count)
        #expect(paths.filter { $0.contains("couple") && $0.contains("divorced") }.count == scene.coupleBars.filter(\.isDivorced).count)
        #expect(svg.persons.filter { $0.classes.contains("reference") }.count == scene.persons.filter(\.isReference).count)
        #expect(scene.connectors.contains { $0.link != .birth } && scene.coupleBars.contains(where: \.isDivorced), "the fixture has them")
        #expect(try svg.nodes("//*[local-name()='g'][@class='legend']").count == 1, "special lines bring the legend, as in the PDF")
    }

    /// On paper the SVG is the PDF's one page: same size, the chart scaled and placed
    /// the same, the title and legend where the painter prints them.
    @Test(.enabled(if: ExternalTool.available("pdfinfo"), "needs pdfinfo (poppler-utils, installed by scripts/setup)"))
    func aPrintedLayoutHasThePDFsPage() throws {
        let scene = ChartLayout().scene(for: try TestFamilies.graph(fixture: "wide-flat"))
        var print = PrintOptions()
        print.paper = PaperSize("A4")
        print.title = "Wide & flat"
        print.date = "2026-01-02"
        print.legend = true
        let path = NSTemporaryDirectory() + "familychart-a4-\(UUID().uuidString).pdf"
        try painter.write(scene, format: .pdf, to: path, print: print)
        let info = try #require(ExternalTool.run("pdfinfo", [path]))
        let svg = try SVGStructure(try painter.semanticSVG(scene, print: print))
        let width = try #require(Double((svg.rootAttribute("width") ?? "").dropLast(2)))
        let height = try #require(Double((svg.rootAttribute("height") ?? "").dropLast(2)))
        let size = try #require(info.split(separator: "\n").first { $0.hasPrefix("Page size:") })
        let numbers = size.split(separator: " ").compactMap { Double($0) }
        #expect(numbers.count == 2 && abs(numbers[0] - width) < 0.01 && abs(numbers[1] - height) < 0.01, "\(size)")
        let plan = try painter.plan(scene, print: print).pages[0]
        let chart = try #require(try svg.nodes("//*[local-name()='g'][@class='chart']").first as? XMLElement)
        #expect(chart.value(of: "transform") == String(format: "translate(%@ %@) scale(%@)",
            Self.number(plan.chartOffsetX), Self.number(plan.chartOffsetY), String(plan.chartScale)))
        let title = try svg.nodes("//*[@class='title']").map { $0.stringValue ?? "" }
        #expect(title == ["Wide & flat"])
        #expect(try svg.nodes("//*[@class='date']").map { $0.stringValue ?? "" } == ["2026-01-02"])
        #expect(try svg.nodes("//*[@class='legend-text']").map { $0.stringValue ?? "" }.contains("parent – child"))
    }

    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%g", rounded)
    }

    @Test func writeChoosesSemanticSVGUnlessGlyphsAreAsked() throws {
        let scene = ChartLayout().scene(for: try TestFamilies.demo)
        let directory = NSTemporaryDirectory() + "familychart-svg-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try painter.write(scene, format: .svg, to: directory + "/text.svg")
        var options = RenderOptions()
        options.svgGlyphs = true
        try painter.write(scene, format: .svg, to: directory + "/glyphs.svg", options: options)
        let text = try String(contentsOfFile: directory + "/text.svg", encoding: .utf8)
        let glyphs = try String(contentsOfFile: directory + "/glyphs.svg", encoding: .utf8)
        #expect(text.contains(">王小明</text>") && text.contains("data-id=\"c1\""))
        #expect(!glyphs.contains("王小明") && glyphs.contains("<symbol") || glyphs.contains("glyph"), "Cairo outlines its glyphs")
        #expect(try SVGStructure(Array(text.utf8)).persons.count == scene.persons.count)
    }

    /// A photo is defined once and shown in each of its boxes, clipped to the painter's
    /// rounded square, with the text moved beside it as the painter moves it; an
    /// unreadable photo leaves the box without one, and a warning.
    @Test func photosAreDefinedOnceAndTheTextMovesBesideThem() throws {
        let directory = NSTemporaryDirectory() + "familychart-svg-photo-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try RasterImage(width: 300, height: 200, pixels: [UInt32](repeating: 0x3366AA, count: 60_000)).writePNG(to: directory + "/a.png")
        var boxes: [PersonBox] = []
        for (k, photo) in ["a.png", "a.png", "missing.png", nil].enumerated() {
            var box = PersonBox(id: "p\(k)", name: "Person Number \(k)", gender: .male, generation: 0, x: Double(k) * 130, y: 10,
                                width: 120, height: 52, detail: "b. 1900", isReference: k == 1)
            box.photo = photo.map { directory + "/" + $0 }
            boxes.append(box)
        }
        let scene = Scene(width: 520, height: 80, persons: boxes, coupleBars: [], connectors: [])
        let bytes = try painter.semanticSVG(scene)
        let svg = try SVGStructure(bytes)
        let images = try svg.nodes("//*[local-name()='defs']/*[local-name()='image']").compactMap { $0 as? XMLElement }
        #expect(images.count == 1)
        #expect(images.first?.value(of: "href")?.hasPrefix("data:image/jpeg;base64,") == true)
        let uses = try svg.nodes("//*[local-name()='use']").compactMap { ($0 as? XMLElement)?.value(of: "href") }
        #expect(uses == ["#photo-1", "#photo-1"], "boxes 0 and 1 show the photo, 2 has none readable, 3 none")
        for (box, group) in zip(scene.persons, svg.persons) {
            #expect(group.lines.map(\.text) == painter.labelLines(of: box).map(\.text))
            let left = group.lines.map { $0.x - $0.width / 2 }.min() ?? 0
            #expect(box.photo?.hasSuffix("a.png") == true ? left > box.x + 45 : left < box.x + 45, "\(box.id): text starts at \(left)")
        }
        #expect(painter.warnings.count == 1 && painter.warnings[0].contains("missing.png"), "\(painter.warnings)")
    }
}

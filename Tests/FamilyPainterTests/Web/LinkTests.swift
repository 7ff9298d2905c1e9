import FamilyLayout
import FamilyModel
import FamilyPainter
import Foundation
import TestSupport
import Testing

@Suite struct LinkTests {
    @Test func templatesNeedThePlaceholderAndNoScriptOrSpace() {
        #expect(throws: LinkTemplate.Problem.missingPlaceholder) { try LinkTemplate("https://example.org/person/") }
        #expect(throws: LinkTemplate.Problem.unsafeScheme("javascript")) { try LinkTemplate("JavaScript:alert('{id}')") }
        #expect(throws: LinkTemplate.Problem.unsafeScheme("data")) { try LinkTemplate("data:text/html,{id}") }
        #expect(throws: LinkTemplate.Problem.controlCharacter) { try LinkTemplate("https://x.org/{id} y") }
        #expect(throws: LinkTemplate.Problem.controlCharacter) { try LinkTemplate("https://x.org/{id}\n") }
        #expect(throws: Never.self) { try LinkTemplate("../people/{id}.html") }
        // Issue 23: only http, https, mailto and relative links.
        #expect(throws: LinkTemplate.Problem.unsafeScheme("file")) { try LinkTemplate("file:///etc/{id}") }
        #expect(throws: LinkTemplate.Problem.unsafeScheme("vbscript")) { try LinkTemplate("VBScript:{id}") }
        #expect(throws: Never.self) { try LinkTemplate("mailto:family@example.org?subject={id}") }
    }

    /// Issue 23: the scheme is checked after `{id}` is put in, wherever it stands.
    @Test func anIdCannotChooseTheScheme() throws {
        let template = try LinkTemplate("{id}:alert(1)")
        #expect(template.url(for: "javascript") == nil)
        #expect(template.url(for: "JavaScript") == nil)
        #expect(template.url(for: "https") == "https:alert(1)")
        let relative = try LinkTemplate("{id}/page:x")
        #expect(relative.url(for: "javascript") == "javascript/page:x", "a colon after a slash is no scheme")
        #expect(try LinkTemplate("ht{id}:x").url(for: "tp") == "http:x")
        #expect(try LinkTemplate("ht{id}:x").url(for: "tps-x") == nil)
    }

    /// Issue 23: the SVG and HTML page give no link to a box whose URL would change scheme.
    @Test func svgAndPageLeaveOutLinksOfAnotherScheme() throws {
        let painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig))
        let graph = try FamilyImport(json: Array(#"[[{"id": "javascript", "name": "A", "coupleID": "https"}, {"id": "https", "name": "B", "coupleID": "javascript"}]]"#.utf8), source: "x").graph
        let scene = ChartLayout().scene(for: graph)
        var options = RenderOptions()
        options.linkTemplate = try LinkTemplate("{id}:alert(document.domain)")
        for format in [OutputFormat.svg, .html] {
            let path = NSTemporaryDirectory() + "familychart-links-\(UUID().uuidString).\(format.rawValue)"
            try painter.write(scene, format: format, to: path, options: options)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(!text.contains("javascript:alert"), "\(format)")
            #expect(text.contains("https:alert(document.domain)"), "\(format): the other box keeps its link")
        }
    }

    /// Issue 23: `(`, `)`, `\` and non-ASCII never reach the PDF's `/URI (…)` string raw.
    @Test func pdfLinkStringsCannotBeBrokenOutOf() throws {
        let painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig))
        let graph = try FamilyImport(json: Array(#"[[{"id": "I1", "name": "A"}]]"#.utf8), source: "x").graph
        let scene = ChartLayout().scene(for: graph)
        var options = RenderOptions()
        options.linkTemplate = try LinkTemplate(#"https://x.org/a)/S/JavaScript/JS(app.alert(1))\é/{id}"#)
        let path = NSTemporaryDirectory() + "familychart-links-\(UUID().uuidString).pdf"
        try painter.write(scene, format: .pdf, to: path, options: options)
        let pdf = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        let uris = pdf.matches(of: /\/URI \(([^)]*)\)/).map { String($0.1) }
        #expect(uris == ["https://x.org/a%29/S/JavaScript/JS%28app.alert%281%29%29%5C%C3%A9/I1"], "\(uris)")
        #expect(!pdf.contains("/S /JavaScript") && !pdf.contains("/JS("))
    }

    @Test func idsArePercentEncoded() throws {
        let template = try LinkTemplate("https://example.org/p/{id}?again={id}")
        #expect(template.url(for: "I12") == "https://example.org/p/I12?again=I12")
        #expect(template.url(for: "@I1@ a/b?&#'\"") == "https://example.org/p/%40I1%40%20a%2Fb%3F%26%23%27%22?again=%40I1%40%20a%2Fb%3F%26%23%27%22")
        #expect(LinkTemplate.percentEncoded("小明-._~") == "%E5%B0%8F%E6%98%8E-._~")
    }

    /// Every box of a PDF page carries a link annotation over its rectangle (PDF
    /// coordinates count from the bottom of the page).
    @Test func pdfBoxesAreLinkAnnotations() throws {
        let painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig))
        let scene = ChartLayout().scene(for: try TestFamilies.demo)
        var options = RenderOptions()
        options.linkTemplate = try LinkTemplate("https://example.org/person/{id}?q='1'")
        var print = PrintOptions()
        print.title = "Linked"
        let path = NSTemporaryDirectory() + "familychart-links-\(UUID().uuidString).pdf"
        try painter.write(scene, format: .pdf, to: path, options: options, print: print)
        let pdf = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        let uris = pdf.matches(of: /\/URI \(([^)]*)\)/).map { String($0.1) }
        #expect(uris == scene.persons.map { "https://example.org/person/\($0.id)?q='1'" })
        let rects = pdf.matches(of: /\/Rect \[ ([\d. ]+) \]/).map { $0.1.split(separator: " ").compactMap { Double($0) } }
        let page = try painter.plan(scene, print: print).pages[0]
        for (box, rect) in zip(scene.persons, rects) {
            let expected = [box.x + page.chartOffsetX, page.height - (box.maxY + page.chartOffsetY),
                            box.maxX + page.chartOffsetX, page.height - (box.y + page.chartOffsetY)]
            // Cairo rounds annotation rectangles outward to whole points.
            let covers = rect.count == 4 && rect[0] <= expected[0] && rect[1] <= expected[1] && rect[2] >= expected[2] && rect[3] >= expected[3]
            let tight = zip(rect, expected).allSatisfy { abs($0 - $1) < 1 }
            #expect(covers && tight, "\(box.id): \(rect) vs \(expected)")
        }
        #expect(rects.count == scene.persons.count)
    }
}

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

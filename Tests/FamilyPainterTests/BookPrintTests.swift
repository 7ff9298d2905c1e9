import FamilyLayout
import FamilyModel
import FamilyPainter
import Foundation
import TestSupport
import Testing

/// Chart books printed (issue 52): the same bytes twice, the pages the plan says, an index
/// that lists everyone in order with their pages (read back with poppler's pdftotext), and
/// names never below 7 pt.
@Suite struct BookPrintTests {
    static func plan() throws -> (Scene, FamilyGraph, BookPlan) {
        let graph = try TestFamilies.synthetic(160, seed: 11, roots: 2)
        let scene = ChartLayout().scene(for: graph)
        return (scene, graph, try BookPlan(scene: scene, options: BookOptions(paper: PaperSize("A5")!), graph: graph))
    }

    @Test func sameBytesTwiceAndTheIndexReadsBack() throws {
        let (scene, _, plan) = try Self.plan()
        let painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig))
        var options = RenderOptions()
        options.creationDate = 0
        var print = PrintOptions()
        print.title = "A generated family"
        let first = try painter.renderBook(plan, of: scene, options: options, print: print)
        let second = try ChartPainter(fonts: .file(FixturePaths.fontConfig)).renderBook(plan, of: scene, options: options, print: print)
        #expect(first == second, "the same book twice")
        #expect(plan.book.pages.count > 3 && !plan.indexPages.isEmpty)

        try #require(ExternalTool.available("pdftotext"), "pdftotext (poppler-utils, installed by scripts/setup) is needed")
        let path = NSTemporaryDirectory() + "familychart-book-\(UUID().uuidString).pdf"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(first).write(to: URL(fileURLWithPath: path))
        let info = ExternalTool.run("pdfinfo", [path]) ?? ""
        #expect(info.contains("Pages:           \(plan.pageCount)"), "\(info)")
        // Each index page's columns, left then right (cropped, so that they do not interleave).
        var text = ""
        for number in plan.firstIndexPage..<(plan.firstIndexPage + plan.indexPages.count) {
            let area = plan.sheet.chartArea(page: number)
            let column = (area.width - BookPlan.indexColumnGap) / 2
            for c in 0..<2 {
                let x = Int(area.x + Double(c) * (column + BookPlan.indexColumnGap))
                text += ExternalTool.run("pdftotext", ["-f", "\(number)", "-l", "\(number)", "-layout", "-x", "\(x)", "-y", "0", "-W", "\(Int(column) + 1)",
                                                       "-H", "\(Int(plan.sheet.paper.height))", path, "-"]) ?? ""
            }
        }
        let squeezed = text.filter { !$0.isWhitespace }
        // Every entry, in order: its heading's start, then its pages.
        var at = squeezed.startIndex
        for entry in plan.index {
            let start = String(entry.heading.filter { !$0.isWhitespace }.prefix(8))
            guard let found = squeezed.range(of: start, range: at..<squeezed.endIndex) else {
                Issue.record("\(entry.heading) is not in the index after the one before it: \(squeezed[at...].prefix(300))")
                break
            }
            let pages = entry.pages.map(String.init).joined(separator: ",")
            guard let listed = squeezed.range(of: pages, range: found.upperBound..<squeezed.endIndex) else {
                Issue.record("\(entry.heading): pages \(pages) are not in the index")
                break
            }
            at = listed.upperBound
        }
        // A chart page holds the surnames of its persons.
        let page = plan.book.pages[0]
        let pageText = (ExternalTool.run("pdftotext", ["-f", "\(page.number)", "-l", "\(page.number)", path, "-"]) ?? "").filter { !$0.isWhitespace }
        for box in page.scene.persons where !box.isReference {
            let surname = box.name.split(separator: " ").last.map(String.init) ?? box.name
            #expect(pageText.contains(surname), "page \(page.number): \(box.name)")
        }
    }

    /// At every scale down to 0.7, long names shrink no further than 7 pt.
    @Test(arguments: [0.7, 0.8, 1.0])
    func namesAtLeastSevenPoints(scale: Double) {
        var options = BookOptions(paper: PaperSize("A4")!)
        options.scale = scale
        let style = options.textStyle(TextStyle())
        #expect(style.nameSize * style.smallestNameShare * scale >= BookOptions.minimumNameSize - 1e-9)
    }
}

import FamilyLayout
import FamilyModel
import FamilyPainter
import Foundation
import TestSupport
import Testing

private func tool(_ name: String, _ arguments: [String]) -> String? { ExternalTool.run(name, arguments) }

private let poppler = ExternalTool.available("pdfinfo") && ExternalTool.available("pdftotext")

@Suite struct PrintTests {
    let painter: ChartPainter
    init() throws { painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig)) }

    func options(_ paper: String, poster: Bool = false) -> PrintOptions {
        var options = PrintOptions()
        options.paper = PaperSize(paper)
        options.poster = poster
        options.title = "Xiaoming's family (小明家)"
        options.date = "2026-01-01"
        options.legend = true
        return options
    }

    func write(_ scene: Scene, _ print: PrintOptions) throws -> String {
        let path = NSTemporaryDirectory() + "familychart-print-\(UUID().uuidString).pdf"
        try painter.write(scene, format: .pdf, to: path, print: print)
        return path
    }

    /// Each page's "W x H" from pdfinfo.
    func pageSizes(_ path: String, count: Int) -> [String] {
        let info = tool("pdfinfo", ["-f", "1", "-l", String(count), path]) ?? ""
        return info.split(separator: "\n").filter { $0.hasPrefix("Page") && $0.contains("size:") }.map { line in
            String(line.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: .whitespaces)
        }
    }

    @Test(.enabled(if: poppler, "needs poppler-utils (installed by scripts/setup)"))
    func fitToA4IsOneLandscapeSheetWithEveryNameAsText() throws {
        let scene = ChartLayout().scene(for: try TestFamilies.demo)
        let path = try write(scene, options("A4"))
        #expect(pageSizes(path, count: 1) == ["841.89 x 595.276 pts (A4)"])
        let text = try #require(tool("pdftotext", [path, "-"]))
        for box in scene.persons where box.name.count < 12 { #expect(text.contains(box.name), "\(box.name)") }
        #expect(text.contains("Xiaoming's family") && text.contains("2026-01-01") && text.contains("female"))
        #expect(tool("pdffonts", [path])?.contains("WenQuanYi") == true)
    }

    @Test(.enabled(if: poppler, "needs poppler-utils (installed by scripts/setup)"))
    func posterHasAnOverviewAndOneSheetPerTileWithTheNamesOnThem() throws {
        let scene = ChartLayout().scene(for: try TestFamilies.demo)
        let print = options("A5", poster: true)
        let plan = try painter.plan(scene, print: print)
        let path = try write(scene, print)
        let info = try #require(tool("pdfinfo", [path]))
        #expect(info.contains("Pages:           \(plan.pages.count)"))
        #expect(plan.pages.count == plan.rows * plan.columns + 1 && plan.pages.count > 2)
        let sizes = pageSizes(path, count: plan.pages.count)
        #expect(sizes.count == plan.pages.count && Set(sizes).count == 1)
        #expect(sizes[0].hasPrefix("419.528 x 595.276") || sizes[0].hasPrefix("595.276 x 419.528"), "A5: \(sizes)")
        // Every person appears as text on the tiles that show them (page 1 is the overview).
        for box in scene.persons where box.name.count < 12 {
            let pages = plan.pages.enumerated().filter { _, page in
                let r = page.chartRegion
                if case .tile = page.kind { return box.x >= r.x && box.maxX <= r.maxX && box.y >= r.y && box.maxY <= r.maxY }
                return false
            }
            guard let (index, _) = pages.first else { continue }  // split across sheets
            let text = try #require(tool("pdftotext", ["-f", String(index + 1), "-l", String(index + 1), path, "-"]))
            #expect(text.contains(box.name), "\(box.name) on sheet \(index + 1)")
        }
        let labels = try #require(tool("pdftotext", ["-f", "2", "-l", "2", path, "-"]))
        #expect(labels.contains("A1 · row 1 of \(plan.rows), column 1 of \(plan.columns) · sheet 2 of \(plan.pages.count)"))
    }

    @Test func fitToA4RendersLikeTheGolden() throws {
        let scene = ChartLayout().scene(for: try TestFamilies.demo)
        try GoldenImage.expectMatch(try painter.rasterize(scene, print: options("A4"), page: 1, scale: 1), named: "print-fit-a4")
    }

    @Test func aPosterTileRendersLikeTheGolden() throws {
        let scene = ChartLayout().scene(for: try TestFamilies.demo)
        try GoldenImage.expectMatch(try painter.rasterize(scene, print: options("A6", poster: true), page: 3, scale: 1),
                                    named: "print-poster-a6-sheet3")
    }

    @Test func svgRefusesAPoster() throws {
        let scene = ChartLayout().scene(for: try TestFamilies.demo)
        #expect(throws: PainterError.multiPageFormat("SVG")) {
            try painter.write(scene, format: .svg, to: NSTemporaryDirectory() + "x.svg", print: options("A6", poster: true))
        }
    }
}

import FamilyLayout
import FamilyModel
import FamilyPainter
import Foundation
import TestSupport
import Testing

private func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "familychart-tests-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

private func run(_ tool: String, _ arguments: [String]) -> String? { ExternalTool.run(tool, arguments) }

/// `pdfinfo` output as a dictionary of its "Key: value" lines.
private func pdfInfoFields(_ info: String) -> [String: String] {
    var fields: [String: String] = [:]
    for line in info.split(separator: "\n") {
        guard let colon = line.firstIndex(of: ":") else { continue }
        fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return fields
}

private let popplerAvailable = ExternalTool.available("pdftotext") && ExternalTool.available("pdfinfo")

@Suite struct PainterTests {
    let painter: ChartPainter

    init() throws { painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig)) }

    func demoScene() throws -> Scene { ChartLayout().scene(for: try TestFamilies.demo) }

    @Test(.enabled(if: popplerAvailable, "needs pdftotext and pdfinfo (poppler-utils, installed by scripts/setup)"))
    func pdfHasThePageSizeAndSelectableTextOfTheScene() throws {
        let directory = try temporaryDirectory()
        let scene = try demoScene()
        let path = directory + "/demo.pdf"
        var options = RenderOptions()
        options.title = "Demo title"
        try painter.write(scene, format: .pdf, to: path, options: options)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.starts(with: Array("%PDF-".utf8)))

        let info = try #require(run("pdfinfo", [path]))
        let fields = pdfInfoFields(info)
        #expect(fields["Pages"] == "1")
        #expect(fields["Title"] == "Demo title")
        #expect(fields["Creator"] == "FamilyChart")
        #expect(fields["Page size"] == String(format: "%g x %g pts", scene.width, scene.height))

        let text = try #require(run("pdftotext", [path, "-"]))
        for box in scene.persons where box.name.count < 12 {
            #expect(text.contains(box.name), "\(box.name) is not extractable text")
        }
        // An ellipsized name stays searchable in full: Cairo maps the ellipsis back to the text it covers.
        #expect(text.contains("Alexander") && text.contains("Habsburg"), "a long name is text too")

        let fonts = try #require(run("pdffonts", [path]))
        #expect(fonts.contains("DejaVuSans"))
        #expect(fonts.contains("WenQuanYi"), "CJK names use the CJK font, not tofu: \(fonts)")
    }

    /// Vector output draws the labels of the whole chart in a few batched glyph runs; the
    /// text behind them (ligatures, fallback fonts, right-to-left runs) must survive.
    @Test(.enabled(if: popplerAvailable, "needs pdftotext (poppler-utils, installed by scripts/setup)"))
    func batchedLabelsKeepTheirTextInPDF() throws {
        let directory = try temporaryDirectory()
        let scene = ChartLayout().scene(for: try TestFamilies.graph(fixture: "scripts-and-ligatures"))
        let path = directory + "/scripts.pdf"
        try painter.write(scene, format: .pdf, to: path)
        let text = try #require(run("pdftotext", [path, "-"]))
        for expected in ["小明 fi ffl", "Levi", "Ruth", "age 58", "כהן", "مريم"] {
            #expect(text.contains(expected), "\(expected) is missing from the PDF text: \(text)")
        }
        let fonts = try #require(run("pdffonts", [path]))
        #expect(fonts.contains("DejaVuSans") && fonts.contains("WenQuanYi"), "\(fonts)")
    }

    @Test func svgIsAnSVGDocumentOfTheSceneSize() throws {
        let directory = try temporaryDirectory()
        let scene = try demoScene()
        let path = directory + "/demo.svg"
        try painter.write(scene, format: .svg, to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("<?xml"))
        #expect(text.contains(String(format: "width=\"%gpt\"", scene.width)))
        #expect(text.contains(String(format: "height=\"%gpt\"", scene.height)))
    }

    @Test func pngIsWrittenAtTheRequestedScale() throws {
        let directory = try temporaryDirectory()
        let scene = try demoScene()
        let path = directory + "/demo.png"
        var options = RenderOptions()
        options.setDPI(144)
        try painter.write(scene, format: .png, to: path, options: options)
        let image = try RasterImage(contentsOfPNG: path)
        #expect(image.width == Int((scene.width * 2).rounded(.up)))
        #expect(image.height == Int((scene.height * 2).rounded(.up)))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty, "no temporary files are left behind")
    }

    /// Our zlib PNG writer must decode (with libpng, through Cairo) to exactly the pixels painted.
    @Test(arguments: [0.37, 1, 2])
    func pngFilesHoldExactlyThePaintedPixels(scale: Double) throws {
        let directory = try temporaryDirectory()
        let scene = try demoScene()
        var options = RenderOptions()
        options.scale = scale
        try painter.write(scene, format: .png, to: directory + "/demo.png", options: options)
        #expect(try RasterImage(contentsOfPNG: directory + "/demo.png") == painter.rasterize(scene, scale: scale))
    }

    @Test func absurdRasterSizesAreRefusedWithAHint() {
        let scene = Scene(width: 40_000, height: 100, persons: [], coupleBars: [], connectors: [])
        #expect {
            _ = try painter.rasterize(scene, scale: 1)
        } throws: { error in
            let text = "\(error)"
            return text.contains("40000×100 px") && text.contains("--scale") && text.contains("PDF")
        }
        #expect(throws: PainterError.invalidScale(0)) { _ = try ChartPainter.rasterSize(of: scene, scale: 0) }
        #expect(throws: Never.self) { _ = try ChartPainter.rasterSize(of: scene, scale: 0.5) }
    }

    @Test func vectorPagesBeyondCairosCoordinatesAreRefused() throws {
        let scene = Scene(width: 100, height: 9_600_000, persons: [], coupleBars: [], connectors: [])
        // Every vector format, the semantic SVG and the HTML page too (issue 23: they wrote a 9,600,004 pt SVG).
        for format in [OutputFormat.pdf, .svg, .html] {
            let path = try temporaryDirectory() + "/tall.\(format.rawValue)"
            #expect {
                try painter.write(scene, format: format, to: path)
            } throws: { "\($0)".contains("100×9600000 pt, more than one PDF, SVG or HTML page can hold") }
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    /// A 10,000-character name is wrapped and ellipsized inside its box: every pixel
    /// outside the box (and its outline) stays white.
    @Test(arguments: [String(repeating: "Wolfeschlegelsteinhausenbergerdorff ", count: 280), String(repeating: "王", count: 10_000)])
    func longNamesNeverSpillOutOfTheirBox(name: String) throws {
        let box = PersonBox(id: "x", name: name, gender: .unknown, generation: 0, x: 20, y: 20, width: 104, height: 52, detail: "age 40")
        let scene = Scene(width: 144, height: 92, persons: [box], coupleBars: [], connectors: [])
        let image = try painter.rasterize(scene, scale: 2)
        var inked = 0
        var spilled = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let inside = x >= 38 && x < 250 && y >= 38 && y < 146
                let white = image.pixels[y * image.width + x] == 0xFFFFFF
                if !white { if inside { inked += 1 } else { spilled += 1 } }
            }
        }
        #expect(spilled == 0)
        #expect(inked > 5_000, "the box and its text are drawn")
    }

    /// Below about 3 px text is unreadable: thumbnails show bars of the names' length
    /// instead, so two names of one length look the same there, and differ at full size.
    @Test func tinyTextIsGreeked() throws {
        func scene(_ name: String) -> Scene {
            let box = PersonBox(id: "x", name: name, gender: .female, generation: 0, x: 10, y: 10, width: 104, height: 52, detail: "age 7")
            return Scene(width: 124, height: 72, persons: [box], coupleBars: [], connectors: [])
        }
        #expect(try painter.rasterize(scene("Anna Smith"), scale: 0.25) == painter.rasterize(scene("Olga Petro"), scale: 0.25))
        #expect(try painter.rasterize(scene("Anna Smith"), scale: 1) != painter.rasterize(scene("Olga Petro"), scale: 1))
        let greeked = try painter.rasterize(scene("Anna Smith"), scale: 0.25)
        #expect(greeked.pixels.contains { $0 != 0xFFFFFF && $0 != 0xF8DBE6 }, "the box and its bars are drawn")
    }

    @Test func outputFormatComesFromTheExtension() {
        #expect(OutputFormat(path: "a/b.PNG") == .png)
        #expect(OutputFormat(path: "chart.pdf") == .pdf)
        #expect(OutputFormat(path: "x.svg") == .svg)
        #expect(OutputFormat(path: "dir.png/chart") == nil)
        #expect(OutputFormat(path: "chart.gif") == nil)
    }
}

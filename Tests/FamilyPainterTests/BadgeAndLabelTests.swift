import FamilyLayout
import FamilyModel
import FamilyPainter
import Foundation
import TestSupport
import Testing

/// Marks drawn on a box never hide its words: the "×N" badge keeps room beside the name,
/// and a reference's "see … · generation N" shortens before it is cut.
@Suite struct BadgeAndLabelTests {
    /// Names in red on white boxes whose badge is white too: any red inside the badge's
    /// square is a letter the badge would cover.
    @Test func theBadgeNeverCoversTheName() throws {
        var theme = Theme.colour
        theme.text = "#FF0000"
        theme.detailText = "#FFFFFF"
        theme.unknown = Theme.BoxColours(fill: "#FFFFFF", outline: "#FFFFFF")
        let painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig), theme: theme)
        func redUnderBadge(name: String, references: Int) throws -> Int {
            let box = PersonBox(id: "x", name: name, gender: .unknown, generation: 0, x: 10, y: 10, width: 104, height: 52,
                                detail: "1900–1975", references: references)
            let image = try painter.rasterize(Scene(width: 124, height: 72, persons: [box], coupleBars: [], connectors: []), scale: 2)
            var red = 0
            // The badge: a circle of radius 6.5 whose square is 2 pt inside the top-right corner.
            for y in Int((box.y + 2) * 2)..<Int((box.y + 15) * 2) {
                for x in Int((box.maxX - 15) * 2)..<Int((box.maxX - 2) * 2) {
                    let pixel = image.pixels[y * image.width + x]
                    if pixel >> 16 > 0xC0 && (pixel >> 8) & 0xFF < 0x90 { red += 1 }
                }
            }
            return red
        }
        for name in ["Bartholomew Alexander Fitzwilliam-Montgomery", "Maximilian Augustus Ferdinand von Habsburg", "王小明王小明王小明王小明王小明"] {
            #expect(try redUnderBadge(name: name, references: 0) > 0, "\(name): without a badge the name reaches that corner")
            #expect(try redUnderBadge(name: name, references: 1) == 0, "\(name): with a badge the name keeps clear of it")
        }
    }

    /// Only lines that would reach the badge make the name narrower: a short first line
    /// leaves the name whole, as in a box without a badge.
    @Test(.enabled(if: ExternalTool.available("pdftotext"), "needs pdftotext (poppler-utils, installed by scripts/setup)"))
    func aNameWhoseFirstLineClearsTheBadgeStaysWhole() throws {
        let painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig))
        let box = PersonBox(id: "x", name: "Nancy Ann Josephine Snelgrove", gender: .female, generation: 0, x: 10, y: 10,
                            width: 104, height: 52, detail: "b. c. 1852", references: 1)
        let path = NSTemporaryDirectory() + "familychart-badge-\(UUID().uuidString).pdf"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try painter.write(Scene(width: 124, height: 72, persons: [box], coupleBars: [], connectors: []), format: .pdf, to: path)
        let text = try #require(ExternalTool.run("pdftotext", [path, "-"]))
        #expect(text.contains("Nancy Ann") && text.contains("Josephine Snelgrove") && text.contains("×2"), "\(text)")
    }

    @Test(.enabled(if: ExternalTool.available("pdftotext"), "needs pdftotext (poppler-utils, installed by scripts/setup)"))
    func aReferenceLabelShortensBeforeItIsCut() throws {
        let painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig))
        let reference = PersonBox(id: "x", name: "Ivy Morgan", gender: .female, generation: 11, x: 10, y: 10, width: 104, height: 52,
                                  detail: "see AB31 · generation 10", isReference: true)
        let roomy = PersonBox(id: "y", name: "Ivy Morgan", gender: .female, generation: 11, x: 134, y: 10, width: 208, height: 52,
                              detail: "see AB31 · generation 10", isReference: true)
        let tiny = PersonBox(id: "z", name: "Ivy Morgan", gender: .female, generation: 11, x: 362, y: 10, width: 60, height: 52,
                             detail: "see AB31 · generation 10", isReference: true)
        let scene = Scene(width: 432, height: 72, persons: [reference, roomy, tiny], coupleBars: [], connectors: [])
        let path = NSTemporaryDirectory() + "familychart-reference-\(UUID().uuidString).pdf"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try painter.write(scene, format: .pdf, to: path)
        let text = try #require(ExternalTool.run("pdftotext", [path, "-"]))
        #expect(text.contains("see AB31 · gen. 10"), "the narrow box: \(text)")
        #expect(text.contains("see AB31 · generation 10"), "the wide box keeps the whole label")
        #expect(text.contains("AB31 · gen. 10") && !text.contains("generation…"), "\(text)")
    }
}

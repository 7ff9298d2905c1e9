import FamilyLayout
import FamilyModel
import FamilyPainter
import Foundation
import TestSupport
import Testing

/// `--format webp`: lossless WebP through libwebp, of the PNG's size and smaller.
@Suite struct WebPTests {
    @Test func aThumbnailIsACompleteLosslessWebPSmallerThanItsPNG() throws {
        let painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig))
        let scene = try TestFamilies.thumbnailScene(persons: 40, seed: 7)
        var options = RenderOptions()
        options.fitSize = PixelSize(width: 320, height: 240)
        let webp = try painter.render(scene, format: .webp, options: options)
        let png = try painter.render(scene, format: .png, options: options)
        #expect(Array(webp.prefix(4)) == Array("RIFF".utf8))
        #expect(Array(webp[8..<16]) == Array("WEBPVP8L".utf8), "lossless")
        func little(_ at: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 | Int(webp[at + $1]) << (8 * $1) } }
        #expect(little(4, 4) + 8 == webp.count, "the RIFF length is the file's")
        let bits = little(21, 4)
        #expect((bits & 0x3FFF) + 1 == 320 && (bits >> 14 & 0x3FFF) + 1 == 240, "the picture's size")
        #expect(webp.count < png.count, "\(webp.count) bytes against the PNG's \(png.count)")
        #expect(OutputFormat(path: "thumbs/a.webp") == .webp)
    }
}

import FamilyLayout
import FamilyModel
import FamilyPainter
import Foundation
import TestSupport
import Testing

/// Greeking (names too small to read drawn as grey bars, without shaping) must leave a
/// thumbnail looking like the full render. Measured against the golden images' channel
/// tolerance (16 of 255), 0.16–0.8 % of a 256×256 thumbnail's pixels differ (the
/// letters' own light and dark pixels, which a uniform bar cannot follow; the golden
/// images allow 0.25 %): held here to at most 1 %, and to no other difference (boxes,
/// lines, photos, badges drawn alike).
@Suite struct GreekingTests {
    let painter: ChartPainter

    init() throws { painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig)) }

    @Test(arguments: [(20, 11), (45, 12), (79, 13)] as [(Int, UInt64)])
    func aGreekedThumbnailDiffersFromTheFullRenderOnlyWhereTheTextIs(persons: Int, seed: UInt64) throws {
        let scene = try TestFamilies.thumbnailScene(persons: persons, seed: seed)
        let size = PixelSize(width: 256, height: 256)
        let greeked = try painter.rasterize(scene, fitting: size)
        let full = try painter.rasterize(scene, fitting: size, greeksSmallText: false)
        #expect(greeked != full, "the names are small enough to be greeked: the two renders differ")
        let result = GoldenImage.compare(full, greeked)
        let differing = zip(full.pixels, greeked.pixels).filter { GoldenImage.channelDelta($0, $1) > GoldenImage.channelTolerance }.count
        #expect(Double(differing) <= 0.01 * Double(full.pixels.count), "\(persons) persons: \(result.summary)")
        if Double(differing) > 0.01 * Double(full.pixels.count), let diff = result.diff {  // evidence: full | mask | greeked
            try FileManager.default.createDirectory(atPath: FixturePaths.testOutput, withIntermediateDirectories: true)
            try diff.writePNG(to: FixturePaths.testOutput + "/greeking-\(persons)-diff.png")
        }
    }

    /// Text large enough to read is never greeked: the same pixels either way.
    @Test func legibleTextIsDrawnAsText() throws {
        let scene = try TestFamilies.thumbnailScene(persons: 8, seed: 3)
        let size = PixelSize(width: Int(scene.width.rounded(.up)), height: Int(scene.height.rounded(.up)))
        #expect(try painter.rasterize(scene, fitting: size) == painter.rasterize(scene, fitting: size, greeksSmallText: false))
    }
}

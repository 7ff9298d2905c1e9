import FamilyLayout
import FamilyModel
import FamilyPainter
import TestSupport
import Testing

/// End-to-end pictures: import → layout → Cairo/Pango PNG at scale 1 with pinned fonts,
/// for what is about painting: the demo (photos, CJK names, the default theme), long CJK
/// names, scripts and ligatures, the kinds of lines. Layout is pinned by the scene
/// snapshots (`SceneSnapshotTests`), not here.
@Suite struct GoldenImageTests {
    static let cases = ["demo", "cjk-long-names", "scripts-and-ligatures"]

    @Test(arguments: cases)
    func rendersLikeTheGolden(name: String) throws {
        let graph = name == "demo" ? try TestFamilies.demo : try TestFamilies.graph(fixture: name)
        let scene = ChartLayout().scene(for: graph)
        let image = try ChartPainter(fonts: .file(FixturePaths.fontConfig)).rasterize(scene, scale: 1)
        try GoldenImage.expectMatch(image, named: name)
    }

    /// Painting of the kinds of lines: a divorce mark on a bar, adopted, foster and step
    /// children's lines drawn in their own styles.
    @Test func linkKindsPaintLikeTheGolden() throws {
        let scene = ChartLayout().scene(for: try TestFamilies.graph(gedcom: "relationships"))
        let image = try ChartPainter(fonts: .file(FixturePaths.fontConfig)).rasterize(scene, scale: 1)
        try GoldenImage.expectMatch(image, named: "relationships")
    }

    @Test func theComparatorCatchesAMovedLine() throws {
        var a = RasterImage(width: 100, height: 100, pixels: Array(repeating: 0xFFFFFF, count: 10_000))
        let b = a
        #expect(GoldenImage.compare(a, b).passes)
        for y in 0..<100 { a.pixels[y * 100 + 50] = 0x000000 }  // a one-pixel line: 1 % of pixels
        #expect(!GoldenImage.compare(a, b).passes)
        a.pixels = b.pixels.map { $0 - 0x0A0A0A }  // faint noise everywhere, under the channel tolerance
        #expect(GoldenImage.compare(a, b).passes)
    }
}

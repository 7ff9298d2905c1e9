import FamilyLayout
import FamilyModel
import FamilyPainter
import TestSupport
import Testing

/// End-to-end pictures: import → layout → Cairo/Pango PNG at scale 1 with pinned fonts.
@Suite struct GoldenImageTests {
    static let cases = ["demo", "single-person", "childless-couple", "wide-flat", "deep-chain-12", "cjk-long-names", "two-roots", "scripts-and-ligatures"]

    @Test(arguments: cases)
    func rendersLikeTheGolden(name: String) throws {
        let graph = name == "demo" ? try TestFamilies.demo : try TestFamilies.graph(fixture: name)
        let scene = ChartLayout().scene(for: graph)
        let image = try ChartPainter(fonts: .file(FixturePaths.fontConfig)).rasterize(scene, scale: 1)
        try GoldenImage.expectMatch(image, named: name)
    }

    /// GEDCOM pictures: a person with three partners (and a single parent, a same-sex couple,
    /// cousins who marry), Henry VIII's six marriages and descendants from royal92, and a
    /// divorce with adopted, foster and step children.
    @Test(arguments: [("multi-partner", nil, nil), ("royal92", "I828", 3), ("relationships", nil, nil)] as [(String, String?, Int?)])
    func gedcomRendersLikeTheGolden(name: String, root: String?, generations: Int?) throws {
        let graph = try TestFamilies.graph(gedcom: name)
        let rootIndex = root.flatMap { graph.index(of: $0) }
        let layout = ChartLayout(request: rootIndex == nil && generations == nil ? .family
                                 : .descendants(.init(root: rootIndex, generations: generations)))
        let image = try ChartPainter(fonts: .file(FixturePaths.fontConfig)).rasterize(layout.scene(for: graph), scale: 1)
        try GoldenImage.expectMatch(image, named: root.map { "\(name)-\($0)" } ?? name)
    }

    /// Family charts of the shapes issue 13 names: a second partner's own family (the
    /// lost-link repro), a child whose father's and mother's families are both known, two
    /// brothers who marry two sisters, a person with twelve partners.
    @Test(arguments: ["lost-link", "both-families", "two-marriages", "twelve-partners"])
    func familyChartsRenderLikeTheGolden(name: String) throws {
        let scene = ChartLayout().scene(for: try TestFamilies.graph(gedcom: name))
        let image = try ChartPainter(fonts: .file(FixturePaths.fontConfig)).rasterize(scene, scale: 1)
        try GoldenImage.expectMatch(image, named: "family-\(name)")
    }

    /// Henry VIII's family from royal92 as a family chart: his parents, his six wives and
    /// theirs, his children and theirs.
    @Test func henryVIIIsFamilyChartRendersLikeTheGolden() throws {
        let royal = try TestFamilies.graph(gedcom: "royal92")
        let graph = royal.restricted(to: royal.closeFamily(of: "I828"))
        let scene = ChartLayout().scene(for: graph)
        #expect(SceneCrossings.pairs(scene) == [])
        let image = try ChartPainter(fonts: .file(FixturePaths.fontConfig)).rasterize(scene, scale: 1)
        try GoldenImage.expectMatch(image, named: "family-henry-viii")
    }

    /// 300 persons with no family at all: one block, not a row of 300.
    @Test func personsWithoutFamilyRenderAsABlock() throws {
        var text = "0 HEAD\n1 CHAR UTF-8\n"
        for i in 0..<300 { text += "0 @I\(i)@ INDI\n1 NAME N\(i) /Alone/\n" }
        let graph = try FamilyImport(bytes: Array((text + "0 TRLR\n").utf8), source: "alone.ged").graph
        let image = try ChartPainter(fonts: .file(FixturePaths.fontConfig)).rasterize(ChartLayout().scene(for: graph), scale: 0.5)
        try GoldenImage.expectMatch(image, named: "family-300-alone")
    }

    /// Ancestor and hourglass charts: 小明's ancestors (the demo's), Queen Victoria's to
    /// nine generations from royal92, Charles II of Spain's with Sosa numbers and the
    /// references of his collapsed pedigree, and an hourglass of a person with two
    /// partners and an older and a younger sibling.
    @Test(arguments: [("ancestors-demo", "demo", "b8", nil, false), ("ancestors-victoria", "royal92", "I1", 9, false),
                      ("ancestors-charles-ii", "royal92", "I2130", nil, true), ("hourglass-two-partners", "hourglass", "X", nil, true)]
          as [(String, String, String, Int?, Bool)])
    func focusChartsRenderLikeTheGolden(golden: String, file: String, focus: String, generations: Int?, extras: Bool) throws {
        let graph = file == "demo" ? try TestFamilies.demo : try TestFamilies.graph(gedcom: file)
        let hourglass = golden.hasPrefix("hourglass")
        let layout = ChartLayout(request: hourglass
            ? .hourglass(.init(focus: graph.index(of: focus), generations: generations, showsSiblings: extras))
            : .ancestors(.init(focus: graph.index(of: focus), generations: generations, numbering: extras ? .sosa : .none)))
        let image = try ChartPainter(fonts: .file(FixturePaths.fontConfig)).rasterize(layout.scene(for: graph), scale: 1)
        try GoldenImage.expectMatch(image, named: golden)
    }

    /// The three-partner family with living persons redacted (as of 2026).
    @Test func aRedactedChartRendersLikeTheGolden() throws {
        let graph = LivingRedaction(currentYear: 2026).apply(to: try TestFamilies.graph(gedcom: "multi-partner")).graph
        let image = try ChartPainter(fonts: .file(FixturePaths.fontConfig)).rasterize(ChartLayout().scene(for: graph), scale: 1)
        try GoldenImage.expectMatch(image, named: "redacted-living")
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

import FamilyBatch
import FamilyLayout
import FamilyModel
import FamilyPainter
import Foundation
import TestSupport
import Testing

/// Thumbnails of whole families (`--view auto`): legible names, a filled frame, a caption,
/// never blank — over real files of the shared data sets.
@Suite struct ThumbnailViewTests {
    let painter: ChartPainter
    static let size = PixelSize(width: 320, height: 240)
    /// Twelve real exports of 23 to 3,010 persons.
    static let sharedFiles = [
        "gedcom4j-sample/Harry_Potter.ged", "d-jeffrey-gedcom-samples/shakespeare.ged", "d-jeffrey-gedcom-samples/bach.ged",
        "gramps-example-2011/sample.ged", "gedcom4j-sample/cc-by-sa-3.0/john_of_sea_20101009.ged",
        "d-jeffrey-gedcom-samples/famous-family-trees/Kennedy+Family.ged", "d-jeffrey-gedcom-samples/famous-family-trees/Hawaiian+Kings.ged",
        "d-jeffrey-gedcom-samples/sample-bourbon/bourbon.ged", "d-jeffrey-gedcom-samples/tudor/EnglishTudorRoyalFamily.ged",
        "d-jeffrey-gedcom-samples/washington/washington.ged", "gedcom4j-sample/willis.ged", "d-jeffrey-gedcom-samples/royal/royal92.ged",
    ]

    init() throws { painter = try ThumbnailScene.painter(fonts: .file(FixturePaths.fontConfig), theme: .colour) }

    func thumbnail(_ graph: FamilyGraph, view: ThumbnailView = .auto, focus: Int? = nil, size: PixelSize = size) -> ThumbnailScene {
        ThumbnailScene(graph: graph, size: size, view: view, focus: focus, layout: ChartLayout(), painter: painter, captioned: true)
    }

    @Test(.enabled(if: FixturePaths.sharedDatasets != nil, "../shared/datasets is absent (a plain clone): skipped"))
    func everyRealFileShowsLegibleNamesFillingTheFrame() throws {
        var persons: [String] = []
        for file in Self.sharedFiles {
            guard let graph = try? TestFamilies.graph(shared: file) else { continue }
            let thumbnail = thumbnail(graph)
            let plan = thumbnail.plan
            // Too many for legible names at 320×240: drawn around one person.
            #expect(plan.view == .focus, "\(file)")
            #expect(plan.isLegible, "\(file): \(plan.scale) px/pt")
            // The legibility rule, measured: every name drawn as text, its font ≥ 8 device px.
            let sizes = painter.drawnNameSizes(plan.scene, fitting: Self.size, captioned: true)
            #expect(sizes.count >= plan.scene.persons.filter { !$0.name.isEmpty }.count, "\(file): names drawn as text, not greeked")
            #expect((sizes.min() ?? 0) >= ChartPainter.legibleNamePixels - 1e-9, "\(file): smallest name \(sizes.min() ?? 0) px")
            #expect(plan.persons >= 6, "\(file): \(plan.persons) persons")
            #expect(plan.fill >= ThumbnailPlanner.minimumFill, "\(file): fill \(plan.fill)")
            // Fill measured in the image: the drawing's bounding box (caption included, as a reader sees it).
            let image = try painter.rasterize(plan.scene, fitting: Self.size, caption: thumbnail.caption)
            #expect(Self.drawnShare(image) >= 0.35, "\(file): image fill \(Self.drawnShare(image))")
            persons.append("\(file.split(separator: "/").last!): \(plan.persons)")
        }
        #expect(persons.count == Self.sharedFiles.count, "every file read: \(persons)")
    }

    @Test func aSmallFamilyIsDrawnWholeAndABigOneAroundOnePerson() throws {
        let small = try TestFamilies.synthetic(6, seed: 3)
        #expect(thumbnail(small).plan.view == .whole)
        #expect(thumbnail(small).plan.persons == 6)
        let big = try TestFamilies.synthetic(400, seed: 5)
        let plan = thumbnail(big).plan
        #expect(plan.view == .focus)
        #expect(plan.focus == FocusChoice.mostConnected(in: big))
        #expect(plan.isLegible)
        // --view whole keeps the whole chart however small; --view focus centres a small family too.
        #expect(thumbnail(big, view: .whole).plan.persons >= 400)
        #expect(thumbnail(small, view: .focus).plan.focus != nil)
        // The same family always gives the same thumbnail.
        #expect(thumbnail(big).plan.scene == plan.scene)
    }

    @Test func theFilesHomePersonOrTheItemsFocusIsTheCentre() throws {
        var lines = ["0 HEAD", "1 GEDC", "2 VERS 5.5.1", "1 _HOME @I7@"]
        // A chain of ten generations, each with a partner.
        for k in 1...10 {
            lines += ["0 @I\(k)@ INDI", "1 NAME Child\(k) /Line/", "1 SEX M"]
            if k > 1 { lines.append("1 FAMC @F\(k - 1)@") }
            lines += ["1 FAMS @F\(k)@", "0 @W\(k)@ INDI", "1 NAME Wife\(k) /Other/", "1 SEX F", "1 FAMS @F\(k)@"]
        }
        for k in 1...10 {
            lines += ["0 @F\(k)@ FAM", "1 HUSB @I\(k)@", "1 WIFE @W\(k)@"]
            if k < 10 { lines.append("1 CHIL @I\(k + 1)@") }
        }
        lines.append("0 TRLR")
        let graph = try FamilyImport(bytes: Array(lines.joined(separator: "\n").utf8), source: "<home>").graph
        let home = try #require(graph.index(of: "I7"))
        #expect(graph.homePerson == home)
        let small = PixelSize(width: 200, height: 150)
        let plan = thumbnail(graph, view: .focus, size: small).plan
        #expect(plan.focus == home)
        #expect(plan.scene.persons.contains { $0.id == "I7" })
        let named = try #require(graph.index(of: "I2"))
        #expect(thumbnail(graph, view: .focus, focus: named, size: small).plan.focus == named)
        // The caption's title is the focus's surname when the file has no title of its own.
        #expect(thumbnail(graph, view: .focus, size: small).caption?.title == "Line")
        // Without a surname to take: "Family of" the focus.
        let numbered = try TestFamilies.graph(json: #"[[{"id": "a", "name": "Generation 3"}]]"#)
        #expect(ThumbnailCaption(graph: numbered, focus: 0).title == "Family of Generation 3")
    }

    @Test func theCaptionSaysHowManyHowDeepAndHowOld() throws {
        let summary = FamilySummary(try TestFamilies.synthetic(1032, seed: 9))
        #expect(summary.persons == 1032)
        #expect(summary.line.hasPrefix("1,032 persons · \(summary.generations) generations"))
        var one = FamilySummary(try TestFamilies.synthetic(1, seed: 1))
        one.years = 1650...1990
        #expect(one.line == "1 person · 1 generation · 1650–1990")
        // At 256×256 the caption's smaller line is drawn at least 9 px.
        let band = ChartPainter.captionHeight(for: PixelSize(width: 256, height: 256))
        #expect(band >= 30)
        let graph = try TestFamilies.synthetic(300, seed: 4)
        let thumbnail = thumbnail(graph, size: PixelSize(width: 256, height: 256))
        let caption = try #require(thumbnail.caption)
        #expect(caption.line == FamilySummary(graph).line)
        let image = try painter.rasterize(thumbnail.plan.scene, fitting: PixelSize(width: 256, height: 256), caption: caption)
        let without = try painter.rasterize(thumbnail.plan.scene, fitting: PixelSize(width: 256, height: 256))
        // Dark caption text in the bottom band.
        let dark = (256 - Int(band)..<256).reduce(0) { sum, y in sum + (0..<256).count { x in Self.luma(image.pixels[y * 256 + x]) < 100 } }
        #expect(dark > 200, "caption text in the band: \(dark) dark pixels")
        #expect(image != without)
    }

    @Test func noThumbnailOfAFamilyIsBlank() throws {
        // The whole chart of a large family at thumbnail size: lines and edges at least a pixel.
        for (persons, seed) in [(2_000, 1), (300, 2), (2, 3)] as [(Int, UInt64)] {
            let graph = try TestFamilies.synthetic(persons, seed: seed)
            for view in [ThumbnailView.whole, .auto] {
                let scene = thumbnail(graph, view: view).plan.scene
                let image = try painter.rasterize(scene, fitting: Self.size)
                let marked = image.pixels.count { Self.luma($0) < 200 }
                #expect(marked >= 300, "\(persons) persons, \(view): \(marked) pixels darker than 200 of 255")
                if view == .auto { #expect(Self.drawnShare(image) >= 0.35, "\(persons) persons: the drawing fills the frame") }
            }
        }
    }

    /// The share of the frame covered by the bounding box of pixels that differ from the
    /// corner's by more than 24 levels (as the shared tools' thumb_read.py measures).
    static func drawnShare(_ image: RasterImage) -> Double {
        let corner = image.pixels[0]
        var (x0, y0, x1, y1) = (Int.max, Int.max, -1, -1)
        for y in 0..<image.height {
            for x in 0..<image.width where channelDistance(image.pixels[y * image.width + x], corner) > 24 {
                x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
            }
        }
        guard x1 >= 0 else { return 0 }
        return Double((x1 - x0 + 1) * (y1 - y0 + 1)) / Double(image.width * image.height)
    }

    static func channelDistance(_ a: UInt32, _ b: UInt32) -> Int {
        [16, 8, 0].map { abs(Int(a >> $0 & 0xFF) - Int(b >> $0 & 0xFF)) }.max()!
    }

    static func luma(_ pixel: UInt32) -> Int {
        (Int(pixel >> 16 & 0xFF) * 30 + Int(pixel >> 8 & 0xFF) * 59 + Int(pixel & 0xFF) * 11) / 100
    }
}

@testable import FamilyPainter
import FamilyLayout
import FamilyModel
import TestSupport
import Testing

/// Each poster sheet paints only what falls on it, and a poster has a sheet limit.
@Suite struct PosterSheetTests {
    @Test func eachSheetGetsOnlyItsOwnMarks() throws {
        let scene = ChartLayout().scene(for: try TestFamilies.synthetic(1_000, seed: 1))
        let print = poster("A6")
        let plan = try PrintPlan(scene: scene, options: print, nameSize: 11)
        let index = try #require(SheetIndex(scene: scene, plan: plan))
        var filed = 0
        var seen = Set<Int>()
        for page in plan.pages {
            guard case .tile = page.kind else { continue }
            let part = index.part(of: scene, on: page)
            filed += part.persons.count + part.connectors.count + part.coupleBars.count
            for box in part.persons {
                let region = page.chartRegion
                #expect(box.x < region.maxX + SheetIndex.padding && box.x + box.width > region.x - SheetIndex.padding)
                seen.insert(scene.persons.firstIndex(of: box)!)
            }
        }
        let marks = scene.persons.count + scene.connectors.count + scene.coupleBars.count
        #expect(seen.count == scene.persons.count, "every box is on some sheet")
        #expect(filed < 4 * marks, "\(filed) marks painted over \(plan.pages.count - 1) sheets for \(marks) marks")
        #expect(index.part(of: scene, on: plan.pages[0]) == scene, "the overview shows everything")
    }

    @Test func aPosterOfTooManySheetsIsRefused() throws {
        let scene = Scene(width: 2_000_000, height: 1_000, persons: [], coupleBars: [], connectors: [])
        let print = poster("A6")
        #expect(throws: PainterError.self) { try PrintPlan(scene: scene, options: print, nameSize: 11) }
        do {
            _ = try PrintPlan(scene: scene, options: print, nameSize: 11)
        } catch {
            #expect(error.description.contains("more than the limit of \(PrintPlan.maximumSheets)"))
        }
    }

    /// Poster options on `paper`.
    private func poster(_ paper: String) -> PrintOptions {
        var print = PrintOptions()
        print.paper = PaperSize(paper)
        print.poster = true
        return print
    }

    /// Boxes every `step` points along the diagonal of a `side` × `side` chart.
    private func diagonal(side: Double, step: Double) -> Scene {
        let boxes = stride(from: 0.0, to: side - 100, by: step).enumerated().map { k, at in
            PersonBox(id: "P\(k)", name: "P\(k)", gender: .unknown, generation: k, x: at, y: at, width: 100, height: 40)
        }
        return Scene(width: side, height: side, persons: boxes, coupleBars: [], connectors: [])
    }

    /// The sheet limit counts the sheets printed: a sparse chart whose grid has more places
    /// than the limit prints, and the places left out are the blank ones.
    @Test func theSheetLimitCountsPrintedSheets() throws {
        let scene = diagonal(side: 60_000, step: 300)
        let print = poster("A4")
        let plan = try PrintPlan(scene: scene, options: print, nameSize: 11)
        #expect(plan.rows * plan.columns > PrintPlan.maximumSheets, "the grid alone is over the limit")
        #expect(plan.pages.count - 1 <= PrintPlan.maximumSheets)
        #expect(plan.blankSheetsLeftOut == plan.rows * plan.columns - (plan.pages.count - 1))
        let index = try #require(SheetIndex(scene: scene, plan: plan))
        for page in plan.pages.dropFirst() { #expect(!index.part(of: scene, on: page).persons.isEmpty, "no blank sheet is printed") }
        // Boxes on every place of the grid: refused, saying how many sheets would print.
        var full = scene
        full.persons = stride(from: 0.0, to: 59_900, by: 400).flatMap { y in
            stride(from: 0.0, to: 59_900, by: 400).map { x in PersonBox(id: "Q", name: "Q", gender: .unknown, generation: 0, x: x, y: y, width: 100, height: 40) }
        }
        #expect(throws: PainterError.self) { try PrintPlan(scene: full, options: print, nameSize: 11) }
        do {
            _ = try PrintPlan(scene: full, options: print, nameSize: 11)
        } catch {
            #expect(error.description.contains("blank places left out"), "\(error.description)")
        }
    }

    /// A sheet's part keeps every field of the scene: on a tile that holds the whole chart,
    /// the part is the scene itself (a field rebuilt by hand and forgotten fails here).
    @Test func aTileCarriesEveryFieldOfTheScene() throws {
        let scene = SceneWithEveryField.scene
        #expect(SceneFields.unset(in: scene).isEmpty)
        let index = SheetIndex(scene: scene, rows: 1, columns: 1, tileWidth: scene.width, tileHeight: scene.height,
                               stepX: scene.width, stepY: scene.height)
        let page = PrintPlan.Page(width: scene.width, height: scene.height, kind: .tile(row: 0, column: 0), chartScale: 1,
                                  chartOffsetX: 0, chartOffsetY: 0, chartRegion: Box(x: 0, y: 0, width: scene.width, height: scene.height))
        let part = index.part(of: scene, on: page)
        for (whole, shown) in zip(SceneFields.described(scene), SceneFields.described(part)) {
            #expect(whole.text == shown.text, "a poster sheet drops or changes \(whole.name)")
        }
        #expect(part == scene)
    }

    /// A fan printed as a poster (royal92, Victoria, 7 generations on A4): every sheet
    /// printed shows wedges and every wedge and label is on some sheet (the sheets were
    /// blank: their parts dropped `wedges` and `texts`), and a sheet's pixels are not blank.
    @Test func aFanPrintedAsAPosterHasNoBlankSheet() throws {
        let painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig))
        let graph = try TestFamilies.graph(gedcom: "royal92")
        let focus = try #require(graph.index(of: "I1"))
        var layout = ChartLayout(request: .fan(FanChartOptions(focus: focus, generations: 7)))
        layout.textMeasure = painter.textMeasure
        let scene = try #require(layout.fanScene(for: graph)).scene
        let print = poster("A4")
        let plan = try PrintPlan(scene: scene, options: print, nameSize: 11)
        let index = try #require(SheetIndex(scene: scene, plan: plan))
        #expect(plan.pages.count > 2)
        var wedges = Set<Int>(), texts = Set<Int>()
        for (number, page) in plan.pages.enumerated() {
            guard case .tile = page.kind else { continue }
            let part = index.part(of: scene, on: page)
            #expect(!part.wedges.isEmpty, "sheet \(number + 1) shows no wedge")
            wedges.formUnion(part.wedges.map { scene.wedges.firstIndex(of: $0)! })
            texts.formUnion(part.texts.map { scene.texts.firstIndex(of: $0)! })
        }
        #expect(wedges.count == scene.wedges.count, "every wedge is on some sheet")
        #expect(texts.count == scene.texts.count, "every label is on some sheet")
        // The sheet with the focus (Victoria) in the middle of the fan's foot: painted, its chart area is not white.
        let centre = scene.wedges[0].center
        let sheet = try #require(plan.pages.firstIndex { page in
            guard case .tile = page.kind else { return false }
            let r = page.chartRegion
            return centre.x > r.x && centre.x < r.maxX && centre.y > r.y && centre.y < r.maxY
        })
        let image = try painter.rasterize(scene, print: print, page: sheet + 1, scale: 0.25)
        let white = image.pixels.filter { $0 & 0xFF_FFFF == 0xFF_FFFF }.count
        #expect(Double(white) < 0.9 * Double(image.pixels.count), "sheet \(sheet + 1) is \(white) of \(image.pixels.count) pixels white")
    }

    /// A sheet that cuts labelled rows away from their labels repeats each at its left edge.
    @Test func aSheetRepeatsTheLabelsOfTheRowsItCuts() throws {
        var scene = Scene(width: 3_000, height: 400, persons: [], coupleBars: [], connectors: [], chart: .family)
        for g in 0..<3 {
            let y = 24 + Double(g) * 96
            scene.persons += stride(from: 100.0, to: 2_900, by: 150).map {
                PersonBox(id: "P\(g)-\($0)", name: "P", gender: .unknown, generation: g, x: $0, y: y, width: 120, height: 52)
            }
            scene.rowLabels.append(RowLabel(part: 0, generation: g, text: "Gen \(g + 1)", x: 24, y: y, width: 64, height: 52))
        }
        let print = poster("A5")
        let plan = try PrintPlan(scene: scene, options: print, nameSize: 11)
        let index = try #require(SheetIndex(scene: scene, plan: plan))
        var repeatedOn = 0
        for page in plan.pages.dropFirst() {
            let region = page.chartRegion
            let shown = index.part(of: scene, on: page)
            let rows = Set(scene.rowLabels.filter { $0.y < region.maxY && $0.y + $0.height > region.y }.map(\.generation))
            if region.x > 24 {
                #expect(Set(shown.rowLabels.map(\.generation)) == rows, "every row the sheet cuts is labelled on it")
                let margin = try #require(page.chartClip).x
                #expect(shown.rowLabels.allSatisfy { $0.x >= region.x - margin && $0.x + $0.width <= region.x },
                        "repeated in the sheet's left margin, clear of the chart")
                repeatedOn += 1
            } else {
                #expect(shown.rowLabels.allSatisfy { $0.x == 24 }, "the first column of sheets shows the labels themselves")
            }
        }
        #expect(repeatedOn > 0)
    }
}

import FamilyLayout
import FamilyPainter
import Testing

@Suite struct PrintPlanTests {
    func scene(_ width: Double, _ height: Double) -> Scene {
        Scene(width: width, height: height, persons: [], coupleBars: [], connectors: [])
    }

    @Test func readsPaperSizes() throws {
        let a4 = try #require(PaperSize("a4"))
        #expect(abs(a4.width - 595.276) < 0.01 && abs(a4.height - 841.89) < 0.01)
        #expect(PaperSize("Letter")?.width == 612)
        #expect(PaperSize("Tabloid")?.height == 1224)
        #expect(abs((PaperSize("600x900mm")?.width ?? 0) - 1700.79) < 0.01)
        #expect(PaperSize("8.5x11in")?.height == 792)
        #expect(PaperSize("400x300pt")?.width == 400)
        #expect(PaperSize("B7") == nil)
        #expect(PaperSize("10x10mm") == nil, "below an inch")
        #expect(PaperSize("300x300in") == nil, "beyond PDF viewers' 200 in")
    }

    @Test func naturalSizeIsOnePageOfTheChartsSize() throws {
        let plan = try PrintPlan(scene: scene(800, 300), options: PrintOptions(), nameSize: 10)
        #expect(plan.pages.count == 1)
        #expect(plan.pages[0].width == 800 && plan.pages[0].height == 300 && plan.pages[0].chartScale == 1)
    }

    @Test func fitChoosesTheOrientationThatShowsTheChartLarger() throws {
        var options = PrintOptions()
        options.paper = PaperSize("A4")
        let wide = try PrintPlan(scene: scene(3000, 400), options: options, nameSize: 10)
        #expect(wide.pages.count == 1 && wide.pages[0].width > wide.pages[0].height, "landscape for a wide chart")
        let page = wide.pages[0]
        #expect(abs(page.chartScale - (841.89 - 72) / 3000) < 1e-3)
        #expect(page.chartOffsetX >= 36 - 1e-9 && page.chartOffsetX + 3000 * page.chartScale <= page.width - 36 + 1e-9)
        #expect(wide.warnings.first?.contains("use --poster") == true, "2.6 pt names are below the readable 4 pt")
        options.orientation = .portrait
        #expect(try PrintPlan(scene: scene(3000, 400), options: options, nameSize: 10).pages[0].width < 600)
        let small = try PrintPlan(scene: scene(200, 100), options: PrintOptions.fit(on: "A4"), nameSize: 10)
        #expect(small.pages[0].chartScale == 2, "enlarged at most 2×")
        #expect(small.warnings.isEmpty)
    }

    @Test(arguments: [(5000.0, 700.0), (1800, 2600), (523, 770), (10, 10), (15588, 772)])
    func posterTilesCoverTheChartWithTheStatedOverlap(width: Double, height: Double) throws {
        var options = PrintOptions.fit(on: "A4")
        options.poster = true
        options.title = "T"
        let plan = try PrintPlan(scene: scene(width, height), options: options, nameSize: 10)
        let tiles = plan.pages.filter { if case .tile = $0.kind { return true } else { return false } }
        #expect(plan.pages.count == tiles.count + 1 && plan.pages[0].kind == .overview)
        #expect(tiles.count == plan.rows * plan.columns)
        for tile in tiles {
            guard case .tile(let row, let column) = tile.kind, let clip = tile.chartClip else { Issue.record("tile without clip"); continue }
            // The printable area shows exactly the tile's chart region, at full size.
            #expect(tile.chartScale == 1)
            #expect(abs(tile.chartOffsetX + tile.chartRegion.x - clip.x) < 1e-9 && abs(tile.chartOffsetY + tile.chartRegion.y - clip.y) < 1e-9)
            #expect(tile.chartRegion.width == clip.width && tile.chartRegion.height == clip.height)
            // Neighbours overlap by exactly the overlap.
            if let right = tiles.first(where: { $0.kind == .tile(row: row, column: column + 1) }) {
                #expect(abs(tile.chartRegion.maxX - right.chartRegion.x - options.overlap) < 1e-9)
            }
            if let below = tiles.first(where: { $0.kind == .tile(row: row + 1, column: column) }) {
                #expect(abs(tile.chartRegion.maxY - below.chartRegion.y - options.overlap) < 1e-9)
            }
            #expect(tile.label?.contains("row \(row + 1) of \(plan.rows), column \(column + 1) of \(plan.columns)") == true)
        }
        // Together they cover the chart, and no tile is wasted.
        #expect(tiles.map(\.chartRegion.maxX).max()! >= width && tiles.map(\.chartRegion.maxY).max()! >= height)
        #expect(tiles.allSatisfy { $0.chartRegion.x < width && $0.chartRegion.y < height })
        #expect(plan.pages[0].tileOutlines.count == tiles.count)
    }

    /// A packed chart has gaps: a place of the poster grid that shows nothing is not printed,
    /// the overview still outlines it, and the printed sheets keep their grid names.
    @Test func blankPlacesOfThePosterGridAreLeftOut() throws {
        func box(_ id: String, _ x: Double, _ y: Double) -> PersonBox {
            PersonBox(id: id, name: id, gender: .unknown, generation: 0, x: x, y: y, width: 100, height: 50)
        }
        // Two boxes at opposite corners of a 5,000 × 3,200 pt chart, and one line along its bottom edge.
        let line = Connector(parents: ["a"], child: "b", parentBoxes: [0], childBox: 1,
                             points: [Point(50, 3_190), Point(4_950, 3_190)])
        let scene = Scene(width: 5_000, height: 3_200, persons: [box("a", 0, 0), box("b", 4_900, 3_150)],
                          coupleBars: [], connectors: [line])
        var options = PrintOptions.fit(on: "A4")
        options.poster = true
        options.orientation = .landscape
        let plan = try PrintPlan(scene: scene, options: options, nameSize: 10)
        let tiles = plan.pages.filter { if case .tile = $0.kind { true } else { false } }
        #expect(plan.rows == 7 && plan.columns == 7, "the grid: \(plan.rows) × \(plan.columns)")
        #expect(tiles.count == 1 + plan.columns, "the top-left corner and the bottom row: \(tiles.map(\.label))")
        #expect(plan.blankSheetsLeftOut == plan.rows * plan.columns - tiles.count)
        #expect(tiles.first?.kind == .tile(row: 0, column: 0))
        #expect(tiles.dropFirst().allSatisfy { if case .tile(let row, _) = $0.kind { row == plan.rows - 1 } else { false } })
        #expect(tiles[1].label?.hasPrefix("G1 · row 7 of 7, column 1 of 7 · sheet 3 of \(tiles.count + 1)") == true, "\(tiles[1].label ?? "")")
        let outlines = plan.pages[0].tileOutlines
        #expect(outlines.count == plan.rows * plan.columns)
        #expect(outlines.filter { !$0.isBlank }.map(\.name) == tiles.compactMap { $0.label?.components(separatedBy: " ").first })
        // Nothing at all to show: every place is printed (a blank chart prints blank sheets).
        let empty = try PrintPlan(scene: Scene(width: 5_000, height: 3_000, persons: [], coupleBars: [], connectors: []),
                                  options: options, nameSize: 10)
        #expect(empty.pages.count == empty.rows * empty.columns + 1 && empty.blankSheetsLeftOut == 0)
    }

    @Test func tileNamesRunLikeASpreadsheet() {
        #expect(PrintPlan.tileName(row: 0, column: 0) == "A1")
        #expect(PrintPlan.tileName(row: 25, column: 9) == "Z10")
        #expect(PrintPlan.tileName(row: 26, column: 0) == "AA1")
    }

    @Test func marginsThatLeaveNoRoomAreRefused() {
        var options = PrintOptions.fit(on: "A6")
        options.margin = 200
        #expect(throws: PainterError.self) { try PrintPlan(scene: scene(100, 100), options: options, nameSize: 10) }
    }
}

extension PrintOptions {
    static func fit(on paper: String) -> PrintOptions {
        var options = PrintOptions()
        options.paper = PaperSize(paper)
        return options
    }
}

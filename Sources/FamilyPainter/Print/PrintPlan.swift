import FamilyLayout
import FamilyModel
import FoundationEssentials

/// Where everything goes on every sheet: computed in pure Swift from the scene and the
/// print options, then drawn by the painter. Chart point (cx, cy) lands on the page at
/// `(chartOffsetX + cx · chartScale, chartOffsetY + cy · chartScale)`.
public struct PrintPlan: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// The chart at natural size on a page of its own size.
        case natural
        /// The whole chart scaled onto one sheet.
        case fit
        /// Poster mode's first sheet: the whole chart small, with the tile grid on it.
        case overview
        /// One poster tile at real size (0-based row and column).
        case tile(row: Int, column: Int)
    }

    public struct Page: Equatable, Sendable {
        public var width: Double
        public var height: Double
        public var kind: Kind
        public var chartScale: Double
        public var chartOffsetX: Double
        public var chartOffsetY: Double
        /// The page area the chart is clipped to (a tile's printable area); nil: none.
        public var chartClip: Box?
        /// The part of the chart (in chart points) this page shows.
        public var chartRegion: Box
        public var titleArea: Box?
        public var legendArea: Box?
        /// The note's line (`PrintOptions.note`), at the foot of the sheet.
        public var noteArea: Box?
        /// The frame drawn with `PrintOptions.border`.
        public var border: Box?
        /// Where a sheet's label stands when it has no clip to hang under (the overview's).
        public var labelArea: Box?
        /// A tile's label, printed in its bottom margin.
        public var label: String?
        /// On the overview: each tile's outline on this page and its name.
        public var tileOutlines: [TileOutline] = []
    }

    public struct TileOutline: Equatable, Sendable {
        public var box: Box
        public var name: String
        /// A grid place that shows nothing of the chart: no sheet is printed for it.
        public var isBlank = false
    }

    public var pages: [Page]
    /// Sheets of the poster grid (0 when not a poster).
    public var rows = 0
    public var columns = 0
    /// Chart points from one poster tile to the next (a tile's size less the overlap).
    public var tileStepX = 0.0
    public var tileStepY = 0.0
    /// Places of the poster grid left out because they would print a blank sheet (the
    /// chart's parts are packed, so a large chart has gaps); their names stay free, so
    /// the sheets that are printed keep their row and column.
    public var blankSheetsLeftOut: Int { rows * columns == 0 ? 0 : rows * columns - (pages.count - 1) }
    /// Things the user should know (tiny text), one line each.
    public var warnings: [String] = []

    /// At most this many printed poster sheets (a wall of 2,000 sheets is far beyond any
    /// real poster; a hostile chart on tiny paper would otherwise ask for millions). Places
    /// of the grid left out as blank do not count.
    public static let maximumSheets = 2_000
    /// At most this many places in the poster grid, printed or blank: finding the blank
    /// ones costs a little memory and time per place.
    public static let maximumGridPlaces = 250_000

    public static let titleHeight = 40.0, subtitleHeight = 14.0, noteHeight = 14.0
    public static let legendHeight = 30.0

    /// Plans the pages of `scene` printed with `options`; `nameSize` is the painter's name
    /// font size, used to warn about unreadable text.
    public init(scene: Scene, options: PrintOptions, nameSize: Double) throws(PainterError) {
        let header = options.title == nil ? 0 : Self.titleHeight + (options.subtitle == nil ? 0 : Self.subtitleHeight)
        let noteHeight = options.note == nil ? 0 : Self.noteHeight
        let legend = options.legend ?? scene.usesSpecialStyles
        // The legend's rows in its narrowest place: the natural page's width, or the paper's short side.
        let legendWidth = options.paper.map { min($0.width, $0.height) - 2 * options.margin } ?? max(scene.width, 420) - 48
        let legendHeight = legend ? Legend.height(for: scene, width: legendWidth) : 0
        let footer = legendHeight + noteHeight
        /// The legend's and the note's places in a footer of `width` starting at (x, y).
        func footerAreas(_ page: inout Page, x: Double, y: Double, width: Double) {
            if legendHeight > 0 { page.legendArea = Box(x: x, y: y, width: width, height: legendHeight) }
            if noteHeight > 0 { page.noteArea = Box(x: x, y: y + legendHeight, width: width, height: noteHeight) }
        }
        let whole = Box(x: 0, y: 0, width: scene.width, height: scene.height)
        guard let paper = options.paper else {
            let width = max(scene.width, legend ? 420 : 0)
            var page = Page(width: width, height: scene.height + header + footer, kind: .natural, chartScale: 1,
                            chartOffsetX: (width - scene.width) / 2, chartOffsetY: header, chartRegion: whole)
            if header > 0 { page.titleArea = Box(x: 24, y: 8, width: width - 48, height: header - 8) }
            footerAreas(&page, x: 24, y: header + scene.height, width: width - 48)
            if options.border { page.border = Box(x: 4, y: 4, width: width - 8, height: page.height - 8) }
            pages = [page]
            return
        }
        let margin = options.margin
        func sheets() -> [PaperSize] {
            switch options.orientation {
            case .portrait: [paper.portrait]
            case .landscape: [paper.landscape]
            case .auto: [paper.portrait, paper.landscape]
            }
        }
        guard paper.width > 2 * margin + 36, paper.height > 2 * margin + header + footer + 36 else {
            throw .paperTooSmall(paper: paper.name, margin: margin)
        }
        if !options.poster {
            // Fit: the orientation that shows the chart larger.
            var best: (sheet: PaperSize, scale: Double)?
            for sheet in sheets() {
                let scale = min((sheet.width - 2 * margin) / scene.width,
                                (sheet.height - 2 * margin - header - footer) / scene.height, options.maximumFitScale)
                if best == nil || scale > best!.scale + 1e-9 { best = (sheet, scale) }
            }
            let (sheet, scale) = best!
            let areaHeight = sheet.height - 2 * margin - header - footer
            var page = Page(width: sheet.width, height: sheet.height, kind: .fit, chartScale: scale,
                            chartOffsetX: (sheet.width - scene.width * scale) / 2,
                            chartOffsetY: margin + header + (areaHeight - scene.height * scale) / 2, chartRegion: whole)
            if header > 0 { page.titleArea = Box(x: margin, y: margin, width: sheet.width - 2 * margin, height: header) }
            footerAreas(&page, x: margin, y: sheet.height - margin - footer, width: sheet.width - 2 * margin)
            if options.border { page.border = Self.frame(sheet: sheet, margin: margin) }
            pages = [page]
            let printed = nameSize * scale
            if printed < options.minimumReadableTextSize {
                warnings.append("names would print at \(printfFormatted("%.1f", printed)) pt on \(paper.name), below the readable "
                                + "\(printfFormatted("%g", options.minimumReadableTextSize)) pt; use --poster to print at full size over several sheets, or a larger --paper")
            }
            return
        }
        // Poster: real size, tiles overlapping by `overlap`. A place of the grid that shows
        // nothing is left out (unless no place shows anything); the orientation printing
        // the fewest sheets wins.
        var best: (sheet: PaperSize, rows: Int, columns: Int, blank: [Bool], printed: Int)?
        var smallestGrid: (rows: Int, columns: Int)?
        var fewestPrinted: Int?
        for sheet in sheets() {
            let printableWidth = sheet.width - 2 * margin, printableHeight = sheet.height - 2 * margin
            guard printableWidth > options.overlap * 2, printableHeight > options.overlap * 2 else { continue }
            let columns = Self.tileCount(scene.width, printableWidth, options.overlap)
            let rows = Self.tileCount(scene.height, printableHeight, options.overlap)
            if smallestGrid == nil || rows * columns < smallestGrid!.rows * smallestGrid!.columns { smallestGrid = (rows, columns) }
            guard rows * columns <= Self.maximumGridPlaces else { continue }
            let index = SheetIndex(scene: scene, rows: rows, columns: columns, tileWidth: printableWidth, tileHeight: printableHeight,
                                   stepX: printableWidth - options.overlap, stepY: printableHeight - options.overlap)
            let anyShown = (0..<rows * columns).contains { !index.isBlank(tile: $0) }
            let blank = (0..<rows * columns).map { anyShown && index.isBlank(tile: $0) }
            let printed = blank.filter { !$0 }.count
            fewestPrinted = min(fewestPrinted ?? printed, printed)
            guard printed <= Self.maximumSheets else { continue }
            if best == nil || printed < best!.printed || (printed == best!.printed && rows * columns < best!.rows * best!.columns) {
                best = (sheet, rows, columns, blank, printed)
            }
        }
        guard let grid = smallestGrid else {
            let printable = min(paper.width, paper.height) - 2 * margin
            // It said the margins were too large when the overlap was.
            if printable > 0, options.overlap * 2 >= printable {
                throw .overlapTooLarge(paper: paper.name, overlap: options.overlap, printable: printable)
            }
            throw .paperTooSmall(paper: paper.name, margin: margin)
        }
        guard let (sheet, rowCount, columnCount, blank, printed) = best else {
            throw .tooManySheets(rows: grid.rows, columns: grid.columns, printed: fewestPrinted, limit: Self.maximumSheets)
        }
        rows = rowCount
        columns = columnCount
        let printable = Box(x: margin, y: margin, width: sheet.width - 2 * margin, height: sheet.height - 2 * margin)
        let stepX = printable.width - options.overlap, stepY = printable.height - options.overlap
        tileStepX = stepX
        tileStepY = stepY
        var tiles: [Page] = []
        var outlines: [TileOutline] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let region = Box(x: Double(column) * stepX, y: Double(row) * stepY, width: printable.width, height: printable.height)
                let name = Self.tileName(row: row, column: column)
                outlines.append(TileOutline(box: region, name: name, isBlank: blank[row * columns + column]))
                if blank[row * columns + column] { continue }
                let label = "\(name) · row \(row + 1) of \(rows), column \(column + 1) of \(columns) · sheet \(tiles.count + 2) of \(printed + 1)"
                    + (options.title.map { " · \($0)" } ?? "")
                tiles.append(Page(width: sheet.width, height: sheet.height, kind: .tile(row: row, column: column), chartScale: 1,
                                  chartOffsetX: margin - region.x, chartOffsetY: margin - region.y, chartClip: printable,
                                  chartRegion: region, label: label))
            }
        }
        // Overview: the whole chart fitted under the title, the tile grid drawn over it.
        let areaHeight = sheet.height - 2 * margin - header - footer
        let scale = min(printable.width / scene.width, areaHeight / scene.height, 1)
        let offsetX = (sheet.width - scene.width * scale) / 2
        let offsetY = margin + header + (areaHeight - scene.height * scale) / 2
        var overview = Page(width: sheet.width, height: sheet.height, kind: .overview, chartScale: scale,
                            chartOffsetX: offsetX, chartOffsetY: offsetY, chartRegion: whole)
        overview.titleArea = header > 0 ? Box(x: margin, y: margin, width: printable.width, height: header) : nil
        footerAreas(&overview, x: margin, y: sheet.height - margin - footer, width: printable.width)
        if options.border { overview.border = Self.frame(sheet: sheet, margin: margin) }
        overview.label = "overview · sheet 1 of \(printed + 1)" + (options.title.map { " · \($0)" } ?? "")
        overview.labelArea = Box(x: margin + 20, y: sheet.height - margin + 5, width: printable.width - 40, height: 10)
        overview.tileOutlines = outlines.map { outline in
            let b = outline.box
            let x0 = offsetX + b.x * scale, y0 = offsetY + b.y * scale
            let x1 = offsetX + min(b.maxX, scene.width) * scale, y1 = offsetY + min(b.maxY, scene.height) * scale
            return TileOutline(box: Box(x: x0, y: y0, width: x1 - x0, height: y1 - y0), name: outline.name, isBlank: outline.isBlank)
        }
        pages = [overview] + tiles
    }

    /// The border of a sheet: halfway between the paper's edge and the printed area.
    static func frame(sheet: PaperSize, margin: Double) -> Box {
        let inset = margin / 2
        return Box(x: inset, y: inset, width: sheet.width - 2 * inset, height: sheet.height - 2 * inset)
    }

    /// Sheets needed to cover `length` with sheets of `printable` overlapping by `overlap`.
    static func tileCount(_ length: Double, _ printable: Double, _ overlap: Double) -> Int {
        length <= printable ? 1 : Int(((length - printable) / (printable - overlap)).rounded(.up)) + 1
    }

    /// "A1", "B3", …, "AA12": row letters, column number.
    public static func tileName(row: Int, column: Int) -> String {
        var letters = ""
        var r = row + 1
        while r > 0 {
            r -= 1
            letters.insert(Character(UnicodeScalar(UInt8(65 + r % 26))), at: letters.startIndex)
            r /= 26
        }
        return letters + String(column + 1)
    }
}

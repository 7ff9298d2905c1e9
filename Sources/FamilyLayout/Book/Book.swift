/// The sizes a book is cut and packed to, in the chart's own points.
public struct BookSettings: Equatable, Sendable {
    /// One page's chart area: the printable area less the running head and the folio,
    /// divided by the print scale.
    public var areaWidth: Double
    public var areaHeight: Double
    /// The number of the first page that shows the chart (the title page comes before).
    public var firstPage = 2

    public init(areaWidth: Double, areaHeight: Double) {
        self.areaWidth = areaWidth
        self.areaHeight = areaHeight
    }

    /// A tag at a page's top or bottom edge (the persons a line goes on to); its lane.
    public static let tagHeight = 30.0, laneGap = 10.0
    /// A tag in a piece's left or right lane, and the gap to the window.
    public static let sideTagWidth = 64.0, sideGap = 8.0
    /// Between pieces sharing a page.
    public static let pieceGap = 14.0
    static var lane: Double { tagHeight + laneGap }
    static var sideLane: Double { sideTagWidth + sideGap }
}

/// Where one piece stands: its page and the page position of its window's top-left.
public struct BookPlacement: Equatable, Sendable {
    public var page: Int
    public var x: Double
    public var y: Double
}

/// A chart book: the whole chart cut into partial trees that each fit one page at the
/// print scale (`BookCutting`), the lines between pieces ended at references to the persons
/// at the other end, in their own places or as tags at the edge, naming their page
/// (`BookCuts`), and the pieces packed onto pages in order (`BookPacking`). Each page is a scene of its own, in its chart area's points, for
/// the ordinary scene painter; `pages[i].links` say where each tag and reference sends the
/// reader. A view over the scene: no box moves relative to the others of its piece.
public struct Book: Sendable {
    public var pieces: [BookPiece]
    public var placements: [BookPlacement]
    public var crossings: [BookCrossing]
    public var pages: [BookPage]
    /// The page of each scene box (`Scene.persons`).
    public var pageOfBox: [Int]

    /// - Complexity: O(n log n) in the scene's boxes and lines, plus the cut's depth.
    public init(scene: Scene, settings: BookSettings) {
        // Cut; where a piece's tags took more room than the cut foresaw, cut again there with
        // room for tags on every side (at most a few times).
        var tight = Set<Int>()
        var pieces: [BookPiece], cut: BookCut, lanes: BookLanes
        repeat {
            pieces = BookCutting.pieces(of: scene, width: settings.areaWidth, height: settings.areaHeight, tight: tight)
            cut = BookCuts.cut(scene, pieces: pieces)
            lanes = BookLanes(pieces: pieces, crossings: cut.crossings)
            let over = pieces.indices.filter {
                (lanes.outer[$0].width > settings.areaWidth + 0.01 || lanes.outer[$0].height > settings.areaHeight + 0.01)
                    && !tight.contains(pieces[$0].head)
            }
            if over.isEmpty { break }
            tight.formUnion(over.map { pieces[$0].head })
        } while tight.count < scene.persons.count
        self.pieces = pieces
        crossings = cut.crossings
        let placements = BookPacking.place(sizes: lanes.outer.map { ($0.width, $0.height) }, settings: settings)
            .enumerated().map { i, spot in
                BookPlacement(page: spot.page, x: spot.x + pieces[i].window.x - lanes.outer[i].x,
                              y: spot.y + pieces[i].window.y - lanes.outer[i].y)
            }
        self.placements = placements
        var pageOfBox = Array(repeating: 0, count: scene.persons.count)
        for (p, piece) in pieces.enumerated() { for b in piece.boxes { pageOfBox[b] = placements[p].page } }
        self.pageOfBox = pageOfBox
        pages = BookPageBuilder(scene: scene, pieces: pieces, placements: placements, crossings: cut.crossings, lines: cut.lines,
                                references: cut.references, lanes: lanes, pageOfBox: pageOfBox).pages(first: settings.firstPage)
    }
}

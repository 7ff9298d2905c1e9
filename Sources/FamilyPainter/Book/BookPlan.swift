import FamilyLayout
import FamilyModel

/// A whole chart book planned in pure Swift: the sheet (turned as asked, or whichever way
/// prints fewer pages), the chart pages (`Book`), the index of names and its pages. Page 1
/// is the title page with the map of the chart's pages; the chart pages follow; the index
/// ends the book.
public struct BookPlan: Sendable {
    public var sheet: BookSheet
    public var book: Book
    public var index: [BookIndexEntry]
    /// The index's pages, each its lines column by column.
    public var indexPages: [[[IndexLine]]]
    /// The first index page's number.
    public var firstIndexPage: Int { book.pages.count + 2 }
    public var pageCount: Int { 1 + book.pages.count + indexPages.count }

    /// A line of the index: a letter's heading or a person's entry.
    public enum IndexLine: Equatable, Sendable {
        case letter(String)
        case entry(Int)
    }

    /// At most this many chart pages (a book of 5,000 pages is no book to print at home).
    public static let maximumPages = 5_000
    /// The index's type: its size and line height, the heading size, the gap between columns.
    public static let indexSize = 7.5, indexLine = 9.5, indexHeadingSize = 14.0, indexColumnGap = 18.0

    /// - Complexity: O(n log n) for n boxes and lines, twice when the orientation is free.
    public init(scene: Scene, options: BookOptions, graph: FamilyGraph? = nil) throws(PainterError) {
        guard !scene.persons.isEmpty else { throw .emptyBook }
        var best: (BookSheet, Book)?
        let turns: [PaperSize] = switch options.orientation {
        case .portrait: [options.paper.portrait]
        case .landscape: [options.paper.landscape]
        case .auto: [options.paper.portrait, options.paper.landscape]
        }
        for paper in turns {
            let sheet = BookSheet(paper: paper, options: options)
            let area = sheet.chartArea(page: 1)
            guard area.width > 72, area.height > 72 else { continue }
            let book = Book(scene: scene, settings: sheet.settings)
            if best == nil || book.pages.count < best!.1.pages.count { best = (sheet, book) }
        }
        guard let (sheet, book) = best else { throw .paperTooSmall(paper: options.paper.name, margin: options.margin) }
        guard book.pages.count <= Self.maximumPages else { throw .tooManyBookPages(book.pages.count, limit: Self.maximumPages) }
        self.sheet = sheet
        self.book = book
        index = BookIndex.entries(book: book, scene: scene, graph: graph)
        indexPages = Self.paginate(index, sheet: sheet, first: book.pages.count + 2)
    }

    /// The index in two columns a page, a letter's heading before its first entry (and
    /// again at the top of a column that continues it); the first page under a heading.
    static func paginate(_ entries: [BookIndexEntry], sheet: BookSheet, first: Int) -> [[[IndexLine]]] {
        let block = sheet.chartArea(page: first)
        let perColumn = max(4, Int(block.height / indexLine))
        let firstColumn = max(2, Int((block.height - indexHeadingSize * 2) / indexLine))
        var pages: [[[IndexLine]]] = [[[]]]
        var letter: String?
        func room() -> Int { pages.count == 1 ? firstColumn : perColumn }
        func add(_ line: IndexLine) {
            if pages[pages.count - 1].last!.count >= room() {
                if pages[pages.count - 1].count == 2 { pages.append([[]]) } else { pages[pages.count - 1].append([]) }
                if case .entry = line, let letter { pages[pages.count - 1][pages[pages.count - 1].count - 1].append(.letter(letter)) }
            }
            pages[pages.count - 1][pages[pages.count - 1].count - 1].append(line)
        }
        for (i, entry) in entries.enumerated() {
            if entry.letter != letter {
                letter = entry.letter
                // A heading never ends a column.
                if pages[pages.count - 1].last!.count + 2 > room() {
                    if pages[pages.count - 1].count == 2 { pages.append([[]]) } else { pages[pages.count - 1].append([]) }
                }
                add(.letter(entry.letter))
            }
            add(.entry(i))
        }
        return pages
    }
}

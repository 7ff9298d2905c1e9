/// The rules every book keeps, for tests and `--statistics` alike: everyone is drawn on
/// exactly one page; no box leaves its page's chart area; every line on a page ends at a
/// box of that page (a person or a tag); every tag and reference sends the reader to a
/// page that draws the persons it names and says that page's number; every line of the
/// chart is drawn on its parents' page and on its child's page (ending there at a
/// reference where the other end is elsewhere).
public struct BookInvariants {
    public let book: Book
    public let scene: Scene
    public let settings: BookSettings

    public init(book: Book, scene: Scene, settings: BookSettings) {
        self.book = book
        self.scene = scene
        self.settings = settings
    }

    /// Pieces whose outline is larger than a page (a single box or couple wider than the
    /// page): they are allowed to leave the chart area, and are listed apart.
    public var oversizePieces: [Int] {
        let lanes = BookLanes(pieces: book.pieces, crossings: book.crossings)
        return lanes.outer.indices.filter { lanes.outer[$0].width > settings.areaWidth + 0.01 || lanes.outer[$0].height > settings.areaHeight + 0.01 }
    }

    /// Every broken rule, one line each (empty when the book is sound).
    public func violations() -> [String] {
        var problems: [String] = []
        var drawnOn: [String: [Int]] = [:]
        let pages = Dictionary(book.pages.map { ($0.number, $0) }, uniquingKeysWith: { a, _ in a })
        let oversize = Set(oversizePieces.map { book.placements[$0].page })
        for page in book.pages {
            let persons = page.scene.persons
            for box in persons where !box.isReference { drawnOn[box.id, default: []].append(page.number) }
            if !oversize.contains(page.number) {
                for box in persons where box.x < -0.01 || box.y < -0.01 || box.maxX > settings.areaWidth + 0.01 || box.maxY > settings.areaHeight + 0.01 {
                    problems.append("page \(page.number): box \(box.id) at \(box.x),\(box.y) leaves the chart area")
                }
            }
            for (k, line) in page.scene.connectors.enumerated() {
                guard line.parentBoxes.allSatisfy(persons.indices.contains), persons.indices.contains(line.childBox),
                      let last = line.points.last else {
                    problems.append("page \(page.number): line \(k) names a box the page does not have")
                    continue
                }
                let child = persons[line.childBox]
                if last.x < child.x - 1 || last.x > child.maxX + 1 || last.y < child.y - 1 || last.y > child.maxY + 1 {
                    problems.append("page \(page.number): line \(k) to \(line.child) ends at \(last.x),\(last.y), not at its box")
                }
            }
            for link in page.links {
                guard persons.indices.contains(link.box), let target = pages[link.page] else {
                    problems.append("page \(page.number): a link to page \(link.page), which is not in the book")
                    continue
                }
                let ids = Set(target.scene.persons.map(\.id))
                if link.persons.isEmpty { problems.append("page \(page.number): \(persons[link.box].name) names nobody on page \(link.page)") }
                for id in link.persons where !ids.contains(id) {
                    problems.append("page \(page.number): \(persons[link.box].name) sends to page \(link.page), which does not draw \(id)")
                }
                let detail = persons[link.box].detail ?? ""
                let numbers = detail.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
                if !(numbers.contains(link.page) || (link.page == page.number && detail.hasSuffix("this page"))) {
                    problems.append("page \(page.number): \(persons[link.box].name) says '\(detail)', not page \(link.page)")
                }
            }
        }
        var seen = Set<String>()
        for box in scene.persons where !box.isReference && seen.insert(box.id).inserted {
            let on = drawnOn[box.id] ?? []
            if on.count != 1 { problems.append("\(box.id) is drawn on \(on.count) pages \(on)") }
        }
        // Every line of the chart is drawn on its parents' page and on its child's page.
        var drawnLines: [Int: Set<Int>] = [:]
        for page in book.pages { for source in page.lineSources { drawnLines[source, default: []].insert(page.number) } }
        for (c, line) in scene.connectors.enumerated() {
            guard let parent = line.parentBoxes.first, scene.persons.indices.contains(parent), scene.persons.indices.contains(line.childBox)
            else { continue }
            let on = drawnLines[c] ?? []
            for (end, b) in [("parents'", parent), ("child's", line.childBox)] where !on.contains(book.pageOfBox[b]) {
                problems.append("line \(c) to \(line.child) is not drawn on its \(end) page \(book.pageOfBox[b])")
            }
        }
        return problems
    }
}

import FamilyModel

/// Turns the placed pieces of a book into one scene per page: each piece's boxes, bars
/// and lines moved by its placement, its tags as reference boxes with the lines' last
/// steps to them, the chart's own references pointed at pages, and row labels.
struct BookPageBuilder {
    let scene: Scene
    let pieces: [BookPiece]
    let placements: [BookPlacement]
    let crossings: [BookCrossing]
    let lines: [[BookLine]]
    let references: [[(box: Int, isChild: Bool)]]
    let lanes: BookLanes
    let pageOfBox: [Int]

    /// The room of a row label in the page's margin.
    static let labelWidth = 30.0

    func pages(first: Int) -> [BookPage] {
        var barsOf: [Int: [Int]] = [:]
        for (i, bar) in scene.coupleBars.enumerated() { if let b = bar.boxes.first { barsOf[b, default: []].append(i) } }
        var primary: [String: Int] = [:]
        for (b, box) in scene.persons.enumerated() where !box.isReference { primary[box.id] = primary[box.id] ?? b }
        var crossingsOf = Array(repeating: [Int](), count: pieces.count)
        for (c, crossing) in crossings.enumerated() { crossingsOf[crossing.piece].append(c) }
        var labelText: [[Int]: String] = [:]
        for label in scene.rowLabels { labelText[[label.part, label.generation]] = labelText[[label.part, label.generation]] ?? label.text }
        var onPage: [Int: [Int]] = [:]
        for (p, placement) in placements.enumerated() { onPage[placement.page, default: []].append(p) }
        let last = placements.map(\.page).max() ?? first - 1
        var pages: [BookPage] = []
        for number in first...max(first, last) {
            let shown = onPage[number] ?? []
            var page = Scene(width: 0, height: 0, persons: [], coupleBars: [], connectors: [], chart: scene.chart)
            var links: [BookLink] = [], frames: [Box] = [], sources: [Int] = []
            for p in shown {
                let piece = pieces[p]
                let dx = placements[p].x - piece.window.x, dy = placements[p].y - piece.window.y
                func moved(_ q: Point) -> Point { Point(q.x + dx, q.y + dy) }
                let outline = lanes.outer[p]
                frames.append(Box(x: outline.x + dx, y: outline.y + dy, width: outline.width, height: outline.height))
                var index: [Int: Int] = [:]
                for b in piece.boxes {
                    var box = scene.persons[b]
                    box.x += dx
                    box.y += dy
                    index[b] = page.persons.count
                    if box.isReference, let target = primary[box.id] {
                        box.detail = Self.pointer(to: pageOfBox[target], from: number, verb: "see")
                        links.append(BookLink(box: page.persons.count, page: pageOfBox[target], persons: [box.id]))
                    }
                    page.persons.append(box)
                }
                // The persons at the far end of lines drawn whole, in their own places.
                for (b, isChild) in references[p] {
                    var box = scene.persons[b]
                    box.x += dx
                    box.y += dy
                    let real = box.isReference ? primary[box.id] ?? b : b
                    box.isReference = true
                    box.detail = Self.pointer(to: pageOfBox[real], from: number, verb: isChild ? "continued on" : "continued from")
                    box.references = 0
                    index[b] = page.persons.count
                    links.append(BookLink(box: page.persons.count, page: pageOfBox[real], persons: [box.id]))
                    page.persons.append(box)
                }
                for b in piece.boxes + references[p].map(\.box) {
                    for i in barsOf[b] ?? [] {
                        var bar = scene.coupleBars[i]
                        guard bar.boxes.allSatisfy({ index[$0] != nil }) else { continue }
                        bar.boxes = bar.boxes.map { index[$0]! }
                        bar.points = bar.points.map(moved)
                        bar.hang = moved(bar.hang)
                        if var label = bar.label { label.x += dx; label.y += dy; bar.label = label }
                        page.coupleBars.append(bar)
                    }
                }
                // Tags first, so that the cut lines can end at them.
                var tagOf: [Int: Int] = [:], stubOf: [Int: [Point]] = [:]
                for c in crossingsOf[p] {
                    let (box, made, stub) = tag(c, number: number, moved: moved, dx: dx, dy: dy)
                    tagOf[c] = page.persons.count
                    stubOf[c] = stub
                    var link = made
                    link.box = page.persons.count
                    page.persons.append(box)
                    links.append(link)
                }
                var crossingAt: [[Int]: Int] = [:]
                for c in crossingsOf[p] { for k in crossings[c].connectors { crossingAt[[k, crossings[c].isExit ? 1 : 0]] = c } }
                for line in lines[p] {
                    var connector = scene.connectors[line.connector]
                    connector.points = line.points.map(moved)
                    if let parent = index[connector.parentBoxes.first ?? -1] {
                        connector.parentBoxes = connector.parentBoxes.compactMap { index[$0] ?? parent }
                    } else if let c = crossingAt[[line.connector, 0]] {
                        connector.parentBoxes = [tagOf[c]!]
                        connector.points = stubOf[c]! + connector.points.dropFirst()
                    } else { continue }
                    if let child = index[connector.childBox], crossingAt[[line.connector, 1]] == nil {
                        connector.childBox = child
                    } else if let c = crossingAt[[line.connector, 1]] {
                        connector.childBox = tagOf[c]!
                        connector.points += stubOf[c]!.dropFirst()
                    } else { continue }
                    page.connectors.append(connector)
                    sources.append(line.connector)
                }
                if abs(frames.last!.x) < 0.01 { page.rowLabels += rowLabels(piece, dy: dy, labelText: labelText) }
            }
            let generations = page.persons.filter { !$0.isReference }.map(\.generation)
            let low = generations.min() ?? 0, high = generations.max() ?? 0
            pages.append(BookPage(number: number, scene: page, pieces: shown, frames: frames, links: links, lineSources: sources,
                                  generations: low...high, parts: Array(Set(shown.map { pieces[$0].part })).sorted(),
                                  head: Self.head(page)))
        }
        return pages
    }

    /// "see page 14", "continued on page 14", "continued from page 9"; "… this page".
    static func pointer(to page: Int, from here: Int, verb: String) -> String {
        page == here ? "\(verb) this page" : "\(verb) page \(page)"
    }

    /// The tag of crossing `c`: a reference box for the persons at the lines' other end, the
    /// link it makes, and the lines' steps between the window's edge and it (from the edge
    /// on the parents' piece, to it on the children's).
    private func tag(_ c: Int, number: Int, moved: (Point) -> Point, dx: Double, dy: Double) -> (PersonBox, BookLink, [Point]) {
        let crossing = crossings[c]
        let first = scene.connectors[crossing.connectors[0]]
        let rect = lanes.tags[c]
        var tag: PersonBox
        var persons: [String]
        var target: Int
        let pages = crossing.others.map { placements[$0].page }
        target = pages[0]
        var seen = Set<Int>()
        if crossing.isExit {
            let children = crossing.connectors.map { scene.connectors[$0].childBox }.filter { seen.insert($0).inserted }
            let child = scene.persons[children[0]]
            persons = children.filter { pageOfBox[$0] == target }.map { scene.persons[$0].id }
            let name = children.count == 1 ? child.name : "\(children.count) children"
            tag = PersonBox(id: child.id, name: name, gender: children.count == 1 ? child.gender : .unknown,
                            generation: child.generation, x: 0, y: 0, width: 0, height: 0, isReference: true)
            let distinct = Array(Set(pages)).sorted()
            tag.detail = distinct.count == 1 ? Self.pointer(to: target, from: number, verb: "continued on")
                : "continued on pages " + distinct.map(String.init).joined(separator: ", ")
        } else {
            let parents = first.parentBoxes.filter { scene.persons.indices.contains($0) && seen.insert($0).inserted }
            persons = parents.filter { pageOfBox[$0] == target }.map { scene.persons[$0].id }
            let names = parents.map { scene.persons[$0] }
            tag = PersonBox(id: names.first?.id ?? first.parents.first ?? "", name: names.map(\.name).joined(separator: " & "),
                            gender: names.count == 1 ? names[0].gender : .unknown, generation: names.first?.generation ?? 0,
                            x: 0, y: 0, width: 0, height: 0, isReference: true)
            tag.detail = Self.pointer(to: target, from: number, verb: "continued from")
        }
        tag.x = rect.x + dx
        tag.y = rect.y + dy
        tag.width = rect.width
        tag.height = rect.height
        tag.part = scene.persons[first.childBox].part
        let edge = moved(crossing.point)
        let points: [Point]
        switch crossing.side {
        case .bottom, .top:
            let attach = crossing.side == .bottom ? tag.y : tag.maxY
            let middle = (edge.y + attach) / 2
            points = [edge, Point(edge.x, middle), Point(tag.centerX, middle), Point(tag.centerX, attach)]
        case .left, .right:
            let attach = crossing.side == .right ? tag.x : tag.maxX
            let middle = (edge.x + attach) / 2, centre = tag.y + tag.height / 2
            points = [edge, Point(middle, edge.y), Point(middle, centre), Point(attach, centre)]
        }
        var link = BookLink(box: 0, page: target, persons: persons)
        link.isNamed = !(crossing.isExit && crossing.connectors.count > 1)
        return (tag, link, crossing.isExit ? points : points.reversed())
    }

    /// "Gen 12 · 1840–1875" beside each row of a piece that stands at the page's left edge,
    /// in the margin.
    private func rowLabels(_ piece: BookPiece, dy: Double, labelText: [[Int]: String]) -> [RowLabel] {
        var rows: [Int: (top: Double, bottom: Double)] = [:]
        for b in piece.boxes where !scene.persons[b].isReference {
            let box = scene.persons[b]
            let row = rows[box.generation] ?? (box.y, box.maxY)
            rows[box.generation] = (min(row.top, box.y), max(row.bottom, box.maxY))
        }
        return rows.keys.sorted().map { generation in
            let row = rows[generation]!
            let text = labelText[[piece.part, generation]] ?? RowLabels.text(generation: generation, years: nil)
            return RowLabel(part: piece.part, generation: generation, text: text, x: -Self.labelWidth - 4, y: row.top + dy,
                            width: Self.labelWidth, height: row.bottom - row.top)
        }
    }

    /// The running head of a page scene.
    static func head(_ page: Scene) -> String {
        var parents = Set<Int>()
        for connector in page.connectors { parents.formUnion(connector.parentBoxes) }
        let candidates = page.persons.indices.filter { !page.persons[$0].isReference && parents.contains($0) }
        if let top = candidates.min(by: { (page.persons[$0].y, page.persons[$0].x) < (page.persons[$1].y, page.persons[$1].x) }) {
            return "Descendants of \(page.persons[top].name)"
        }
        if let first = page.persons.first(where: { !$0.isReference }) { return "Family of \(first.name)" }
        return ""
    }
}

internal import CCairo
import FamilyLayout
import FamilyModel

/// Draws the pages of a chart book: the title page with the map of the pages, each chart
/// page with its running head, folio and links, and the index with a link on every page
/// number. Links go through Cairo's tag API (`Link` with `page=`), in page coordinates.
struct BookPagePainter {
    let text: TextEngine
    let palette: Palette
    let photos: PhotoLibrary
    let plan: BookPlan
    let print: PrintOptions

    static let headSize = 8.0, folioSize = 8.5

    /// The title page: title, date, what the book holds, and the whole chart small with
    /// each piece's window outlined and numbered with its page.
    func paintTitle(_ scene: Scene, on cairo: OpaquePointer) {
        let sheet = plan.sheet, block = sheet.textBlock(page: 1)
        palette.background.setSource(cairo)
        cairo_paint(cairo)
        palette.text.setSource(cairo)
        text.drawText(print.title ?? "Family book", size: 18, bold: true, x: block.x, y: block.y, width: block.width, in: cairo)
        var y = block.y + 28
        palette.detailText.setSource(cairo)
        for line in [print.subtitle, print.date].compactMap({ $0 }) {
            text.drawText(line, size: 10, x: block.x, y: y, width: block.width, in: cairo)
            y += 14
        }
        let persons = plan.index.count
        let summary = "\(persons) person\(persons == 1 ? "" : "s") on \(plan.book.pages.count) chart page\(plan.book.pages.count == 1 ? "" : "s")"
            + " (2–\(plan.book.pages.count + 1)) · index of names from page \(plan.firstIndexPage)"
            + " · printed at \(Int((plan.sheet.options.scale * 100).rounded())) %"
        text.drawText(summary, size: 8.5, x: block.x, y: y, width: block.width, in: cairo)
        y += 20
        // The map.
        let map = Box(x: block.x, y: y, width: block.width, height: block.maxY - y - 14)
        let scale = min(map.width / scene.width, map.height / scene.height)
        let ox = map.x + (map.width - scene.width * scale) / 2, oy = map.y
        cairo_save(cairo)
        cairo_translate(cairo, ox, oy)
        cairo_scale(cairo, scale, scale)
        ScenePainter(text: text, palette: palette, photos: photos, isRaster: false, greeksSmallText: false)
            .paint(scene.drawnByShapes.withoutText, on: cairo)
        cairo_restore(cairo)
        cairo_set_line_width(cairo, 0.5)
        for (p, piece) in plan.book.pieces.enumerated() {
            let w = piece.window, page = plan.book.placements[p].page
            let box = Box(x: ox + w.x * scale, y: oy + w.y * scale, width: w.width * scale, height: w.height * scale)
            cairo_set_source_rgba(cairo, 0.75, 0.2, 0.2, 0.8)
            cairo_rectangle(cairo, box.x, box.y, box.width, box.height)
            cairo_stroke(cairo)
            let label = "\(page)"
            let size = min(7, box.height * 0.8)
            if size >= 3, text.advance(of: label, size: size, bold: false) <= box.width - 1 {
                cairo_set_source_rgba(cairo, 0.75, 0.2, 0.2, 1)
                text.drawText(label, size: size, x: box.x + 0.5, y: box.y + 0.5, width: box.width - 1, in: cairo)
            }
            link(Box(x: box.x, y: box.y, width: max(box.width, 1), height: max(box.height, 1)), to: page, on: cairo)
        }
        palette.detailText.setSource(cairo)
        text.drawText("Each red frame is a page of the book; its number is the page.", size: 7.5, x: block.x, y: block.maxY - 10,
                      width: block.width, in: cairo)
    }

    /// One chart page: the page's scene at the book's scale in its chart area, a faint
    /// frame around each piece when the page holds several, the running head, the
    /// generations and the folio, and a link on every tag and reference.
    func paintChart(_ page: BookPage, on cairo: OpaquePointer) {
        let sheet = plan.sheet, area = sheet.chartArea(page: page.number), scale = sheet.options.scale
        let planned = PrintPlan.Page(width: sheet.paper.width, height: sheet.paper.height, kind: .fit, chartScale: scale,
                                     chartOffsetX: area.x, chartOffsetY: area.y,
                                     chartRegion: Box(x: 0, y: 0, width: area.width / scale, height: area.height / scale))
        PagePainter(text: text, palette: palette, photos: photos, raster: false).paint(planned, of: page.scene, print: PrintOptions(),
                                                                                        on: cairo)
        if page.frames.count > 1 {
            cairo_set_source_rgba(cairo, 0.5, 0.5, 0.5, 0.5)
            cairo_set_line_width(cairo, 0.4)
            for frame in page.frames {
                cairo_rectangle(cairo, area.x + frame.x * scale - 3, area.y + frame.y * scale - 3, frame.width * scale + 6, frame.height * scale + 6)
            }
            cairo_stroke(cairo)
        }
        let generations = page.generations.lowerBound == page.generations.upperBound ? "generation \(page.generations.lowerBound + 1)"
            : "generations \(page.generations.lowerBound + 1)–\(page.generations.upperBound + 1)"
        let parts = plan.book.pieces.map(\.part).max() ?? 0
        let where_ = parts > 0 ? "part " + page.parts.map { "\($0 + 1)" }.joined(separator: ", ") + " · " + generations : generations
        head(number: page.number, outer: page.head, inner: where_, on: cairo)
        for link in page.links where page.scene.persons.indices.contains(link.box) {
            let box = page.scene.persons[link.box]
            self.link(Box(x: area.x + box.x * scale, y: area.y + box.y * scale, width: box.width * scale, height: box.height * scale),
                      to: link.page, on: cairo)
        }
    }

    /// One page of the index: entries in two columns, "Surname, Given · 1818–1906" and
    /// the pages, each page number a link; the person's own page in bold.
    func paintIndex(_ columns: [[BookPlan.IndexLine]], number: Int, on cairo: OpaquePointer) {
        let block = plan.sheet.chartArea(page: number)
        palette.background.setSource(cairo)
        cairo_paint(cairo)
        var top = block.y
        if number == plan.firstIndexPage {
            palette.text.setSource(cairo)
            text.drawText("Index of names", size: BookPlan.indexHeadingSize, bold: true, x: block.x, y: block.y, width: block.width, in: cairo)
            top += BookPlan.indexHeadingSize * 2
        }
        let gap = BookPlan.indexColumnGap, size = BookPlan.indexSize
        let width = (block.width - gap) / 2
        for (c, column) in columns.enumerated() {
            let x = block.x + Double(c) * (width + gap)
            for (l, line) in column.enumerated() {
                let y = top + Double(l) * BookPlan.indexLine
                switch line {
                case .letter(let letter):
                    palette.text.setSource(cairo)
                    text.drawText(letter, size: size + 1, bold: true, x: x, y: y - 0.5, width: width, in: cairo)
                case .entry(let e):
                    entry(plan.index[e], x: x, y: y, width: width, on: cairo)
                }
            }
        }
        head(number: number, outer: "Index of names", inner: "", on: cairo)
    }

    private func entry(_ entry: BookIndexEntry, x: Double, y: Double, width: Double, on cairo: OpaquePointer) {
        let size = BookPlan.indexSize
        let comma = text.advance(of: ", ", size: size, bold: false)
        var numbers: [(String, Double, Bool, Int)] = []
        var total = 0.0
        for page in entry.pages {
            let label = "\(page)", bold = page == entry.page
            let w = text.advance(of: label, size: size, bold: bold)
            numbers.append((label, w, bold, page))
            total += w
        }
        total += comma * Double(max(0, numbers.count - 1))
        let pagesWidth = min(total, width * 0.45)
        palette.text.setSource(cairo)
        let words = entry.years.map { "\(entry.heading) · \($0)" } ?? entry.heading
        text.drawText(words, size: size, x: x, y: y, width: width - pagesWidth - 6, in: cairo)
        var at = x + width - pagesWidth
        for (i, number) in numbers.enumerated() {
            guard at + number.1 <= x + width + 0.01 else { break }
            palette.text.setSource(cairo)
            text.drawText(number.0, size: size, bold: number.2, x: at, y: y, width: number.1 + 1, in: cairo)
            link(Box(x: at, y: y, width: number.1, height: BookPlan.indexLine), to: number.3, on: cairo)
            at += number.1
            if i < numbers.count - 1 {
                palette.detailText.setSource(cairo)
                text.drawText(",", size: size, x: at, y: y, width: comma, in: cairo)
                at += comma
            }
        }
    }

    /// The running head (the branch on the outer side, the generations on the inner), a
    /// rule under it, and the page number at the foot's outer corner.
    private func head(number: Int, outer: String, inner: String, on cairo: OpaquePointer) {
        let block = plan.sheet.textBlock(page: number)
        let recto = number % 2 == 1
        let half = block.width / 2
        palette.detailText.setSource(cairo)
        text.drawText(outer, size: Self.headSize, bold: true, x: recto ? block.x + half : block.x, y: block.y, width: half,
                      alignment: recto ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT, in: cairo)
        text.drawText(inner, size: Self.headSize, x: recto ? block.x : block.x + half, y: block.y, width: half,
                      alignment: recto ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT, in: cairo)
        cairo_set_line_width(cairo, 0.4)
        cairo_move_to(cairo, block.x, block.y + 13)
        cairo_line_to(cairo, block.maxX, block.y + 13)
        cairo_stroke(cairo)
        text.drawText("\(number)", size: Self.folioSize, x: block.x, y: block.maxY - 11, width: block.width,
                      alignment: recto ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT, in: cairo)
    }

    /// A link from `box` (page points) to the top of page `page`.
    private func link(_ box: Box, to page: Int, on cairo: OpaquePointer) {
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        cairo_tag_begin(cairo, "Link", printfFormatted("rect=[%.2f %.2f %.2f %.2f] page=%d", box.x, box.y, box.width, box.height, page))
        cairo_tag_end(cairo, "Link")
        cairo_restore(cairo)
    }
}

extension Scene {
    /// The scene without its text and photos (the title page's map: the chart's shape only).
    var withoutText: Scene {
        var copy = self
        for i in copy.persons.indices {
            copy.persons[i].name = ""
            copy.persons[i].detail = nil
            copy.persons[i].secondName = nil
            copy.persons[i].lines = []
            copy.persons[i].photo = nil
            copy.persons[i].mark = nil
        }
        copy.texts = []
        copy.rowLabels = []
        for i in copy.coupleBars.indices { copy.coupleBars[i].label = nil }
        return copy
    }
}

internal import CCairo
import FamilyLayout
import FamilyModel

extension ChartPainter {
    /// Writes `plan`, a book of `scene`, as a PDF at `path` (atomically): the title page,
    /// the chart pages, the index, with links and an outline (bookmarks) of the parts.
    @discardableResult
    public func writeBook(_ plan: BookPlan, of scene: Scene, to path: String, options: RenderOptions = RenderOptions(),
                          print: PrintOptions = PrintOptions()) throws -> Timings {
        var timings = Timings()
        try outputFile(path, options).write { (output: PendingOutput) throws in
            timings = try paintBook(plan, of: scene, options: options, print: print, into: output)
        }
        return timings
    }

    /// The bytes `writeBook` would write, made in memory.
    public func renderBook(_ plan: BookPlan, of scene: Scene, options: RenderOptions = RenderOptions(),
                           print: PrintOptions = PrintOptions()) throws -> [UInt8] {
        let memory = MemoryOutput()
        _ = try paintBook(plan, of: scene, options: options, print: print, into: memory)
        return memory.bytes
    }

    private func paintBook(_ plan: BookPlan, of scene: Scene, options: RenderOptions, print: PrintOptions,
                           into output: some ByteOutput) throws -> Timings {
        SharedFontState.lock()
        defer { SharedFontState.unlock() }
        text.startDocument()
        let clock = ContinuousClock()
        let start = clock.now
        let paper = plan.sheet.paper
        let surface = try CairoSurface.pdf(output: output, width: paper.width, height: paper.height)
        surface.setPDFMetadata(CAIRO_PDF_METADATA_TITLE, print.title ?? options.title)
        surface.setPDFMetadata(CAIRO_PDF_METADATA_CREATOR, "FamilyChart")
        if let date = options.creationDateText {
            surface.setPDFMetadata(CAIRO_PDF_METADATA_CREATE_DATE, date)
            surface.setPDFMetadata(CAIRO_PDF_METADATA_MOD_DATE, date)
        }
        var timings = Timings()
        do {
            let cairo = try DrawingContext(surface: surface)
            let painter = BookPagePainter(text: text, palette: palette, photos: photos, plan: plan, print: print)
            painter.paintTitle(scene, on: cairo.pointer)
            cairo_show_page(cairo.pointer)
            for page in plan.book.pages {
                painter.paintChart(page, on: cairo.pointer)
                cairo_show_page(cairo.pointer)
            }
            for (i, columns) in plan.indexPages.enumerated() {
                painter.paintIndex(columns, number: plan.firstIndexPage + i, on: cairo.pointer)
                cairo_show_page(cairo.pointer)
            }
            BookOutline(plan: plan).add(to: surface.pointer)
            try cairo.checkStatus("painting the book")
        } catch {
            if let failure = surface.streamFailure { throw failure }
            throw error
        }
        timings.paint = clock.now - start
        try surface.finish()
        timings.encode = clock.now - start - timings.paint
        return timings
    }
}

/// The book's bookmarks: the title page, each part (by its first page's head) with its
/// pages under it when it has several, the index.
struct BookOutline {
    let plan: BookPlan

    func add(to surface: OpaquePointer) {
        let root = Int32(CAIRO_PDF_OUTLINE_ROOT)
        _ = cairo_pdf_surface_add_outline(surface, root, "Title page and map of the pages", "page=1", cairo_pdf_outline_flags_t(0))
        var byPart: [Int: [BookPage]] = [:]
        for page in plan.book.pages { for part in page.parts { byPart[part, default: []].append(page) } }
        for part in byPart.keys.sorted(by: { (byPart[$0]![0].number, $0) < (byPart[$1]![0].number, $1) }) {
            let pages = byPart[part]!
            let title = "\(pages[0].head) (page\(pages.count > 1 ? "s \(pages[0].number)–\(pages.last!.number)" : " \(pages[0].number)"))"
            let id = cairo_pdf_surface_add_outline(surface, root, title, "page=\(pages[0].number)",
                                                   cairo_pdf_outline_flags_t(0))
            guard pages.count > 1 else { continue }
            for page in pages {
                _ = cairo_pdf_surface_add_outline(surface, id, "\(page.number): \(page.head)", "page=\(page.number)",
                                                  cairo_pdf_outline_flags_t(0))
            }
        }
        _ = cairo_pdf_surface_add_outline(surface, root, "Index of names", "page=\(plan.firstIndexPage)", cairo_pdf_outline_flags_t(0))
    }
}

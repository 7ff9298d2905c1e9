internal import CCairo
import FamilyLayout
import FamilyModel

/// Paints scenes into PNG, PDF and SVG files. Every file is written atomically: to a
/// temporary file beside the target, renamed over it only when complete.
///
/// A painter owns its own fonts and Pango state; it is not for sharing across threads
/// (make one per thread).
public final class ChartPainter {
    /// Cairo refuses image surfaces larger than this on a side.
    public static let maximumRasterSide = 32767
    /// Above this many pixels (1 GiB of RGB24) a PNG is refused before allocating.
    public static let maximumRasterPixels = 1 << 28
    /// Cairo's coordinates are 24.8 fixed point: beyond about 2^23 units they overflow.
    public static let maximumVectorSide = 8_000_000.0

    let text: TextEngine
    var palette: Palette
    let photos = PhotoLibrary()
    /// Kept between images (its zlib stream is reset, not rebuilt).
    private let pngEncoder = PNGEncoder()
    private let coverageMask = CoverageMask()
    /// Pixels for the PNGs this painter encodes and lets go of (not for `rasterize`).
    private let encodedPixels = ImagePixelStore()
    /// The photos as small JPEGs for SVG and HTML, made once per painter.
    private(set) lazy var thumbnails = PhotoThumbnails(photos: photos)

    /// Which photo files may be opened (`--photos`); by default any.
    public var photoAccess: PhotoAccess {
        get { photos.access }
        set { photos.access = newValue }
    }

    /// In PNG output, no connector, couple bar or box outline is drawn thinner than this many
    /// pixels (thumbnails: 1, so the structure shows however small the chart); 0 keeps the
    /// theme's widths.
    public var minimumLinePixels = 0.0

    /// Forgets the photos read so far (a batch, between items).
    public func resetPhotos() { photos.reset() }

    /// What went wrong without failing the render so far (photos that could not be
    /// read, scripts no font can draw, titles too long for their sheet), one line each, for stderr.
    public var warnings: [String] { photos.warnings + text.coverage.warnings + text.titleWarnings.warnings }

    /// A painter with `theme`'s colours, line widths and fonts (`textStyle`, when given,
    /// overrides the theme's fonts).
    public init(fonts: FontConfiguration = .system, theme: Theme = .colour, textStyle: TextStyle? = nil) throws(PainterError) {
        text = try TextEngine(fonts: fonts, style: textStyle ?? theme.textStyle)
        palette = Palette(theme: theme)
    }

    /// The width a box needs to show `name` and `detail` each on one line at full size
    /// (for `ChartLayout.labelWidth`, so boxes can grow to their names).
    public func labelWidth(name: String, detail: String?) -> Double {
        text.measureInPoints()
        return text.naturalLabelWidth(name: name, detail: detail)
    }

    /// Measures text as this painter sets scene texts (`SceneText`), for fitting fan labels
    /// (`ChartLayout.textMeasure`): widths measured once at 100 pt per text and scaled
    /// (Pango's metrics are unhinted, so widths grow in proportion to the size).
    public var textMeasure: TextMeasure {
        final class Widths { var known: [String: Double] = [:] }
        let widths = Widths(), text = self.text
        text.measureInPoints()
        let box = text.lineBox(bold: false), boldBox = text.lineBox(bold: true)
        return TextMeasure(ascent: max(box.ascent, boldBox.ascent), descent: max(box.descent, boldBox.descent)) { string, size, bold in
            let key = bold ? "b" + string : "r" + string
            if let known = widths.known[key] { return known * size }
            text.measureInPoints()  // laid out between renders
            let perPoint = text.advance(of: string, size: 100, bold: bold) / 100
            if widths.known.count < 100_000 { widths.known[key] = perPoint }
            return perPoint * size
        }
    }

    /// How long the two halves of a render took.
    public struct Timings: Sendable {
        /// Drawing the scene (Cairo paths, Pango text).
        public var paint: Duration = .zero
        /// PNG compression, or finishing and writing the PDF/SVG document.
        public var encode: Duration = .zero
    }

    /// The file `write` replaces, following a symlink only when the options say so.
    func outputFile(_ path: String, _ options: RenderOptions) -> AtomicFile {
        var file = AtomicFile(path: path)
        file.followsSymlinks = options.followsOutputSymlink
        file.syncs = options.syncsOutput
        return file
    }

    /// Writes `scene` to `path` in `format`, laid out on paper as `print` says (by
    /// default one page of the chart's own size). PDF holds every sheet of a poster; PNG
    /// draws the sheet `options.page`; SVG holds one sheet. PDF and Cairo's SVG stream
    /// into the file as they are made; the other formats are made in memory first.
    @discardableResult
    public func write(_ scene: Scene, format: OutputFormat, to path: String, options: RenderOptions = RenderOptions(),
                      print: PrintOptions = PrintOptions()) throws -> Timings {
        let document = try prepare(scene, format: format, options: options, print: print)
        if document.isStreamed {
            var timings = Timings()
            try outputFile(path, options).write { (output: PendingOutput) throws in
                timings = try paintDocument(document, options: options, print: print, into: output)
            }
            return timings
        }
        let clock = ContinuousClock()
        var (bytes, timings) = try madeInMemory(document, options: options, print: print)
        let start = clock.now
        try outputFile(path, options).write(bytes: bytes)
        bytes = []
        timings.encode += clock.now - start
        return timings
    }

    /// The bytes of the file `write` would write for `scene` in `format`, made in memory:
    /// no file is read or written (but photos the scene names).
    public func render(_ scene: Scene, format: OutputFormat, options: RenderOptions = RenderOptions(),
                       print: PrintOptions = PrintOptions()) throws -> [UInt8] {
       
        let document = try prepare(scene, format: format, options: options, print: print)
        guard document.isStreamed else { return try madeInMemory(document, options: options, print: print).bytes }
        let memory = MemoryOutput()
        _ = try paintDocument(document, options: options, print: print, into: memory)
        return memory.bytes
    }

    /// A scene planned on paper, its references pointed at the sheets, checked against the
    /// format's limits.
    private struct PlannedDocument {
        var scene: Scene
        var plan: PrintPlan
        var format: OutputFormat
        var svgGlyphs = false
        /// PDF and Cairo's SVG: Cairo streams the document out as it paints.
        var isStreamed: Bool { format == .pdf || (format == .svg && svgGlyphs) }
    }

    private func prepare(_ scene: Scene, format: OutputFormat, options: RenderOptions, print: PrintOptions) throws(PainterError) -> PlannedDocument {
        let plan = try PrintPlan(scene: scene, options: print, nameSize: text.style.nameSize)
        // Every vector format (PDF, either SVG, the HTML page) is held to one page limit.
        if !format.isRaster {
            for page in plan.pages where page.width > Self.maximumVectorSide || page.height > Self.maximumVectorSide {
                throw PainterError.vectorTooLarge(width: page.width, height: page.height, limit: Self.maximumVectorSide)
            }
        }
        return PlannedDocument(scene: scene.pointingReferences(to: plan), plan: plan, format: format, svgGlyphs: options.svgGlyphs)
    }

    /// PNG, the semantic SVG and the HTML page, made in memory.
    private func madeInMemory(_ document: PlannedDocument, options: RenderOptions,
                              print: PrintOptions) throws -> (bytes: [UInt8], timings: Timings) {
        let clock = ContinuousClock()
        let start = clock.now
        var timings = Timings()
        let scene = document.scene, plan = document.plan
        let bytes: [UInt8]
        switch document.format {
        case .png, .webp:
            let surface: CairoSurface
            if let size = options.fitSize, print == PrintOptions() {
                surface = try fittedSurface(scene, size: size, greeks: options.greeksSmallText, caption: options.caption, pixels: encodedPixels)
            } else {
                guard (1...plan.pages.count).contains(options.page) else { throw PainterError.noSuchPage(options.page, of: plan.pages.count) }
                let page = plan.pages[options.page - 1]
                let shown = SheetIndex(scene: scene, plan: plan).map { $0.part(of: scene, on: page) } ?? scene
                surface = try rasterPage(page, of: shown, print: print, scale: options.scale, greeks: options.greeksSmallText)
            }
            timings.paint = clock.now - start
            bytes = try document.format == .webp ? WebPEncoder().encode(surface) : pngEncoder.encode(surface)
            timings.encode = clock.now - start - timings.paint
            return (bytes, timings)
        case .svg where !options.svgGlyphs:
            bytes = try semanticSVG(scene, options: options, print: print)
        case .html:
            bytes = try htmlPage(scene, options: options, print: print)
        case .pdf, .svg:
            preconditionFailure("PDF and Cairo's SVG are streamed")
        }
        timings.paint = clock.now - start
        return (bytes, timings)
    }

    /// PDF or Cairo's SVG, streamed into `output` as Cairo makes it. Made under
    /// `SharedFontState`'s lock: Cairo's font subsets create and release scaled fonts
    /// throughout, so one vector document is made at a time per process.
    private func paintDocument(_ document: PlannedDocument, options: RenderOptions, print: PrintOptions,
                               into output: some ByteOutput) throws -> Timings {
        SharedFontState.lock()
        defer { SharedFontState.unlock() }
        text.startDocument()
        let plan = document.plan, format = document.format
        if format == .svg, plan.pages.count > 1 { throw PainterError.multiPageFormat("SVG") }
        let first = plan.pages[0]
        let surface: CairoSurface
        if format == .pdf {
            surface = try CairoSurface.pdf(output: output, width: first.width, height: first.height)
            surface.setPDFMetadata(CAIRO_PDF_METADATA_TITLE, options.title)
            surface.setPDFMetadata(CAIRO_PDF_METADATA_CREATOR, "FamilyChart")
            if let date = options.creationDateText {
                surface.setPDFMetadata(CAIRO_PDF_METADATA_CREATE_DATE, date)
                surface.setPDFMetadata(CAIRO_PDF_METADATA_MOD_DATE, date)
            }
        } else {
            surface = try CairoSurface.svg(output: output, width: first.width, height: first.height)
        }
        do {
            return try paintVector(document.scene, plan: plan, print: print, on: surface, isPDF: format == .pdf,
                                   links: format == .pdf ? options.linkTemplate.map(PageLinks.init) : nil)
        } catch {
            // Cairo knows only that its stream failed: the output knows why.
            if let failure = surface.streamFailure { throw failure }
            throw error
        }
    }

    /// Paints sheet `page` (from 1) of `scene` laid out with `print`, at `scale` pixels per point.
    public func rasterize(_ scene: Scene, print: PrintOptions, page: Int = 1, scale: Double = 1) throws(PainterError) -> RasterImage {
        let plan = try PrintPlan(scene: scene, options: print, nameSize: text.style.nameSize)
        guard (1...plan.pages.count).contains(page) else { throw .noSuchPage(page, of: plan.pages.count) }
        let pointing = scene.pointingReferences(to: plan)
        let shown = SheetIndex(scene: pointing, plan: plan).map { $0.part(of: pointing, on: plan.pages[page - 1]) } ?? pointing
        return try RasterImage(surface: rasterPage(plan.pages[page - 1], of: shown, print: print, scale: scale))
    }

    /// The sheets `write` would produce for `scene` with `print`, and any warnings (e.g.
    /// text too small to read when fitted).
    public func plan(_ scene: Scene, print: PrintOptions) throws(PainterError) -> PrintPlan {
        try PrintPlan(scene: scene, options: print, nameSize: text.style.nameSize)
    }

    /// Paints `scene` into memory at `scale` pixels per point.
    public func rasterize(_ scene: Scene, scale: Double) throws(PainterError) -> RasterImage {
        try rasterize(scene, print: PrintOptions(), page: 1, scale: scale)
    }

    /// Paints `scene` scaled to fit inside `size` pixels, centred (a thumbnail); text too
    /// small to read is greeked unless `greeksSmallText` is false (`RenderOptions`).
    public func rasterize(_ scene: Scene, fitting size: PixelSize, greeksSmallText: Bool = true,
                          caption: ThumbnailCaption? = nil) throws(PainterError) -> RasterImage {
        try RasterImage(surface: fittedSurface(scene, size: size, greeks: greeksSmallText, caption: caption))
    }

    /// The pixel size a PNG of `scene` would have at `scale`, checked against the limits.
    public static func rasterSize(of scene: Scene, scale: Double) throws(PainterError) -> (width: Int, height: Int) {
        try rasterSize(width: scene.width, height: scene.height, scale: scale)
    }

    /// The pixel size of `width` × `height` points at `scale`, checked against the limits.
    static func rasterSize(width points: Double, height pointsHigh: Double, scale: Double) throws(PainterError) -> (width: Int, height: Int) {
        guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
        let width = (points * scale).rounded(.up)
        let height = (pointsHigh * scale).rounded(.up)
        let side = Double(maximumRasterSide)
        guard width <= side, height <= side, width * height <= Double(maximumRasterPixels) else {
            throw .rasterTooLarge(width: width < 1e15 ? Int(width) : Int.max, height: height < 1e15 ? Int(height) : Int.max,
                                  limitSide: maximumRasterSide, limitPixels: maximumRasterPixels)
        }
        return (max(1, Int(width)), max(1, Int(height)))
    }

    /// A thumbnail is one sheet of exactly `size` pixels with the chart fitted and centred,
    /// above the caption's band when there is a caption.
    private func fittedSurface(_ scene: Scene, size: PixelSize, greeks: Bool = true, caption: ThumbnailCaption? = nil,
                               pixels: ImagePixelStore? = nil) throws(PainterError) -> CairoSurface {
        let band = caption == nil ? 0 : Self.captionHeight(for: size)
        let fit = Self.fit(scene, size: size, band: band)
        let whole = Box(x: 0, y: 0, width: scene.width, height: scene.height)
        let page = PrintPlan.Page(width: Double(size.width), height: Double(size.height), kind: .fit, chartScale: fit.scale,
                                  chartOffsetX: fit.x, chartOffsetY: fit.y, chartRegion: whole)
        let surface = try rasterPage(page, of: scene, print: PrintOptions(), scale: 1, greeks: greeks, pixels: pixels)
        guard let caption, band > 0 else { return surface }
        let cairo = try DrawingContext(surface: surface)
        paintCaption(caption, band: band, width: Double(size.width), height: Double(size.height), on: cairo.pointer)
        try cairo.checkStatus("painting the caption")
        cairo_surface_flush(surface.pointer)
        return surface
    }

    /// Every PNG is one planned sheet painted at `scale` pixels per point.
    private func rasterPage(_ page: PrintPlan.Page, of scene: Scene, print: PrintOptions, scale: Double,
                            greeks: Bool = true, pixels: ImagePixelStore? = nil) throws(PainterError) -> CairoSurface {
        let size = try Self.rasterSize(width: page.width, height: page.height, scale: scale)
        let surface = try CairoSurface.image(width: size.width, height: size.height, reusing: pixels)
        let cairo = try DrawingContext(surface: surface)
        cairo_scale(cairo.pointer, scale, scale)
        text.measureInPoints()
        PagePainter(text: text, palette: palette.thickened(toPixels: minimumLinePixels, scale: scale * page.chartScale), photos: photos,
                    raster: true, greeksSmallText: greeks, coverageMask: coverageMask)
            .paint(page, of: scene, print: print, on: cairo.pointer)
        try cairo.checkStatus("painting the image")
        cairo_surface_flush(surface.pointer)
        return surface
    }

    private func paintVector(_ scene: Scene, plan: PrintPlan, print: PrintOptions, on surface: CairoSurface, isPDF: Bool,
                             links: PageLinks?) throws -> Timings {
        let clock = ContinuousClock()
        let start = clock.now
        var timings = Timings()
        do {
            let cairo = try DrawingContext(surface: surface)
            let painter = PagePainter(text: text, palette: palette, photos: photos, raster: false)
            let sheets = SheetIndex(scene: scene, plan: plan)
            for page in plan.pages {
                if isPDF { cairo_pdf_surface_set_size(surface.pointer, page.width, page.height) }
                painter.paint(page, of: sheets.map { $0.part(of: scene, on: page) } ?? scene, print: print, on: cairo.pointer)
                links?.add(scene, page: page, on: cairo.pointer)
                cairo_show_page(cairo.pointer)
            }
            try cairo.checkStatus("painting the document")
        }
        timings.paint = clock.now - start
        try surface.finish()
        timings.encode = clock.now - start - timings.paint
        return timings
    }
}

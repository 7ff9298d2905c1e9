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

    private let text: TextEngine
    private let palette = Palette()

    public init(fonts: FontConfiguration = .system, textStyle: TextStyle = TextStyle()) throws(PainterError) {
        text = try TextEngine(fonts: fonts, style: textStyle)
    }

    /// How long the two halves of a render took.
    public struct Timings: Sendable {
        /// Drawing the scene (Cairo paths, Pango text).
        public var paint: Duration = .zero
        /// PNG compression, or finishing and writing the PDF/SVG document.
        public var encode: Duration = .zero
    }

    /// Writes `scene` to `path` in `format`.
    @discardableResult
    public func write(_ scene: Scene, format: OutputFormat, to path: String, options: RenderOptions = RenderOptions()) throws -> Timings {
        let clock = ContinuousClock()
        var timings = Timings()
        switch format {
        case .png:
            let start = clock.now
            let surface = try options.fitSize.map { try fittedSurface(scene, size: $0) } ?? rasterSurface(scene, scale: options.scale)
            timings.paint = clock.now - start
            let png = try PNGEncoder().encode(surface)
            try AtomicFile(path: path).write(bytes: png)
            timings.encode = clock.now - start - timings.paint
        case .pdf, .svg:
            guard scene.width <= Self.maximumVectorSide, scene.height <= Self.maximumVectorSide else {
                throw PainterError.vectorTooLarge(width: scene.width, height: scene.height, limit: Self.maximumVectorSide)
            }
            try AtomicFile(path: path).write { (temporary: String) throws(PainterError) in
                let surface: CairoSurface
                if format == .pdf {
                    surface = try CairoSurface.pdf(path: temporary, width: scene.width, height: scene.height)
                    surface.setPDFMetadata(CAIRO_PDF_METADATA_TITLE, options.title)
                    surface.setPDFMetadata(CAIRO_PDF_METADATA_CREATOR, "FamilyChart")
                } else {
                    surface = try CairoSurface.svg(path: temporary, width: scene.width, height: scene.height)
                }
                timings = try paintVector(scene, on: surface)
            }
        }
        return timings
    }

    /// Paints `scene` into memory at `scale` pixels per point.
    public func rasterize(_ scene: Scene, scale: Double) throws(PainterError) -> RasterImage {
        try RasterImage(surface: rasterSurface(scene, scale: scale))
    }

    /// Paints `scene` scaled to fit inside `size` pixels, centred (a thumbnail).
    public func rasterize(_ scene: Scene, fitting size: PixelSize) throws(PainterError) -> RasterImage {
        try RasterImage(surface: fittedSurface(scene, size: size))
    }

    /// The pixel size a PNG of `scene` would have at `scale`, checked against the limits.
    public static func rasterSize(of scene: Scene, scale: Double) throws(PainterError) -> (width: Int, height: Int) {
        guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
        let width = (scene.width * scale).rounded(.up)
        let height = (scene.height * scale).rounded(.up)
        let side = Double(maximumRasterSide)
        guard width <= side, height <= side, width * height <= Double(maximumRasterPixels) else {
            throw .rasterTooLarge(width: width < 1e15 ? Int(width) : Int.max, height: height < 1e15 ? Int(height) : Int.max,
                                  limitSide: maximumRasterSide, limitPixels: maximumRasterPixels)
        }
        return (max(1, Int(width)), max(1, Int(height)))
    }

    private func rasterSurface(_ scene: Scene, scale: Double) throws(PainterError) -> CairoSurface {
        let size = try Self.rasterSize(of: scene, scale: scale)
        return try paintRaster(scene, width: size.width, height: size.height, scale: scale, offsetX: 0, offsetY: 0)
    }

    private func fittedSurface(_ scene: Scene, size: PixelSize) throws(PainterError) -> CairoSurface {
        guard size.width > 0, size.height > 0,
              size.width <= Self.maximumRasterSide, size.height <= Self.maximumRasterSide,
              size.width * size.height <= Self.maximumRasterPixels else {
            throw .rasterTooLarge(width: size.width, height: size.height, limitSide: Self.maximumRasterSide, limitPixels: Self.maximumRasterPixels)
        }
        let scale = min(Double(size.width) / scene.width, Double(size.height) / scene.height)
        return try paintRaster(scene, width: size.width, height: size.height, scale: scale,
                               offsetX: (Double(size.width) - scene.width * scale) / 2,
                               offsetY: (Double(size.height) - scene.height * scale) / 2)
    }

    private func paintRaster(_ scene: Scene, width: Int, height: Int, scale: Double,
                             offsetX: Double, offsetY: Double) throws(PainterError) -> CairoSurface {
        let surface = try CairoSurface.image(width: width, height: height)
        let cairo = try DrawingContext(surface: surface)
        cairo_translate(cairo.pointer, offsetX, offsetY)
        cairo_scale(cairo.pointer, scale, scale)
        ScenePainter(text: text, palette: palette).paint(scene, on: cairo.pointer)
        try cairo.checkStatus("painting the image")
        cairo_surface_flush(surface.pointer)
        return surface
    }

    private func paintVector(_ scene: Scene, on surface: CairoSurface) throws(PainterError) -> Timings {
        let clock = ContinuousClock()
        let start = clock.now
        var timings = Timings()
        do {
            let cairo = try DrawingContext(surface: surface)
            ScenePainter(text: text, palette: palette).paint(scene, on: cairo.pointer)
            cairo_show_page(cairo.pointer)
            try cairo.checkStatus("painting the document")
        }
        timings.paint = clock.now - start
        try surface.finish()
        timings.encode = clock.now - start - timings.paint
        return timings
    }
}

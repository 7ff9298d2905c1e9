import FamilyModel
/// The file formats the painter writes.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// A raster image; PDF, one page per sheet; semantic SVG (or Cairo's, with
    /// `RenderOptions.svgGlyphs`); one self-contained interactive HTML page; a raster image
    /// as lossless WebP (`WebPEncoder`), drawn exactly as the PNG.
    case png, pdf, svg, html, webp

    /// PNG and WebP: pixels, drawn alike.
    public var isRaster: Bool { self == .png || self == .webp }

    /// The format a file name's extension asks for (case-insensitive; `.htm` is HTML), if any.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let ext = path[path.index(after: dot)...].lowercased()
        self.init(rawValue: ext == "htm" ? "html" : ext)
    }
}

/// Knobs of one render.
public struct RenderOptions: Sendable {
    /// Pixels per point for PNG (1 = 72 dpi, 2 = 144 dpi). Ignored by PDF and SVG.
    public var scale: Double = 2
    /// The scales `render --scale`, `batch --scale` and a manifest's `"scale"` accept: one
    /// rule (issue 49, R14: a manifest's 1e-9 made a 1×1 PNG where render refused it).
    public static let scales = 0.01...100.0
    /// For PNG: an exact image size; the chart is scaled to fit inside it, keeping its
    /// aspect ratio, and centred on a white background (thumbnails). Overrides `scale`.
    public var fitSize: PixelSize?
    /// With `fitSize`: the caption drawn in a band at the bottom (`ThumbnailCaption`),
    /// the chart fitted above it; nil: no caption.
    public var caption: ThumbnailCaption?
    /// For PNG: which sheet of a printed (e.g. poster) layout to draw, from 1.
    public var page = 1
    /// Document title for PDF metadata.
    public var title: String = "Family chart"
    /// The PDF's creation date in seconds since 1970 (UTC); nil for now. Pinning it makes
    /// the same input give the same PDF bytes on every run (SVG and PNG carry no date).
    public var creationDate: Int?
    /// For PNG: names and details too small to read (names under 3 px tall, as in
    /// thumbnails of large families) are drawn as grey bars of about their length instead of being shaped ("greeking");
    /// false draws them as text however small.
    public var greeksSmallText = true
    /// For SVG: Cairo's output (every letter an outlined glyph, exactly the PDF's look)
    /// instead of the semantic SVG with real text, ids and classes.
    public var svgGlyphs = false
    /// Makes every person's box a link (PDF link annotations, SVG `<a>`, the HTML details
    /// panel's link).
    public var linkTemplate: LinkTemplate?
    /// For HTML: the family the scene was drawn from, so the page can say how two of its
    /// persons are related (`familyChart.relate`, "Relate to…"); without it the page cannot.
    public var family: FamilyGraph?
    /// Whether an output path that is a symlink is written through (replacing the file it
    /// points to); by default such an output is refused.
    public var followsOutputSymlink = false
    /// Whether `write` flushes the file to disk before it returns (`AtomicFile.syncs`);
    /// a batch turns it off and syncs a group of items at once.
    public var syncsOutput = true
    /// For HTML: what the details panel tells beyond the chart (events, places, notes,
    /// sources, the dates that order relatives); nil shows the boxes' fields only.
    public var details: PageDetails?

    public init() {}

    /// `creationDate` as PDF metadata wants it: `YYYY-MM-DDThh:mm:ssZ`.
    var creationDateText: String? {
        guard let seconds = creationDate else { return nil }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60))Z"
    }

    /// Sets the PNG scale from dots per inch.
    public mutating func setDPI(_ dpi: Double) { scale = dpi / 72 }
}

/// An image size in pixels.
public struct PixelSize: Equatable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Reads `WxH`, e.g. `256x192` (both from 1 to 32767).
    public init?(_ text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...32767).contains(w), (1...32767).contains(h) else { return nil }
        self.init(width: w, height: h)
    }

    public var description: String { "\(width)x\(height)" }
}

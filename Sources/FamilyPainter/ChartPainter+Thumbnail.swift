internal import CCairo
import FamilyLayout
import FamilyModel

/// The two lines under a thumbnail: the family's title ("Brontë") and what it holds
/// ("1,032 persons · 14 generations · 1650–1990").
public struct ThumbnailCaption: Equatable, Sendable {
    public var title: String
    public var line: String

    public init(title: String, line: String) {
        self.title = title
        self.line = line
    }

    /// The caption of `graph` drawn around `focus`: its own title (`documentTitle`), else
    /// the focus's surname (`FamilyGraph.surname(of:)`), else "Family of" the focus, else "Family"; the line from
    /// `FamilySummary` of the whole family.
    public init(graph: FamilyGraph, focus: Int?) {
        let own = graph.documentTitle.flatMap { $0.isEmpty ? nil : $0 }
        let named = focus.flatMap { graph.persons[$0].name.isEmpty ? nil : "Family of \(graph.persons[$0].name)" }
        title = own ?? focus.flatMap { graph.surname(of: $0) } ?? named ?? "Family"
        line = FamilySummary(graph).line
    }
}

extension ChartPainter {
    /// Names are legible when their font is at least this many device pixels (its em) tall.
    public static let legibleNamePixels = 8.0

    /// Device pixels per point at which the smallest name this painter sets (its name size
    /// shrunk as far as fitting may: `TextStyle.smallestNameShare`) is `legibleNamePixels`.
    public var legibleScale: Double {
        Self.legibleNamePixels / (text.style.nameSize * min(1, text.style.smallestNameShare))
    }

    /// The name size (points) this painter sets names at before any fitting.
    public var nameSize: Double { text.style.nameSize }

    /// The height (pixels) of the caption band at the bottom of a `size` thumbnail: 0
    /// below 96 pixels a side (no room for one), else 14 % of the height, 30 to 44 pixels.
    public static func captionHeight(for size: PixelSize) -> Double {
        guard size.width >= 96, size.height >= 96 else { return 0 }
        return min(44, max(30, (0.14 * Double(size.height)).rounded()))
    }

    /// The title's and the line's sizes in pixels in a band `band` tall.
    static func captionSizes(band: Double) -> (title: Double, line: Double) {
        ((band * 0.36).rounded(), max(legibleNamePixels + 1, (band * 0.27).rounded()))
    }

    /// The size (device pixels, the font's em) of every non-empty name as `write` would
    /// draw `scene` fitted in `size` (with room for a caption when `captioned`); empty when
    /// the names would be greeked (`greeksSmallText`) instead of drawn as text.
    public func drawnNameSizes(_ scene: Scene, fitting size: PixelSize, captioned: Bool, greeksSmallText: Bool = true) -> [Double] {
        let scale = Self.fit(scene, size: size, band: captioned ? Self.captionHeight(for: size) : 0).scale
        if greeksSmallText && text.style.nameSize * scale < ScenePainter.smallestLegibleTextPixels { return [] }
        var sizes: [Double] = []
        for box in scene.persons where !box.name.isEmpty && box.wedge == nil {
            let left = box.photo == nil ? 0 : ScenePainter.textInset(besidePhotoIn: box)
            let label = ScenePainter.placeLabel(of: box, textLeft: left, text: text)
            for piece in label.pieces where piece.role == .name { sizes.append(piece.text.key.size * scale) }
        }
        return sizes
    }

    /// Where a thumbnail's chart goes: its scale and offset in a `size` frame whose bottom
    /// `band` pixels hold the caption.
    static func fit(_ scene: Scene, size: PixelSize, band: Double) -> (scale: Double, x: Double, y: Double) {
        let room = (width: Double(size.width), height: max(1, Double(size.height) - band))
        let scale = min(room.width / scene.width, room.height / scene.height)
        return (scale, (room.width - scene.width * scale) / 2, (room.height - scene.height * scale) / 2)
    }

    /// Draws `caption` in the bottom `band` pixels of a `width` × `height` image: a faint
    /// rule, the title in bold and the line under it, centred, each cut with "…" to fit.
    func paintCaption(_ caption: ThumbnailCaption, band: Double, width: Double, height: Double, on cairo: OpaquePointer) {
        let top = height - band
        let (titleSize, lineSize) = Self.captionSizes(band: band)
        let inset = 4.0
        palette.detailText.setSource(cairo)
        cairo_set_line_width(cairo, 1)
        cairo_move_to(cairo, inset, top + 0.5)
        cairo_line_to(cairo, width - inset, top + 0.5)
        cairo_stroke(cairo)
        let gap = max(0, (band - 1.17 * (titleSize + lineSize)) / 3)
        palette.text.setSource(cairo)
        text.drawText(caption.title, size: titleSize, bold: true, x: inset, y: top + gap, width: width - 2 * inset,
                      alignment: PANGO_ALIGN_CENTER, in: cairo)
        text.drawText(caption.line, size: lineSize, x: inset, y: top + 2 * gap + 1.17 * titleSize, width: width - 2 * inset,
                      alignment: PANGO_ALIGN_CENTER, in: cairo)
    }
}

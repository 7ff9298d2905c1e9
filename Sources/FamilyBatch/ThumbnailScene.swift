import FamilyLayout
import FamilyModel
import FamilyPainter

/// A thumbnail of a whole family as `ThumbnailView` says: what `ThumbnailPlanner` chose to
/// draw, and its caption. The one place the batch and `render --size` plan thumbnails.
public struct ThumbnailScene {
    public var plan: ThumbnailPlanner.Plan
    public var caption: ThumbnailCaption?

    /// Plans `graph`'s thumbnail of `size` pixels drawn by `painter` (whose name size and
    /// fitting decide what is legible), from `layout` (the whole chart's options; its
    /// request is replaced by the family chart packed toward the thumbnail's shape).
    /// `focus` is the person the item names, if any; `captioned` adds the caption's band.
    public init(graph: FamilyGraph, size: PixelSize, view: ThumbnailView, focus: Int?, layout: ChartLayout, painter: ChartPainter,
                captioned: Bool) {
        let band = captioned ? ChartPainter.captionHeight(for: size) : 0
        let room = (width: Double(size.width), height: max(1, Double(size.height) - band))
        var whole = layout
        whole.request = .family(FamilyChartOptions(targetAspect: room.width / room.height))
        let planner = ThumbnailPlanner(layout: whole, width: room.width, height: room.height, legibleScale: painter.legibleScale,
                                       nameSize: painter.nameSize)
        plan = planner.plan(for: graph, view: view, focus: focus)
        caption = band > 0 && graph.count > 0 ? ThumbnailCaption(graph: graph, focus: plan.focus ?? FocusChoice.person(in: graph, named: focus)) : nil
    }

    /// A painter of whole-family thumbnails: `theme`'s softened colours (`theme(_:)`), names
    /// never shrunk (`textStyle(_:)`), no line thinner than a pixel.
    public static func painter(fonts: FontConfiguration, theme: Theme) throws(PainterError) -> ChartPainter {
        let painter = try ChartPainter(fonts: fonts, theme: Self.theme(theme), textStyle: textStyle(theme.textStyle))
        painter.minimumLinePixels = 1
        return painter
    }

    /// The text style thumbnails are drawn with: `style`, with names never shrunk to fit
    /// (a long name is abbreviated, then cut, at full size), so the name size alone decides
    /// whether names are legible.
    public static func textStyle(_ style: TextStyle) -> TextStyle {
        var style = style
        style.smallestNameShare = 1
        return style
    }

    /// The colours thumbnails are drawn with: `theme`'s, each box outline softened to
    /// `outlineShare` of the way from its fill to the theme's outline. A dark outline
    /// around every name made them unreadable to an OCR reader at thumbnail size (2 names
    /// read on a 23-person file, 15 with the softened outline); the box still stands out
    /// from the white page (the edge at least 1 pixel, `ChartPainter.minimumLinePixels`).
    public static func theme(_ theme: Theme) -> Theme {
        var theme = theme
        func soften(_ swatch: Swatch) -> Swatch {
            Swatch(fill: swatch.fill, outline: Self.mix(swatch.fill, swatch.outline, share: outlineShare) ?? swatch.outline)
        }
        theme.male = soften(theme.male)
        theme.female = soften(theme.female)
        theme.unknown = soften(theme.unknown)
        theme.generations = theme.generations.map(soften)
        theme.lineages = theme.lineages.map(soften)
        return theme
    }

    /// How far from a box's fill toward its outline colour a thumbnail's outline goes.
    public static let outlineShare = 0.4

    /// `#RRGGBB` `share` of the way from `a` to `b`; nil unless both are `#RRGGBB`.
    static func mix(_ a: String, _ b: String, share: Double) -> String? {
        func channels(_ text: String) -> [Double]? {
            guard text.count == 7, text.hasPrefix("#"), let value = UInt32(text.dropFirst(), radix: 16) else { return nil }
            return [Double(value >> 16 & 0xFF), Double(value >> 8 & 0xFF), Double(value & 0xFF)]
        }
        guard let x = channels(a), let y = channels(b) else { return nil }
        let mixed = zip(x, y).map { Int(($0 + ($1 - $0) * share).rounded()) }
        let hex = Array("0123456789ABCDEF")
        return "#" + String(mixed.flatMap { [hex[$0 >> 4], hex[$0 & 15]] })
    }
}

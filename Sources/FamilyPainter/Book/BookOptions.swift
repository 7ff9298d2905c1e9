import FamilyLayout

/// How to print a chart as a book (`--book SIZE`): the paper, the scale the chart prints
/// at (so that names print at `scale` × the theme's name size), the margins and the extra
/// inner margin for binding (on the left of odd pages, the right of even ones).
public struct BookOptions: Equatable, Sendable {
    public var paper: PaperSize
    /// Portrait, landscape, or whichever prints fewer pages (`auto`, the default).
    public var orientation: Orientation = .auto
    /// Chart points to printed points (`--book-scale`): 0.8 prints 10 pt names at 8 pt.
    public var scale = 0.8
    public var margin = 36.0
    /// Added to the inner margin, for a binding (`--binding`, default 6 mm).
    public var binding = 72 / 25.4 * 6

    public init(paper: PaperSize) { self.paper = paper }

    /// The running head's band at the top of a page and the folio's at the bottom.
    public static let headHeight = 22.0, folioHeight = 18.0
    /// The least and most a book may be scaled.
    public static let scales = 0.3...2.0
    /// Names never print smaller than this (points), unless the scale itself is smaller.
    public static let minimumNameSize = 7.0

    /// `style` for this book: long names shrink no further than `minimumNameSize` prints
    /// (abbreviated given names come first), or than the style's own floor.
    public func textStyle(_ style: TextStyle) -> TextStyle {
        var fitted = style
        fitted.smallestNameShare = min(1, max(style.smallestNameShare, Self.minimumNameSize / (style.nameSize * scale)))
        return fitted
    }
}

/// Where things stand on a book's sheets, in page points.
public struct BookSheet: Equatable, Sendable {
    /// The sheet as printed (turned).
    public var paper: PaperSize
    public var options: BookOptions

    /// The chart area of page `number`: inside the margins, the binding on the inner side
    /// (left on odd pages), under the running head and over the folio.
    public func chartArea(page number: Int) -> Box {
        let left = number % 2 == 1 ? options.margin + options.binding : options.margin
        return Box(x: left, y: options.margin + BookOptions.headHeight,
                   width: paper.width - 2 * options.margin - options.binding,
                   height: paper.height - 2 * options.margin - BookOptions.headHeight - BookOptions.folioHeight)
    }

    /// The text block of page `number` (the chart area with the head and folio bands).
    public func textBlock(page number: Int) -> Box {
        let area = chartArea(page: number)
        return Box(x: area.x, y: options.margin, width: area.width, height: paper.height - 2 * options.margin)
    }

    /// The book's chart area in chart points.
    public var settings: BookSettings {
        let area = chartArea(page: 1)
        return BookSettings(areaWidth: area.width / options.scale, areaHeight: area.height / options.scale)
    }
}

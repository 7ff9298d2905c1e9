/// How to lay a chart out on paper.
public struct PrintOptions: Equatable, Sendable {
    /// `nil`: one page exactly the chart's natural size (plus title and legend, if any).
    public var paper: PaperSize?
    public var orientation: Orientation = .auto
    /// Blank border of every sheet, in points.
    public var margin: Double = 36
    /// Tile the chart at real size over several sheets instead of fitting it on one.
    public var poster = false
    /// How much neighbouring poster tiles repeat of each other, in points (default 10 mm).
    public var overlap: Double = 72 / 25.4 * 10
    /// Printed at the top; `nil` prints no title block.
    public var title: String?
    /// Printed beside the title (e.g. "2026-12-02").
    public var date: String?
    /// A second, smaller line under the title (`--subtitle`).
    public var subtitle: String?
    /// A credits line at the foot of the sheet ("researched by …, data as of …"; `--note`).
    public var note: String?
    /// A frame around the printed area of every sheet but poster tiles (`--border`).
    public var border = false
    /// Whether to print the colour and line legend; `nil` (the default): when the chart
    /// uses a style beyond boxes, couples and birth lines (an adoption, a foster or step
    /// child, a divorce, a cross link, a reference box), so that such marks are explained.
    public var legend: Bool?
    /// In fit mode, names printed smaller than this (points) are warned about.
    public var minimumReadableTextSize: Double = 4
    /// At most this much enlargement when a small chart is fitted to a large sheet.
    public var maximumFitScale: Double = 2

    public init() {}

    /// Width / height of the printable area the chart is fitted to, when on paper (turned
    /// as asked; landscape when the orientation is left to the chart), so that separate
    /// parts of a chart can be packed toward the sheet's shape.
    public var pageAspect: Double? {
        guard let paper else { return nil }
        let sheet = orientation == .portrait ? paper.portrait : paper.landscape
        return max(sheet.width - 2 * margin, 1) / max(sheet.height - 2 * margin, 1)
    }
}

import FamilyLayout
import FamilyPainter

/// Per-item drawing options; anything unset falls back to the batch's defaults.
public struct ItemOptions: Equatable, Sendable {
    /// Thumbnail size: the chart is fitted inside and centred.
    public var size: PixelSize?
    public var scale: Double?
    public var format: OutputFormat?
    /// The kind of chart (nil: the family chart).
    public var chart: ChartKind?
    /// The id of the person an ancestor, hourglass or descendant chart is about.
    public var focus: String?
    /// A relationship chart's second person (what they are to the focus).
    public var to: String?
    /// What a thumbnail of the whole family shows (`ThumbnailView`); nil: `auto` for
    /// thumbnails, except that a `focus` without a `chart` keeps drawing that person's
    /// descendants (as before views existed).
    public var view: ThumbnailView?

    public init(size: PixelSize? = nil, scale: Double? = nil, format: OutputFormat? = nil, chart: ChartKind? = nil, focus: String? = nil,
                to: String? = nil, view: ThumbnailView? = nil) {
        self.size = size
        self.scale = scale
        self.format = format
        self.chart = chart
        self.focus = focus
        self.to = to
        self.view = view
    }

    /// `self`, with unset fields taken from `defaults`.
    /// The view a PNG thumbnail (`size` set) of this item draws, or nil when it draws a
    /// chart of its own (`chart` other than the family, or a `focus` without a `view`:
    /// that person's descendants).
    public var thumbnailView: ThumbnailView? {
        guard size != nil, chart == nil || chart == .family, view != nil || focus == nil else { return nil }
        return view ?? .auto
    }

    public func over(_ defaults: ItemOptions) -> ItemOptions {
        ItemOptions(size: size ?? (scale == nil ? defaults.size : nil), scale: scale ?? defaults.scale, format: format ?? defaults.format,
                    chart: chart ?? defaults.chart, focus: focus ?? defaults.focus, to: to ?? defaults.to,
                    view: view ?? defaults.view)
    }
}

/// One thing to draw.
public struct BatchItem: Equatable, Sendable {
    /// Position in the source (0-based), which decides the shard.
    public var index: Int
    /// How reports name the item: the manifest's `id`, else the input path.
    public var id: String
    public var input: String
    public var output: String
    public var options: ItemOptions
    /// Set when the source entry itself is unusable (e.g. a malformed manifest line): the
    /// item is reported as failed with this message and the batch goes on.
    public var problem: String?

    public init(index: Int, id: String, input: String, output: String, options: ItemOptions = ItemOptions(), problem: String? = nil) {
        self.index = index
        self.id = id
        self.input = input
        self.output = output
        self.options = options
        self.problem = problem
    }
}

import FamilyModel

/// Which chart to draw, with the options that belong to that kind and no others: the one
/// value that chooses a chart (`ChartLayout.request`). A new kind (a fan chart, a
/// relationship chart) is a new case with its own options.
public enum ChartRequest: Equatable, Sendable {
    /// The whole family as one connected drawing per part.
    case family(FamilyChartOptions)
    /// Descendant trees: of one person, or of every root.
    case descendants(DescendantChartOptions)
    /// One person's ancestors (a pedigree), the focus at the bottom.
    case ancestors(AncestorChartOptions)
    /// One person's ancestors above and descendants below.
    case hourglass(HourglassChartOptions)
    /// How one person is related to another: their common ancestors and both lines of
    /// descent, or the marriage path.
    case relationship(RelationshipChartOptions)
    /// One person's ancestors (or descendants) on rings of wedges around them.
    case fan(FanChartOptions)

    /// The whole-family chart with its default options.
    public static var family: ChartRequest { .family(FamilyChartOptions()) }

    /// The kind the scene records (`Scene.chart`).
    public var kind: ChartKind {
        switch self {
        case .family: .family
        case .descendants: .descendants
        case .ancestors: .ancestors
        case .hourglass: .hourglass
        case .relationship: .relationship
        case .fan: .fan
        }
    }

    /// The person an ancestor or hourglass chart is about (nil: `ChartLayout.defaultFocus`);
    /// nil for other kinds, where setting it does nothing.
    public var focus: Int? {
        get {
            switch self {
            case .ancestors(let options): options.focus
            case .hourglass(let options): options.focus
            case .relationship(let options): options.focus
            case .fan(let options): options.focus
            case .family, .descendants: nil
            }
        }
        set {
            switch self {
            case .ancestors(var options): options.focus = newValue; self = .ancestors(options)
            case .hourglass(var options): options.focus = newValue; self = .hourglass(options)
            case .relationship(var options): options.focus = newValue; self = .relationship(options)
            case .fan(var options): options.focus = newValue; self = .fan(options)
            case .family, .descendants: break
            }
        }
    }
}

/// Options of the whole-family chart.
public struct FamilyChartOptions: Equatable, Sendable {
    /// How separate parts of the chart share the page (packed, or in one row).
    public var arrangement: PartArrangement = .pack
    /// The page shape (width / height) packing aims at, e.g. the paper's; default √2.
    public var targetAspect: Double = 2.0.squareRoot()
    /// Squeeze each part to the width its rows need (`--compact`): a parent's line may hang
    /// anywhere over its own children's span instead of exactly over their middle (in a
    /// part with persons reached by more than one line, up to `Scene.hangReach` beyond it),
    /// and the gaps between rows shrink from the style's 44 pt to 36 pt where no tracks need
    /// more (see `SpanCompaction` and `FamilyChart.compactRowGap`).
    public var compact = false
    /// Without `compact`: a part wider than this many times the width its widest row needs
    /// (its boxes side by side) is narrowed toward that width, its parents then standing
    /// over their own children's span where exact centring would not fit, or in a part with
    /// persons reached by more than one line, up to `Scene.hangReach` beyond it; the reach
    /// is the least that brings the part within `widthLimitTolerance` of the limit (the
    /// parts so narrowed are listed in `Scene.squeezedParts`). A tree narrower than the
    /// limit cannot be made stays as narrow as its own shape allows. Nil keeps every parent
    /// exactly centred however wide the chart grows. Default `defaultWidthLimit`.
    public var widthLimit: Double? = Self.defaultWidthLimit
    /// 1.5: with `widthLimitTolerance`, within the 1.6 a wall chart can afford.
    public static let defaultWidthLimit = 1.5
    /// 0.1: a part narrowed to the width limit ends at most this many times its widest
    /// row's need beyond it (a longer reach would cross more lines).
    public static let widthLimitTolerance = 0.1

    public init(arrangement: PartArrangement = .pack, targetAspect: Double = 2.0.squareRoot(), compact: Bool = false,
                widthLimit: Double? = Self.defaultWidthLimit) {
        self.arrangement = arrangement
        self.targetAspect = targetAspect
        self.compact = compact
        self.widthLimit = widthLimit
    }

    /// The one value the family layout's steps read (`FamilyProfile`): compact wins over the width limit.
    var profile: FamilyProfile { FamilyProfile(compact: compact, widthLimit: widthLimit) }
}

/// How descendant trees are placed.
public enum DescendantPlacement: String, Codable, Sendable, CaseIterable {
    /// The Reingold–Tilford/Walker tidy layout: subtrees pack into each other's gaps.
    case tidy
    /// The seed article's method: every subtree gets its own columns (for comparison).
    case columns
}

/// Options of a descendant chart.
public struct DescendantChartOptions: Equatable, Sendable {
    /// Draw only the descendants (with their partners) of this person; nil for every tree.
    public var root: Int?
    /// Draw at most this many rows (generations) of each tree; nil for all.
    public var generations: Int?
    public var placement: DescendantPlacement

    public init(root: Int? = nil, generations: Int? = nil, placement: DescendantPlacement = .tidy) {
        self.root = root
        self.generations = generations
        self.placement = placement
    }
}

/// Options of an ancestor chart.
public struct AncestorChartOptions: Equatable, Sendable {
    /// The person the chart is about (nil: `ChartLayout.defaultFocus`).
    public var focus: Int?
    /// Rows at most, counting the focus's; nil for all.
    public var generations: Int?
    /// Show the focus's brothers and sisters beside them.
    public var showsSiblings: Bool
    /// Numbers in the boxes.
    public var numbering: BoxNumbering

    public init(focus: Int? = nil, generations: Int? = nil, showsSiblings: Bool = false, numbering: BoxNumbering = .none) {
        self.focus = focus
        self.generations = generations
        self.showsSiblings = showsSiblings
        self.numbering = numbering
    }
}

/// Options of an hourglass chart: its ancestor block's, and its descendant block's.
public struct HourglassChartOptions: Equatable, Sendable {
    /// The person the chart is about (nil: `ChartLayout.defaultFocus`).
    public var focus: Int?
    /// Rows above the focus at most, counting the focus's; nil for all.
    public var generations: Int?
    /// Rows below the focus at most, counting the focus's; nil for all.
    public var descendantGenerations: Int?
    /// Show the focus's brothers and sisters beside them.
    public var showsSiblings: Bool
    /// Numbers in the boxes.
    public var numbering: BoxNumbering
    /// How the descendant block is placed.
    public var placement: DescendantPlacement

    public init(focus: Int? = nil, generations: Int? = nil, descendantGenerations: Int? = nil, showsSiblings: Bool = false,
                numbering: BoxNumbering = .none, placement: DescendantPlacement = .tidy) {
        self.focus = focus
        self.generations = generations
        self.descendantGenerations = descendantGenerations
        self.showsSiblings = showsSiblings
        self.numbering = numbering
        self.placement = placement
    }
}

/// Options of a relationship chart: what `to` is to `focus`.
public struct RelationshipChartOptions: Equatable, Sendable {
    /// A, the person the answer is about (nil: `ChartLayout.defaultFocus`).
    public var focus: Int?
    /// B: the chart shows what B is to A. Nil, or A again, draws A alone.
    public var to: Int?

    public init(focus: Int? = nil, to: Int? = nil) {
        self.focus = focus
        self.to = to
    }
}

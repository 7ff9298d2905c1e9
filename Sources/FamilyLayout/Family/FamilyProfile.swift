/// How far the family layout narrows its parts, as one value: exact centring, a width limit,
/// or `--compact`. Every step that behaves otherwise under `--compact` asks this value
/// (`FamilyPipeline` lists which), instead of reading a flag of its own.
enum FamilyProfile: Equatable {
    /// Parents centred over their children however wide a part grows (`--width-limit none`).
    case exact
    /// A part wider than `factor` times its widest row is narrowed toward that width
    /// (`--width-limit F`, 1.5 by default).
    case widthLimited(factor: Double)
    /// Each part squeezed to the width its rows need, childless siblings stacked, lines
    /// stepping between tracks, the least-area placement weighed per part (`--compact`).
    case compact

    /// The profile of a family chart's options: `compact` wins over the width limit.
    init(compact: Bool, widthLimit: Double?) {
        if compact { self = .compact } else { self = widthLimit.map { .widthLimited(factor: $0) } ?? .exact }
    }

    var isCompact: Bool { self == .compact }

    /// How `SpanCompaction` narrows the parts (the *narrow* step), if at all.
    func narrowing(style: LayoutStyle) -> SpanCompaction.Width? {
        switch self {
        case .exact: nil
        case .widthLimited(let factor): .limited(factor: factor, smallestGap: min(style.coupleGap, style.siblingGap))
        case .compact: .narrowest
        }
    }

    /// The style the placed rows are drawn with (ordering, placement and packing keep the
    /// chart's own): with `compact`, the gap between rows shrinks to
    /// `FamilyChart.compactRowGap` (a gap still grows where its tracks need the room, with
    /// `FamilyGeometry.compactTrackPad` between its boxes and tracks) and the page's border
    /// to `FamilyChart.compactMargin`.
    func drawingStyle(_ style: LayoutStyle) -> LayoutStyle {
        guard isCompact else { return style }
        var compacted = style
        compacted.rowGap = min(style.rowGap, FamilyChart.compactRowGap)
        compacted.margin = min(style.margin, FamilyChart.compactMargin)
        return compacted
    }

    /// Space between a row's boxes and its gap's nearest track (the *scene* step's routing).
    var trackPad: Double { isCompact ? FamilyGeometry.compactTrackPad : FamilyGeometry.trackPad }
    /// Whether a run's pieces may step between tracks (`SteppedRuns`, in routing).
    var stepsRuns: Bool { isCompact }
    /// Whether childless siblings stand in stacks (`LeafStacks`, in the *narrow* step).
    var stacksLeaves: Bool { isCompact }
    /// Whether packing tolerates the largest part's shape and fills its corners (`PartPacking`).
    var packsIntoGaps: Bool { isCompact }
}

import FamilyModel

/// The whole family as one connected drawing per part (`--layout family`): a layered
/// drawing of persons and unions in which partners share a row, children stand one row
/// below their parents' union, every parent–child link is drawn (as a line, or ending at a
/// reference box that names where the person stands), couples stay side by side, and the
/// parts (and persons with no family at all) are packed together on the page.
///
/// This type holds the chart's settings; `FamilyPipeline` runs its steps, in order, each
/// in its own file under `Family/Steps/` (rows, units, forest, widths, order, references,
/// stretch, narrow, slide, align, birth-order, scene, lines).
///
/// A chart of `sideBySideThreshold` persons or more uses a second thread where two pieces
/// of work are independent (`sideBySide`): the persons' own boxes, named and with their
/// life details (`OwnBoxes`), while the passes run, the crossings a first pass left
/// uncounted, the lines' families (`LineFamilies`) and the boxes' branches (`colourBy:
/// lineage`) while the chart is finished, the second half of the bars and lines while the
/// first is written (`FamilySceneBuilder`, when the second thread has come free by then),
/// and the freeing of the passes while the lines move apart. The scene is the same.
struct FamilyChart {
    var style: LayoutStyle
    var partnerOrder: PartnerOrder
    var arrangement: PartArrangement
    /// Target width / height when packing parts.
    var aspect: Double
    /// Exact, width-limited (`FamilyChartOptions.defaultWidthLimit` by default) or compact.
    var profile = FamilyProfile.widthLimited(factor: FamilyChartOptions.defaultWidthLimit)
    var labelWidth: ((_ name: String, _ detail: String?) -> Double)?
    /// With `compact`, whether each part may take a placement without stretched bars or
    /// with a tighter gap of `CompactSearch.compactCousinGaps` (tests turn it off to compare).
    var weighsPlacements = true
    /// Whether the *align* step places narrowed parts anew (`HangAlignment`; tests turn it
    /// off to compare).
    var aligns = true

    /// Whether parts are squeezed to their rows' width (`FamilyProfile.compact`).
    var compact: Bool {
        get { profile.isCompact }
        set { profile = newValue ? .compact : .widthLimited(factor: FamilyChartOptions.defaultWidthLimit) }
    }

    /// Whether the *narrow* step weighs `CompactSearch`'s candidates (and so slides each itself).
    var weighsCandidates: Bool { profile.isCompact && weighsPlacements }

    /// - Complexity: O(n log n) for n persons and links (a fixed number of ordering rounds).
    func scene(for graph: FamilyGraph) -> (scene: Scene, statistics: LayoutStatistics) {
        let draft = FamilyPipeline(chart: self).run(graph)
        return (draft.scene!, draft.statistics!)
    }

    /// Charts of at least this many persons do two independent pieces of work at once
    /// (`sideBySide`); smaller ones in turn, where a thread would cost more than it saves.
    static let sideBySideThreshold = 10_000
    /// `sideBySideThreshold`, or another for tests (0: always two threads).
    var sideBySideFrom = FamilyChart.sideBySideThreshold

    /// Whether `graph` is big enough for the second thread (`sideBySideFrom`).
    func usesSecondThread(for graph: FamilyGraph) -> Bool { graph.count >= sideBySideFrom }

    /// The page's border with `compact`: the frames of parts (12 pt outside their boxes)
    /// stay 4 pt inside the page, and a printed sheet has a margin of its own (`--margin`).
    static let compactMargin = 16.0

    /// The gap between rows with `compact`. Not less: a drop from a couple's bar must stand
    /// a row gap (44 pt) from the drop above it, which a track in the middle of a 36 pt gap
    /// gives (18 pt, and half a box); at 30 pt the lines of a line of only children came
    /// within 5 pt of each other in Queen.ged where no hang point could move clear. Gaps
    /// between families shrink only part by part (`CompactSearch.compactCousinGaps`): shrinking them all to
    /// the siblings' gap made royal92's compact chart cross 313 times instead of 243 for 4 %
    /// less width.
    static let compactRowGap = 36.0

    /// A cross link (an up-link that is not a tree link) becomes a reference when its line
    /// would cross more than this many other lines…
    var maximumLinkCrossings = 6
    /// …or run further than this many box spans.
    var maximumLinkSpans = 30.0

    /// Distance between the ends of two families' lines on the top edge of a child they share.
    /// A little more than twice the least distance between two families' upright lines
    /// (`ChartMetrics.separation` and a line's width): another family's drop coming down
    /// between two ends has room to stand clear of both (at 12 pt only one exact x was,
    /// which a rounding error in the last digits could lose).
    static let sharedDropSpacing = 13.0

    static let farLinkPasses = 3
    static let birthOrderPasses = 3

    /// One layout pass: units, forest, order and placement.
    struct Pass {
        var units: FamilyUnits
        var forest: FamilyForest
        var placement: FamilyPlacement
        var order: FamilyOrder
        /// The ordering's count of crossing line pairs, nil where it had no choice to make
        /// and did not count (`FamilyOrdering.order`): `crossings` counts them then.
        var countedCrossings: Int?
        var boxX: [Double]

        /// Crossing pairs of parent→child lines as the ordering placed them (`FamilyCrossings`).
        var crossings: Int {
            countedCrossings ?? FamilyCrossings.count(units: units, placement: placement, order: order, boxX: boxX)
        }
    }

    /// One pass of phases 2–5 (units, forest, ordering, placement) over `rows`, with the

    /// One pass of phases 2–5 (units, forest, widths, order: `FamilyPipeline.layoutPass`)
    /// over `rows`, with the links in `referenced` drawn as references; `previous` is an
    /// earlier pass's order to start from. Internal so that tests can time and inspect a pass
    /// as the chart makes it.
    func layOut(_ graph: FamilyGraph, rows: FamilyRows, referenced: Set<ChildLinkKey>, previous: FamilyOrder? = nil) -> Pass {
        var draft = FamilyDraft(graph: graph, chart: self)
        (draft.rows, draft.far, draft.previousOrder) = (rows, referenced, previous)
        for step in FamilyPipeline.layoutPass { step.run(&draft) }
        return draft.pass
    }
}

/// Figures about a family layout, for tests and reports.
public struct LayoutStatistics: Sendable, Equatable {
    /// Connected parts (a person with no family is a part of one).
    public var parts: Int
    /// Reference boxes drawn.
    public var references: Int
    /// Links drawn as references because generation rows disagreed.
    public var brokenLinks: Int
    /// Links drawn as references because the line would have run far or across many others.
    public var farLinks: Int
    /// Crossing pairs of parent→child lines (the ordering phase's measure).
    public var crossings: Int
    /// Whether the rows are those that keep links shortest (`ShortestLinkRows`), taken
    /// because the breadth-first rows broke links and needed more room.
    public var shortestLinkRows = false
    /// Layout passes made: the first, and one for each round of far or out-of-birth-order
    /// lines made references (at most 1 + 3 + 3).
    public var passes = 1
}

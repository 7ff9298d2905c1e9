import FamilyModel

/// What the family layout's steps have made so far (`FamilyPipeline`): each step reads the
/// fields the steps before it filled and fills its own. Nil or empty: not made yet, or
/// let go of once the later steps no longer need it (the rows after `references`, the pass
/// in `lines`).
struct FamilyDraft {
    let graph: FamilyGraph
    /// The chart's settings: style, partner order, packing, `FamilyProfile`.
    let chart: FamilyChart

    // rows
    var rows: FamilyRows?
    /// Whether `rows` are those that keep links shortest (`ShortestLinkRows`).
    var shortestLinkRows = false
    /// The rows' connected parts, and the links they broke where generations disagree.
    var partCount = 0, brokenLinks = 0

    // one layout pass: units, forest, widths, order
    var units: FamilyUnits?
    var forest: FamilyForest?
    var placement: FamilyPlacement?
    var order: FamilyOrder?
    /// The ordering's count of crossing line pairs, where it counted (`FamilyChart.Pass`).
    var countedCrossings: Int?
    /// Each box's centre x, as the latest step placed it.
    var boxX: [Double] = []
    /// The order the next pass starts from (an earlier pass's), if any.
    var previousOrder: FamilyOrder?
    /// Layout passes made.
    var passes = 0

    // references
    /// The links drawn as references (far, crossing many, or out of birth order).
    var far: Set<ChildLinkKey> = []

    // placing
    /// Every person's own box, when a big chart made them beside the passes.
    var ownBoxes: OwnBoxes?
    /// The gaps bars stretched by, per unit (`SeamStretch`).
    var stretch: [Int: [Int: Double]] = [:]
    /// The placement narrowed (and with `--compact` stacked and slid).
    var placed: FamilyChart.Squeezed?
    /// The scene `--compact`'s candidate search built already for the placement it chose.
    var kept: Scene?
    /// Whether `birth-order` checks (the last try takes the placement as it comes).
    var checksBirthOrder = true
    /// Set by `birth-order`: the links to draw as references in the next try.
    var outOfBirthOrder: Set<ChildLinkKey>?

    // drawing
    var scene: Scene?
    var statistics: LayoutStatistics?
    /// The families of the scene's lines (`LineFamilies`), for the line passes.
    var families: LineFamilies?

    init(graph: FamilyGraph, chart: FamilyChart) {
        self.graph = graph
        self.chart = chart
    }

    /// The current layout pass (after `order`).
    var pass: FamilyChart.Pass {
        FamilyChart.Pass(units: units!, forest: forest!, placement: placement!, order: order!,
                         countedCrossings: countedCrossings, boxX: boxX)
    }

    /// The pass taken out of the draft (for the caller to free when it suits it).
    mutating func takePass() -> FamilyChart.Pass? {
        guard units != nil, forest != nil, placement != nil, order != nil else { return nil }
        defer { (units, forest, placement, order, boxX) = (nil, nil, nil, nil, []) }
        return pass
    }

    /// Back to the start for another try, with `links` drawn as references from the start.
    mutating func restart(referencing links: Set<ChildLinkKey>) {
        far = links
        (previousOrder, passes, outOfBirthOrder, placed, kept, stretch) = (nil, 0, nil, nil, nil, [:])
    }
}

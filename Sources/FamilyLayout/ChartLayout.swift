import FamilyModel

/// Lays out a validated family as a `Scene`.
///
/// Rules: one row per generation; a couple stands side by side joined by a bar; every
/// parent unit is centred over its children (a single parent's box centre, or a
/// couple's bar middle, at the midpoint of the first and last child boxes' centres);
/// neighbouring boxes keep the style's minimum gaps; trees stand side by side in root
/// order. The same input and style always give the same scene.
public struct ChartLayout {
    public var style: LayoutStyle
    /// Which chart, with its own options.
    public var request: ChartRequest
    /// Which side partners stand on.
    public var partnerOrder: PartnerOrder = .marriage
    /// Measures the width a box needs for its name and detail on one line each (text plus
    /// padding). When set, the boxes of each generation grow to the widest such need in
    /// that row, from the style's `boxWidth` up to `maximumBoxWidth`; the painter fits
    /// what is still longer (wraps, shrinks, abbreviates).
    public var labelWidth: ((_ name: String, _ detail: String?) -> Double)?
    /// Measures text as the painter sets it, for fitting names into fan cells; nil: a
    /// generous estimate (`TextMeasure.estimate`). The command line always gives the painter's.
    public var textMeasure: TextMeasure?

    /// What the boxes say (`--box`); nil keeps the style's name, second name and detail.
    public var boxContent: BoxContent?

    public init(style: LayoutStyle = LayoutStyle(), request: ChartRequest = .family) {
        self.style = style
        self.request = request
    }

    /// How boxes are coloured (`--color-by`); nil: by the theme.
    public var colouring: BoxColouring?

    /// - Complexity: O(n) for n persons (the family layout O(n log n)).
    public func scene(for graph: FamilyGraph) -> Scene {
        guard isDecorated else { return plainScene(for: graph) }
        return decorated(graph) { $0.plainScene(for: graph) }
    }

    /// Which way the generations run (`--orientation`).
    public var orientation = ChartOrientation.topDown

    /// Whether the scene needs more than the chart kind's layout: box content, colours, a turn.
    private var isDecorated: Bool { boxContent != nil || colouring != nil || orientation != .topDown }

    /// The chart `lay` draws with this layout's box content, orientation and colours:
    /// laid out in the top-down frame (boxes sized for the content, their width and height
    /// exchanged when turned), turned, then the boxes' lines and colours written.
    private func decorated(_ graph: FamilyGraph, _ lay: (ChartLayout) -> Scene) -> Scene {
        var plain = self
        plain.boxContent = nil
        plain.colouring = nil
        plain.orientation = .topDown
        // Round charts have no rows to turn.
        let orientation = request.kind == .fan ? .topDown : orientation
        if let content = boxContent { plain = plain.showing(content, in: graph) }
        if orientation.isTurned {
            plain.style = plain.style.turned
            plain.labelWidth = nil
            // Parts are packed toward the page's shape, which turns with the chart.
            if case .family(var options) = plain.request {
                options.targetAspect = 1 / options.targetAspect
                plain.request = .family(options)
            }
        }
        var scene = lay(plain).oriented(orientation)
        boxContent?.apply(to: &scene, graph: graph, words: style.dateWords)
        colour(&scene, graph)
        return scene
    }

    /// Colours the boxes by `colouring`, about the chart's focus (a descendant chart's
    /// root; else the person with the longest line of ancestors).
    private func colour(_ scene: inout Scene, _ graph: FamilyGraph) {
        guard var colouring, graph.count > 0 else { return }
        if colouring.focus == nil {
            var root: Int?
            if case .descendants(let options) = request { root = options.root }
            colouring.focus = request.focus ?? root ?? Self.defaultFocus(graph)
        }
        colouring.apply(to: &scene, graph: graph)
    }

    /// This layout set up to show `content`: boxes tall enough for its lines, Sosa
    /// numbers in ancestor and hourglass boxes when it lists `sosa`.
    private func showing(_ content: BoxContent, in graph: FamilyGraph) -> ChartLayout {
        var layout = self
        layout.style = content.style(style, for: graph)
        guard content.shows(.sosa) else { return layout }
        switch layout.request {
        case .ancestors(var options): options.numbering = .sosa; layout.request = .ancestors(options)
        case .hourglass(var options): options.numbering = .sosa; layout.request = .hourglass(options)
        case .family, .descendants, .relationship, .fan: break
        }
        return layout
    }

    private func plainScene(for graph: FamilyGraph) -> Scene {
        let scene: Scene
        switch request {
        case .family: return familyScene(for: graph).scene  // labels its rows per part itself
        case .descendants(let options):
            scene = descendantChart(options.placement).scene(for: graph, scope: ChartScope(
                partnerOrder: partnerOrder, roots: options.root.map { [$0] }, generationLimit: options.generations))
        case .ancestors(let options):
            scene = ancestorChart(generations: options.generations, siblings: options.showsSiblings, numbering: options.numbering)
                .scene(for: graph, focus: options.focus ?? Self.defaultFocus(graph))
        case .hourglass(let options):
            let ancestors = ancestorChart(generations: options.generations, siblings: options.showsSiblings, numbering: options.numbering)
            scene = HourglassChart(ancestors: ancestors, descendants: descendantChart(options.placement),
                                   descendantGenerations: options.descendantGenerations)
                .scene(for: graph, focus: options.focus ?? Self.defaultFocus(graph))
        case .relationship(let options):
            let a = options.focus ?? Self.defaultFocus(graph)
            guard let b = options.to, b != a else { return RelationshipChart(style: style).scene(alone: a, of: graph) }
            return RelationshipChart(style: style).scene(for: graph, a: a, b: b)
        case .fan:
            return fanScene(for: graph)!.scene
        }
        return scene.labellingRows(graph: graph, margin: style.margin)
    }

    private func descendantChart(_ placement: DescendantPlacement) -> DescendantChart {
        DescendantChart(style: style, placement: placement, partnerOrder: partnerOrder, labelWidth: labelWidth)
    }

    /// The ancestor chart (or an hourglass's ancestor block) of these options.
    private func ancestorChart(generations: Int?, siblings: Bool, numbering: BoxNumbering) -> AncestorChart {
        AncestorChart(style: style, generationLimit: generations, showsSiblings: siblings,
                      numbersBoxes: numbering == .sosa, labelWidth: labelWidth)
    }

    /// The person an ancestor or hourglass chart is about when none is named: the one with
    /// the longest known line of ancestors (the first in the file among equals).
    /// - Complexity: O(n + e).
    public static func defaultFocus(_ graph: FamilyGraph) -> Int {
        let birth = Pedigree.birthFamilies(graph)
        var depth = [Int](repeating: -1, count: graph.count)
        for start in 0..<graph.count where depth[start] < 0 {
            // Depth-first without recursion: a person's depth once their parents' are known.
            var stack = [(person: start, expanded: false)]
            while let (p, expanded) = stack.popLast() {
                guard depth[p] < 0 else { continue }
                let partners = birth[p] >= 0 ? graph.unions[birth[p]].partners : []
                if expanded || partners.isEmpty {
                    depth[p] = partners.reduce(0) { max($0, depth[$1] + 1) }
                } else {
                    stack.append((p, true))
                    for q in partners where depth[q] < 0 { stack.append((q, false)) }
                }
            }
        }
        var best = 0
        for p in 0..<graph.count where depth[p] > depth[best] { best = p }
        return best
    }


    /// The fan chart of the request (nil for other kinds) and what it set in each ring.
    /// - Complexity: O(c · f) for c cells (at most 2^generations) and f label forms tried.
    public func fanScene(for graph: FamilyGraph) -> (scene: Scene, statistics: FanStatistics)? {
        guard case .fan(let options) = request else { return nil }
        return FanChart(style: style, options: options, measure: textMeasure ?? .estimate)
            .scene(for: graph, focus: options.focus ?? Self.defaultFocus(graph))
    }

    /// Whether `scene(for:)` draws the family layout.
    public var drawsWholeFamily: Bool {
        if case .family = request { return true }
        return false
    }

    /// The whole-family chart of `graph` and figures about it (parts, references, crossings),
    /// with the request's family options (the defaults for another kind).
    /// - Complexity: O(n log n).
    public func familyScene(for graph: FamilyGraph) -> (scene: Scene, statistics: LayoutStatistics) {
        if isDecorated {
            var statistics: LayoutStatistics?
            let scene = decorated(graph) { layout in
                let (scene, figures) = layout.familyScene(for: graph)
                statistics = figures
                return scene
            }
            return (scene, statistics!)
        }
        return familyChart.scene(for: graph)
    }

    /// The family layout's steps, in the order they run (`familyDraft(for:stopAfter:)`).
    public static var familyLayoutSteps: [String] { FamilyPipeline.stepNames }

    /// The family layout's draft after `step` (one of `familyLayoutSteps`) as JSON, before
    /// any orientation or other decoration (`familychart layout --stop-after STEP`); nil for
    /// an unknown step.
    public func familyDraft(for graph: FamilyGraph, stopAfter step: String) -> [UInt8]? {
        guard Self.familyLayoutSteps.contains(step) else { return nil }
        return FamilyPipeline(chart: familyChart).run(graph, stopAfter: step).json(stoppedAfter: step)
    }

    /// The whole-family chart's settings: the request's family options (the defaults for another kind).
    private var familyChart: FamilyChart {
        let options: FamilyChartOptions
        if case .family(let chosen) = request { options = chosen } else { options = FamilyChartOptions() }
        return FamilyChart(style: style, partnerOrder: partnerOrder, arrangement: options.arrangement, aspect: options.targetAspect,
                           profile: options.profile, labelWidth: labelWidth)
    }
}

/// Numbers shown in the boxes of ancestor charts.
public enum BoxNumbering: String, Codable, Sendable, CaseIterable {
    case none
    /// Sosa–Stradonitz (Ahnentafel): the focus 1, a person n's father 2n, mother 2n + 1.
    case sosa
}

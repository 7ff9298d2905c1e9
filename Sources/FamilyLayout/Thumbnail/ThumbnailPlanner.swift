import FamilyModel

/// Chooses what a thumbnail of a whole family draws (`ThumbnailView`): the whole chart
/// when its names come out legible at the thumbnail's size, else the family around one
/// person (`FocusChoice`) with as many generations and relatives as fit with legible names.
///
/// Legible: the painter sets no name smaller than `legibleScale` device pixels per point
/// allows (the caller works it out from the name font, its smallest fitting size and the
/// pixels a name needs). Around the focus the planner grows the scope a step at a time
/// (`Scope.larger`: more children, a generation up, another partner, the siblings, a
/// generation down), laying each out in two orientations (generations as rows, and as
/// columns) and two compactions; it keeps the candidate that fills at least `minimumFill`
/// of the room, then shows the most persons, then fills the most, and stops when no
/// larger scope is legible. Every layout is of the persons drawn only, so a focused thumbnail
/// of a 3,000-person file costs about what a small family's does.
public struct ThumbnailPlanner {
    /// The whole chart's layout (the batch's options, packed toward the room's shape).
    public var layout: ChartLayout
    /// Room for the chart, in device pixels (the frame without its caption).
    public var width: Double
    public var height: Double
    /// Device pixels per point at which every name is legible.
    public var legibleScale: Double
    /// The size names are set at (points): the focused view's boxes are sized from it.
    public var nameSize: Double

    /// The share of the room a thumbnail's drawing should cover.
    public static let minimumFill = 0.35

    public init(layout: ChartLayout, width: Double, height: Double, legibleScale: Double, nameSize: Double) {
        self.layout = layout
        self.width = width
        self.height = height
        self.legibleScale = legibleScale
        self.nameSize = nameSize
    }

    /// How far from the focus a focused view reaches (`FamilyGraph.neighbourhood`).
    public struct Scope: Equatable, Sendable, CustomStringConvertible {
        /// Generations of ancestors above the focus, and of descendants below.
        public var up = 0
        public var down = 0
        /// With the focus's brothers and sisters.
        public var siblings = false
        /// Partners shown of the focus and each descendant, and children of each union.
        public var partners = 1
        public var children = 0

        public init() {}

        public var description: String {
            "\(up) up, \(down) down, \(partners) partner(s), \(children) child(ren) a union\(siblings ? ", siblings" : "")"
        }

        /// The ways a scope grows by a step (`larger`).
        enum Growth: CaseIterable {
            case children, up, partners, siblings, down
        }

        /// This scope grown by `growth`, or nil when it cannot grow that way.
        func larger(_ growth: Growth) -> Scope? {
            var next = self
            switch growth {
            case .children:
                if down == 0 { next.down = 1; next.children = Self.childStep } else { next.children += Self.childStep }
            case .up: next.up += 1
            case .partners: next.partners += 1
            case .siblings:
                guard !siblings else { return nil }
                next.siblings = true
                next.up = max(up, 1)
                next.children = max(children, Self.childStep)
            case .down:
                guard down > 0 else { return nil }
                next.down += 1
            }
            return next.up <= 12 && next.down <= 12 ? next : nil
        }

        /// Children added a union at a time.
        static let childStep = 3
    }

    /// At most this many growth steps (each a handful of small layouts).
    static let maximumSteps = 24

    /// What a thumbnail draws.
    public struct Plan {
        public var scene: Scene
        /// `.whole` or `.focus`: what was drawn (whole when everyone is, in the focused
        /// view's boxes or not).
        public var view: ThumbnailView
        /// The person a focused view is drawn around (an index into the whole family).
        public var focus: Int?
        public var scope: Scope?
        /// Device pixels per point the scene is drawn at, and the share of the room it covers.
        public var scale: Double
        public var fill: Double
        /// Persons drawn.
        public var persons: Int
        /// Whether every name is drawn at least `legibleScale`.
        public var isLegible: Bool
    }

    /// The plan for `graph` with `view`; `named` is the focus the item asks for, if any.
    /// `auto` keeps the whole family whenever it can be drawn legibly (in the whole chart's
    /// boxes, or in the focused view's smaller ones turned or compacted to fill the frame);
    /// only a family too large for that is drawn around one person.
    public func plan(for graph: FamilyGraph, view: ThumbnailView, focus named: Int? = nil) -> Plan {
        let style = focusStyle
        let fits = Double(graph.count) * style.boxWidth * style.boxHeight * legibleScale * legibleScale <= width * height
        if view == .whole || graph.count == 0 || (view == .auto && fits) {
            let whole = measured(layout.scene(for: graph), view: .whole, focus: nil, scope: nil)
            if view == .whole || graph.count == 0 || (whole.isLegible && whole.fill >= Self.minimumFill) { return whole }
            var best = whole
            for compacted in [false, true] {
                if let small = self.best(of: Array(graph.persons.indices), in: graph, focus: nil, style: style, scope: nil, compacted: compacted),
                   Self.rank(small.plan) > Self.rank(best) {
                    best = small.plan
                }
            }
            if best.isLegible {
                best.view = .whole
                return best
            }
        }
        guard let focus = FocusChoice.person(in: graph, named: named) else { return measured(layout.scene(for: graph), view: .whole, focus: nil, scope: nil) }
        var focused = focusedPlan(graph, focus: focus)
        if focused.persons >= graph.count { focused.view = .whole }  // everyone is there
        return focused
    }

    /// The best focused candidate: from the focus and their first partner, the scope grows
    /// one step at a time (`Scope.larger`) to the legible candidate of the step that ranks
    /// best (`rank`), until no larger scope is legible or it holds the whole family.
    private func focusedPlan(_ graph: FamilyGraph, focus: Int) -> Plan {
        let style = focusStyle
        var scope = Scope()
        var best = self.best(of: scope, in: graph, focus: focus, style: style)!.plan
        var reached = best.persons
        // A way of growing that was illegible once stays so: the scope only grows.
        var open = Scope.Growth.allCases
        for _ in 0..<Self.maximumSteps where best.isLegible && reached < graph.count && !open.isEmpty {
            var step: (plan: Plan, scope: Scope, persons: Int)?
            for growth in open {
                guard let larger = scope.larger(growth) else { continue }
                guard let found = self.best(of: larger, in: graph, focus: focus, style: style, beyond: reached) else {
                    // No one new (grows no further this way) or too many to be legible.
                    open.removeAll { $0 == growth }
                    continue
                }
                guard found.plan.isLegible else {
                    open.removeAll { $0 == growth }
                    continue
                }
                if step.map({ Self.rank(found.plan) > Self.rank($0.plan) }) ?? true { step = (found.plan, larger, found.persons) }
            }
            guard let step else { break }
            (best, scope, reached) = (step.plan, step.scope, step.persons)
        }
        // The scope found, laid out compacted too.
        let persons = graph.neighbourhood(of: focus, up: scope.up, down: scope.down, siblings: scope.siblings,
                                          partners: scope.partners, children: scope.children)
        if best.isLegible, let compact = self.best(of: persons, in: graph, focus: focus, style: style, scope: scope, compacted: true),
           Self.rank(compact.plan) > Self.rank(best) {
            best = compact.plan
        }
        return best
    }

    /// The best-ranked layout of `scope`'s persons, and how many they are; nil when the scope
    /// reaches no more than `beyond` persons or they cannot be legible at all (their boxes
    /// alone would cover more than the room).
    private func best(of scope: Scope, in graph: FamilyGraph, focus: Int, style: LayoutStyle,
                      beyond: Int = 0) -> (plan: Plan, persons: Int)? {
        let persons = graph.neighbourhood(of: focus, up: scope.up, down: scope.down, siblings: scope.siblings,
                                          partners: scope.partners, children: scope.children)
        guard persons.count > beyond else { return nil }
        return best(of: persons, in: graph, focus: focus, style: style, scope: scope, mayBeIllegible: beyond == 0)
    }

    /// The best-ranked layout of `persons` (of `graph`) in the focused view's boxes; nil
    /// when their boxes alone would cover more than the room at the legible scale (unless
    /// `mayBeIllegible`: the smallest scope is drawn however small).
    private func best(of persons: [Int], in graph: FamilyGraph, focus: Int?, style: LayoutStyle, scope: Scope?,
                      mayBeIllegible: Bool = false, compacted: Bool = false) -> (plan: Plan, persons: Int)? {
        let area = Double(persons.count) * style.boxWidth * style.boxHeight * legibleScale * legibleScale
        if !mayBeIllegible, area > width * height { return nil }
        let part = persons.count == graph.count ? graph : graph.restricted(to: persons)
        var best: Plan?
        for candidate in candidates(style, compact: compacted) {
            let plan = measured(candidate.scene(for: part), view: .focus, focus: focus, scope: scope)
            if best.map({ Self.rank(plan) > Self.rank($0) }) ?? true { best = plan }
        }
        return best.map { ($0, persons.count) }
    }

    /// Legible first, then filling enough, then the most persons, then the most fill; of
    /// illegible ones, the largest scale.
    private static func rank(_ plan: Plan) -> (Int, Int, Int, Double) {
        plan.isLegible ? (1, plan.fill >= minimumFill ? 1 : 0, plan.persons, plan.fill) : (0, 0, 0, plan.scale)
    }

    /// The focused view's layouts: generations as rows and as columns, plain or compact.
    private func candidates(_ style: LayoutStyle, compact: Bool) -> [ChartLayout] {
        var list: [ChartLayout] = []
        for orientation in [ChartOrientation.topDown, .leftRight] {
            var candidate = layout
            candidate.style = style
            candidate.labelWidth = nil
            candidate.orientation = orientation
            // No width limit: narrowing a wall chart's parts toward their widest row (a fifth
            // of a generated family's thumbnail) does nothing for a few dozen boxes.
            candidate.request = .family(FamilyChartOptions(targetAspect: width / height, compact: compact, widthLimit: nil))
            list.append(candidate)
        }
        return list
    }

    /// The focused view's boxes: the name alone, in up to two lines, with narrow gaps.
    var focusStyle: LayoutStyle {
        var style = layout.style
        let size = nameSize
        style.boxWidth = (8.4 * size).rounded()
        style.maximumBoxWidth = style.boxWidth
        style.boxHeight = (3.6 * size).rounded()
        style.showsAge = false
        style.showsDates = false
        style.coupleGap = 1.0 * size
        style.siblingGap = 0.8 * size
        style.cousinGap = 1.4 * size
        style.treeGap = 2.0 * size
        style.rowGap = 2.6 * size
        style.margin = 0.6 * size
        return style
    }

    private func measured(_ scene: Scene, view: ThumbnailView, focus: Int?, scope: Scope?) -> Plan {
        let scale = scene.width > 0 && scene.height > 0 ? min(width / scene.width, height / scene.height) : 1
        var fill = 0.0
        if let first = scene.persons.first {
            var (x0, y0, x1, y1) = (first.x, first.y, first.x + first.width, first.y + first.height)
            for box in scene.persons {
                x0 = min(x0, box.x); y0 = min(y0, box.y)
                x1 = max(x1, box.x + box.width); y1 = max(y1, box.y + box.height)
            }
            fill = (x1 - x0) * (y1 - y0) * scale * scale / (width * height)
        }
        return Plan(scene: scene, view: view, focus: focus, scope: scope, scale: scale, fill: fill, persons: scene.persons.count,
                    isLegible: scale >= legibleScale * 0.999)
    }
}

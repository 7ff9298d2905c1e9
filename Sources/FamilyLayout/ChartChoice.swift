import FamilyModel

/// The chart options as a command line or a batch manifest gives them (texts, named by
/// their command-line options), checked once and turned into a `ChartRequest`: the one
/// place that knows which option goes with which chart. `checked()` needs no input, so a
/// mistake is reported before any file is read; `request(in:)` then names the persons.
public struct ChartChoice: Sendable {
    /// `--chart`: family, descendants, ancestors or hourglass.
    public var chart: String?
    /// `--layout`: family, tidy or columns.
    public var layout: String?
    /// `--root`, `--focus`: person ids (GEDCOM's `@I1@` or `I1`).
    public var root: String?
    public var focus: String?
    /// `--to`: a relationship chart's second person.
    public var to: String?
    /// `--generations`, `--descendant-generations`: whole numbers as given.
    public var generations: String?
    public var descendantGenerations: String?
    /// `--siblings`.
    public var siblings = false
    /// `--numbering`: none or sosa.
    public var numbering: String?
    /// `--arrange`: pack or row.
    public var arrangement: String?
    /// `--compact`: the family chart squeezed to its rows' width.
    public var compact = false
    /// `--width-limit`: a number (times the widest row) or `none`, as given.
    public var widthLimit: String?
    /// `--partner-order`: marriage or male-left.
    public var partnerOrder: String?
    /// The page shape the family chart packs toward (a paper's, a thumbnail's).
    public var targetAspect: Double?
    /// `--fan-angle` (180, 225, 270 or 360), `--fan-direction` (ancestors or descendants),
    /// `--fan-empty` (show, frontier or hide), `--fan-colors` (gender or lineage).
    public var fanAngle: String?
    public var fanDirection: String?
    public var fanEmpty: String?
    public var fanColours: String?
    /// The room a fan is laid out for (a sheet's printable area), in points.
    public var fanArea: FanArea?

    public init() {}

    /// A chart choice whose options go together: the request without its persons, and
    /// the ids still to find.
    public struct Checked: Sendable {
        public var request: ChartRequest
        public var partnerOrder: PartnerOrder
        var root: String?
        var focus: String?
        var to: String?
    }

    /// Checks that the options are well formed and go together; the message of the error
    /// names the option, as the command line spells it.
    public func checked() throws(ChartChoiceError) -> Checked {
        let generations = try Self.wholeNumber(self.generations, option: "--generations")
        // The whole family is the default; --root and --generations ask for descendant trees.
        var placement: String = root == nil && generations == nil ? "family" : "tidy"
        if let layout {
            guard ["family", "tidy", "columns"].contains(layout) else {
                throw .invalid("--layout must be family, tidy or columns, got '\(layout)'")
            }
            if layout == "family" && (root != nil || generations != nil) {
                throw .invalid("--root and --generations draw descendant trees; use --layout tidy or columns with them")
            }
            placement = layout
        }
        let chart = try self.chart.map { (name: String) throws(ChartChoiceError) -> ChartKind in
            guard let kind = ChartKind(rawValue: name) else {
                throw .invalid("--chart must be \(ChartKind.validAlternatives), got '\(name)'")
            }
            return kind
        }
        if (chart == .relationship) != (to != nil) || (chart == .relationship && focus == nil) {
            throw .invalid("--chart relationship needs --focus A and --to B (and --to is only for it)")
        }
        if chart == .relationship && (root != nil || generations != nil) {
            throw .invalid("--root and --generations are not for --chart relationship")
        }
        let focused = chart == .ancestors || chart == .hourglass
        if !focused && (siblings || numbering != nil) {
            throw .invalid("--siblings and --numbering are for --chart ancestors or hourglass")
        }
        if chart != .hourglass && descendantGenerations != nil {
            throw .invalid("--descendant-generations is for --chart hourglass (--generations counts the other charts' rows)")
        }
        let fanOptions = [fanAngle, fanDirection, fanEmpty, fanColours]
        if chart != .fan && fanOptions.contains(where: { $0 != nil }) {
            throw .invalid("--fan-angle, --fan-direction, --fan-empty and --fan-colors are for --chart fan")
        }
        let trees: DescendantPlacement = placement == "columns" ? .columns : .tidy
        let request: ChartRequest
        switch chart {
        case .fan?:
            request = .fan(try fanChartOptions(generations: generations))
        case .ancestors?, .hourglass?:
            let below = try Self.wholeNumber(descendantGenerations, option: "--descendant-generations")
            var boxNumbering = BoxNumbering.none
            if let numbering {
                guard let chosen = BoxNumbering(rawValue: numbering) else { throw .invalid("--numbering must be none or sosa, got '\(numbering)'") }
                boxNumbering = chosen
            }
            request = chart == .ancestors
                ? .ancestors(AncestorChartOptions(generations: generations, showsSiblings: siblings, numbering: boxNumbering))
                : .hourglass(HourglassChartOptions(generations: generations, descendantGenerations: below, showsSiblings: siblings,
                                                   numbering: boxNumbering, placement: trees))
        case .relationship?:
            request = .relationship(RelationshipChartOptions())
        case .family?:
            guard root == nil, generations == nil else {
                throw .invalid("--root and --generations draw descendant trees; use --chart descendants or --focus with an ancestors or hourglass chart")
            }
            request = focus == nil ? .family : .descendants(DescendantChartOptions(placement: .tidy))
        case .descendants?, nil:
            request = placement == "family" && focus == nil && chart == nil ? .family
                : .descendants(DescendantChartOptions(generations: generations, placement: trees))
        }
        var family = FamilyChartOptions()
        if let arrangement {
            guard let chosen = PartArrangement(rawValue: arrangement) else { throw .invalid("--arrange must be pack or row, got '\(arrangement)'") }
            family.arrangement = chosen
        }
        if let targetAspect { family.targetAspect = targetAspect }
        if compact {
            guard request == .family else { throw .invalid("--compact is for the whole-family chart (--chart family)") }
            family.compact = true
        }
        if let widthLimit {
            guard request == .family else { throw .invalid("--width-limit is for the whole-family chart (--chart family)") }
            if widthLimit == "none" {
                family.widthLimit = nil
            } else {
                guard let factor = Double(widthLimit), factor.isFinite, factor >= 1 else {
                    throw .invalid("--width-limit must be a number of 1 or more (times the widest row) or none, got '\(widthLimit.prefix(40))'")
                }
                family.widthLimit = factor
            }
        }
        var order = PartnerOrder.marriage
        if let partnerOrder {
            guard let chosen = PartnerOrder(rawValue: partnerOrder) else {
                throw .invalid("--partner-order must be marriage or male-left, got '\(partnerOrder)'")
            }
            order = chosen
        }
        return Checked(request: request == .family ? .family(family) : request, partnerOrder: order, root: root, focus: focus, to: to)
    }

    /// The request with its persons found in `graph`: a descendant chart's root (`--focus`
    /// before `--root`), an ancestor or hourglass chart's focus (`--focus`, else `--root`).
    public func request(in graph: FamilyGraph) throws(ChartChoiceError) -> ChartRequest {
        try checked().request(in: graph)
    }
}

extension ChartChoice.Checked {
    /// See `ChartChoice.request(in:)`.
    public func request(in graph: FamilyGraph) throws(ChartChoiceError) -> ChartRequest {
        let root = try self.root.map { (id: String) throws(ChartChoiceError) in try ChartChoice.person(id, option: "--root", in: graph) }
        let focus = try self.focus.map { (id: String) throws(ChartChoiceError) in try ChartChoice.person(id, option: "--focus", in: graph) }
        var resolved = request
        switch resolved {
        case .family: break
        case .descendants(var options):
            options.root = focus ?? root
            resolved = .descendants(options)
        case .ancestors, .hourglass, .fan:
            resolved.focus = focus ?? root
        case .relationship:
            let to = try self.to.map { (id: String) throws(ChartChoiceError) in try ChartChoice.person(id, option: "--to", in: graph) }
            if let to, to == focus {
                throw .invalid("--focus and --to are the same person (\(MessageText.quoted(graph.persons[to].id))); name two different persons")
            }
            resolved = .relationship(RelationshipChartOptions(focus: focus, to: to))
        }
        return resolved
    }

    /// The person the old `--root` title rule names: `--focus` of a descendant chart, else
    /// `--root` (a printed chart's default title is "Family of" this person).
    public func titlePerson(in graph: FamilyGraph) -> Int? {
        if case .descendants(let options) = (try? request(in: graph)) ?? request { return options.root }
        return root.flatMap { try? ChartChoice.person($0, option: "--root", in: graph) }
    }
}

extension ChartChoice {
    /// The person `id` names (`I1`, or GEDCOM's `@I1@`).
    public static func person(_ id: String, option: String, in graph: FamilyGraph) throws(ChartChoiceError) -> Int {
        let bare = id.count > 2 && id.hasPrefix("@") && id.hasSuffix("@") ? String(id.dropFirst().dropLast()) : id
        guard let index = graph.index(of: bare) else {
            let suggestion = IDSuggester(ids: graph.count <= 20_000 ? graph.persons.map(\.id) : []).suggestion(for: bare)
            throw .noSuchPerson(option: option, id: id, suggestion: suggestion)
        }
        return index
    }

    /// The fan's options, checked.
    private func fanChartOptions(generations: Int?) throws(ChartChoiceError) -> FanChartOptions {
        var options = FanChartOptions(area: fanArea)
        if let generations {
            guard FanChartOptions.generationRange.contains(generations) else {
                throw .invalid("--generations of a fan must be 2 to 12 (rings counting the centre), got \(generations)")
            }
            options.generations = generations
        }
        if let fanAngle {
            guard let angle = Double(fanAngle), FanChartOptions.sweeps.contains(angle) else {
                throw .invalid("--fan-angle must be 180, 225, 270 or 360, got '\(fanAngle)'")
            }
            options.sweep = angle
        }
        if let chosen: FanDirection = try Self.named(fanDirection, option: "--fan-direction") { options.direction = chosen }
        if let chosen: FanEmptyCells = try Self.named(fanEmpty, option: "--fan-empty") { options.empty = chosen }
        if let chosen: FanColours = try Self.named(fanColours, option: "--fan-colors") { options.colours = chosen }
        return options
    }

    /// The case `text` names (nil for nil); else an error listing the names, as `option` takes them.
    private static func named<T: NamedCases>(_ text: String?, option: String) throws(ChartChoiceError) -> T? {
        guard let text else { return nil }
        guard let value = T(rawValue: text) else {
            throw .invalid("\(option) must be \(T.validAlternatives), got '\(text)'")
        }
        return value
    }

    private static func wholeNumber(_ text: String?, option: String) throws(ChartChoiceError) -> Int? {
        guard let text else { return nil }
        guard let number = Int(text), (1...1_000_000).contains(number) else {
            throw .invalid("\(option) expects a whole number in 1...1000000, got '\(text)'")
        }
        return number
    }
}

/// Why chart options cannot be used.
public enum ChartChoiceError: Error, Equatable, CustomStringConvertible {
    /// Options that are malformed or do not go together; the message names them.
    case invalid(String)
    /// `option` names nobody in the input; `suggestion` is a close id, if any.
    case noSuchPerson(option: String, id: String, suggestion: String?)

    public var description: String {
        switch self {
        case .invalid(let message): message
        case .noSuchPerson(let option, let id, let suggestion):
            "\(option) \(MessageText.quoted(id)): no person has this id" + (suggestion.map { "; did you mean \(MessageText.quoted($0))?" } ?? "")
        }
    }
}

/// Which chart kinds take each option that is not for every chart: the one table the
/// command line and the batch check their options against (an option a kind does not take
/// is refused with `refusal(for:)`, never silently ignored), and that their help and
/// docs/using.md list (`markdownTable`, checked by `DocumentationTests`).
public enum ChartOptionSupport: String, CaseIterable, Sendable {
    case orientation = "--orientation"
    case box = "--box"
    case colourBy = "--color-by"
    case compact = "--compact"
    case widthLimit = "--width-limit"
    case siblings = "--siblings"
    case numbering = "--numbering"
    case descendantGenerations = "--descendant-generations"
    case to = "--to"
    case fanAngle = "--fan-angle"
    case fanDirection = "--fan-direction"
    case fanEmpty = "--fan-empty"
    case fanColours = "--fan-colors"

    /// The kinds that take the option, in `ChartKind`'s order.
    public var kinds: [ChartKind] {
        switch self {
        case .orientation, .box, .colourBy: ChartKind.allCases.filter { $0 != .fan }
        case .compact, .widthLimit: [.family]
        case .siblings, .numbering: [.ancestors, .hourglass]
        case .descendantGenerations: [.hourglass]
        case .to: [.relationship]
        case .fanAngle, .fanDirection, .fanEmpty, .fanColours: [.fan]
        }
    }

    /// Whether charts of `kind` take the option.
    public func applies(to kind: ChartKind) -> Bool { kinds.contains(kind) }

    /// What the option does to the charts that take it, for the table.
    var purpose: String {
        switch self {
        case .orientation: "which way the generations run"
        case .box: "what boxes say"
        case .colourBy: "box colours by a scheme, with a legend"
        case .compact: "each part as narrow as its rows allow"
        case .widthLimit: "how far wide parts are narrowed"
        case .siblings: "the focus's brothers and sisters beside them"
        case .numbering: "Sosa numbers in the boxes"
        case .descendantGenerations: "rows below the focus"
        case .to: "the second person"
        case .fanAngle: "the fan's sweep"
        case .fanDirection: "ancestors or descendants outward"
        case .fanEmpty: "unknown ancestors' cells"
        case .fanColours: "cells by gender or lineage"
        }
    }

    /// The message refusing the option on a chart of `kind` (nil: the kind takes it).
    public func refusal(for kind: ChartKind) -> String? {
        guard !applies(to: kind) else { return nil }
        let list = Self.alternatives(kinds.map(\.rawValue))
        switch self {
        case .orientation: return "--orientation is for charts with rows (\(kinds.map(\.rawValue).joined(separator: ", "))), not fans"
        case .box: return "--box is for charts with boxes (\(list)), not fans: a fan's cells say the name and the years"
        case .colourBy: return "--color-by is for charts with boxes (\(list)), not fans: --fan-colors lineage colours a fan"
        default: return "\(rawValue) is for --chart \(list), not \(kind.rawValue)"
        }
    }

    /// The help's note of the kinds that take the option ("For family, … or relationship charts.").
    public var helpNote: String { "For \(Self.alternatives(kinds.map(\.rawValue))) charts." }

    /// The table of docs/using.md: one row per option, the kinds that take it and what it does.
    public static var markdownTable: String {
        var lines = ["| option | charts | what it does |", "|---|---|---|"]
        for option in allCases {
            lines.append("| `\(option.rawValue)` | \(option.kinds.map(\.rawValue).joined(separator: ", ")) | \(option.purpose) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "a, b or c".
    static func alternatives(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}

extension ChartOptionSupport {
    /// The message refusing the options set beside a chart request that charts of `kind`
    /// do not take: a turn (`orientation` other than top-down), box content (`box`), box
    /// colours (`colours`); nil when it takes them all.
    public static func refusal(for kind: ChartKind, orientation: ChartOrientation, box: Bool, colours: Bool) -> String? {
        if orientation != .topDown, let refusal = Self.orientation.refusal(for: kind) { return refusal }
        if box, let refusal = Self.box.refusal(for: kind) { return refusal }
        if colours, let refusal = colourBy.refusal(for: kind) { return refusal }
        return nil
    }
}

extension ChartLayout {
    /// The message refusing an option set beside the request (`--orientation`, `--box`,
    /// `--color-by`) that this layout's chart kind does not take (`ChartOptionSupport`), or nil.
    public var unsupportedOption: String? {
        ChartOptionSupport.refusal(for: request.kind, orientation: orientation, box: boxContent != nil, colours: colouring != nil)
    }
}

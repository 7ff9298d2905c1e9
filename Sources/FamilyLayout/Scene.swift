import FamilyModel

/// Everything the painter needs to draw a chart, fully resolved: no layout decisions
/// are left to the renderer. Units are points (1/72 in), origin top-left, y down.
///
/// Encoded as JSON by `familychart layout`; other tools read the field names, so they
/// are part of the public contract.
public struct Scene: Codable, Equatable, Sendable {
    /// The version of this format. It grows only when a field changes meaning (a new field
    /// does not change it); a scene without the field is format 1. Format 3: a parent in
    /// `squeezedParts` may hang up to `hangReach` beyond its children's span.
    public static let currentFormat = 3

    /// The format version the scene was written in (`"format"`).
    public var format: Int
    /// What kind of chart the scene is (`"chart"`): the whole family as one connected
    /// drawing per part, or the descendants of roots as trees.
    public var chart: ChartKind
    public var width: Double
    public var height: Double
    public var persons: [PersonBox]
    public var coupleBars: [CoupleBar]
    public var connectors: [Connector]
    /// Annular sectors of round charts (`"wedges"`, written only when there are any),
    /// drawn under the connectors.
    public var wedges: [Wedge] = []
    /// Text set at an angle or along an arc (`"texts"`, written only when there is any),
    /// drawn over everything else.
    public var texts: [SceneText] = []
    /// Row labels in the margins of each part ("Gen 12 · 1840–1875"), in charts that draw
    /// references by generation. Encoded as `"rowLabels"` only when there are any.
    public var rowLabels: [RowLabel] = []
    /// A faint frame around each part of a chart of several parts (the persons without
    /// family in one frame for their block). Encoded as `"partFrames"` only when there are any.
    public var partFrames: [PartFrame] = []
    /// What each box colour means when a colour scheme chose them (`--color-by`), in the
    /// legend's order. Encoded as `"colourKey"` only when there are any.
    public var colourKey: [ColourKey] = []
    /// Parts of a family chart whose parents were allowed to stand anywhere over their own
    /// children's span (first to last child), or up to `hangReach` beyond it, rather than
    /// exactly over their middle, to keep the part within the width limit
    /// (`FamilyChartOptions.widthLimit`) or because the chart is `--compact`. Encoded as
    /// `"squeezedParts"` only when there are any.
    public var squeezedParts: [Int] = []
    /// In `squeezedParts`, how far (points) a parents' line may come down beyond the centre
    /// of their outermost child, running sideways along its track to the children; 0 (and
    /// absent, as in every scene before format 3): never beyond the children's span.
    /// Encoded as `"hangReach"` only when above 0.
    public var hangReach: Double = 0
    /// `--compact` family charts: childless siblings without partners who stand in a column
    /// under their parents' line instead of side by side in their row (`LeafStack`).
    /// Encoded as `"leafStacks"` only when there are any.
    public var leafStacks: [LeafStack] = []

    public init(width: Double, height: Double, persons: [PersonBox], coupleBars: [CoupleBar], connectors: [Connector],
                chart: ChartKind = .descendants) {
        self.format = Self.currentFormat
        self.chart = chart
        self.width = width
        self.height = height
        self.persons = persons
        self.coupleBars = coupleBars
        self.connectors = connectors
    }

    private enum CodingKeys: String, CodingKey { case format, chart, width, height, persons, coupleBars, connectors, wedges, texts, rowLabels, partFrames, colourKey, squeezedParts, hangReach, leafStacks }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        format = try c.decodeIfPresent(Int.self, forKey: .format) ?? 1
        chart = try c.decodeIfPresent(ChartKind.self, forKey: .chart) ?? .descendants
        width = try c.decode(Double.self, forKey: .width)
        height = try c.decode(Double.self, forKey: .height)
        persons = try c.decode([PersonBox].self, forKey: .persons)
        coupleBars = try c.decode([CoupleBar].self, forKey: .coupleBars)
        connectors = try c.decode([Connector].self, forKey: .connectors)
        wedges = try c.decodeIfPresent([Wedge].self, forKey: .wedges) ?? []
        texts = try c.decodeIfPresent([SceneText].self, forKey: .texts) ?? []
        rowLabels = try c.decodeIfPresent([RowLabel].self, forKey: .rowLabels) ?? []
        partFrames = try c.decodeIfPresent([PartFrame].self, forKey: .partFrames) ?? []
        colourKey = try c.decodeIfPresent([ColourKey].self, forKey: .colourKey) ?? []
        squeezedParts = try c.decodeIfPresent([Int].self, forKey: .squeezedParts) ?? []
        hangReach = try c.decodeIfPresent(Double.self, forKey: .hangReach) ?? 0
        leafStacks = try c.decodeIfPresent([LeafStack].self, forKey: .leafStacks) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(format, forKey: .format)
        try c.encode(chart, forKey: .chart)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encode(persons, forKey: .persons)
        try c.encode(coupleBars, forKey: .coupleBars)
        try c.encode(connectors, forKey: .connectors)
        if !wedges.isEmpty { try c.encode(wedges, forKey: .wedges) }
        if !texts.isEmpty { try c.encode(texts, forKey: .texts) }
        if !rowLabels.isEmpty { try c.encode(rowLabels, forKey: .rowLabels) }
        if !partFrames.isEmpty { try c.encode(partFrames, forKey: .partFrames) }
        if !squeezedParts.isEmpty { try c.encode(squeezedParts, forKey: .squeezedParts) }
        if hangReach > 0 { try c.encode(hangReach, forKey: .hangReach) }
        if !leafStacks.isEmpty { try c.encode(leafStacks, forKey: .leafStacks) }
        if !colourKey.isEmpty { try c.encode(colourKey, forKey: .colourKey) }
    }
}

/// A generation row's label in a part's margin: "Gen N", and the span of the birth years
/// of the row's persons where any are dated ("Gen 12 · 1840–1875"). `x, y, width, height`
/// is the label's room (left of the part's first box, or right of its last), as tall as
/// the row's boxes; the painter draws the text faintly, vertically centred.
public struct RowLabel: Codable, Equatable, Sendable {
    public var part: Int
    /// The row (`PersonBox.generation`; the label says it counted from 1, as references do).
    public var generation: Int
    public var text: String
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(part: Int, generation: Int, text: String, x: Double, y: Double, width: Double, height: Double) {
        self.part = part
        self.generation = generation
        self.text = text
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// A faint rectangle around one part of the chart, in the gap between it and its
/// neighbours: it never crosses a box or a line. `part` is the boxes' `part` (the block of
/// persons without family: the first of its persons' parts).
public struct PartFrame: Codable, Equatable, Sendable {
    public var part: Int
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(part: Int, x: Double, y: Double, width: Double, height: Double) {
        self.part = part
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// A leaf stack (`--compact`): childless siblings without partners, consecutive in birth
/// order, standing one under another below their parents' line instead of side by side.
/// The first box stands in its generation's row, the others below it (closer than the
/// rows: a stacked box is never read as the next generation's); their `generation` stays
/// their row's. Each one's connector comes down the *spine*, an upright line just left of
/// the boxes, and ends at the box's left edge at mid-height.
public struct LeafStack: Codable, Equatable, Sendable {
    /// Indexes into `persons`, top to bottom (birth order).
    public var boxes: [Int]
    /// x of the spine.
    public var spine: Double

    public init(boxes: [Int], spine: Double) {
        self.boxes = boxes
        self.spine = spine
    }
}

/// The kinds of chart a scene can hold.
public enum ChartKind: String, Codable, Sendable, NamedCases {
    /// The whole family file as one connected drawing per part (`--layout family`).
    case family
    /// Descendants of one person or of every root, as tidy trees (`--root`, `--layout tidy|columns`).
    case descendants
    /// One person's ancestors (a pedigree), the focus at the bottom (`--chart ancestors`).
    case ancestors
    /// One person's ancestors above and descendants below (`--chart hourglass`).
    case hourglass
    /// How one person is related to another: the common ancestors and both lines of
    /// descent, or the marriage path (`--chart relationship --focus A --to B`).
    case relationship
    /// One person's ancestors (or descendants) on rings of wedges around them (`--chart fan`).
    case fan
}

/// One person's rounded box and the text inside it.
public struct PersonBox: Codable, Equatable, Sendable {
    public var id: String
    public var name: String
    public var gender: Gender
    /// The row: generation index from the seed input (counted from the chosen root's
    /// generation with `--root`), or generations below the tree's root otherwise; boxes of
    /// one generation share `y`.
    public var generation: Int
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// Optional smaller second line under the name (e.g. the age), already formatted.
    public var detail: String?
    /// True for a second place of a person whose primary box is elsewhere in the chart
    /// (`detail` says where); drawn dashed. Encoded as `"reference": true` only when true.
    public var isReference: Bool
    /// On a primary box: how many reference boxes point to it (pedigree collapse); the
    /// painter shows a "×N" badge (N places in all). Encoded as `"references"` when above 0.
    public var references: Int
    /// The branch the person belongs to: each child of a tree's root starts one (numbered
    /// across the chart, left to right); their partners and descendants share it. Nil for
    /// roots and their partners. Encoded as `"lineage"` when present.
    public var lineage: Int?
    /// Path of the person's photo (PNG or JPEG), drawn at the left of the box. Encoded
    /// as `"photo"` when present.
    public var photo: String?
    /// An optional second name line (native script, romanised or married name), shown
    /// small under the name. Encoded as `"secondName"` when present.
    public var secondName: String?
    /// Which connected part of the chart the box belongs to (parts are laid out apart and
    /// packed on the page; `generation` counts rows within the part). Encoded as `"part"`.
    public var part: Int = 0
    /// For a reference box, why it is there. Encoded as `"reason"` when present.
    public var referenceReason: ReferenceReason?
    /// Where the given names are in `name` (`[start, end)` in Unicode code points), when
    /// the input marks them (GEDCOM): a name that does not fit is shortened there and
    /// nowhere else. Encoded as `"givenNames": [start, end]` when present.
    public var givenNames: NameSpan?
    /// In ancestor and hourglass charts, the box's Sosa–Stradonitz number (the focus 1, a
    /// person n's father 2n, mother 2n + 1), in decimal (it outgrows 64 bits past 63
    /// generations). Encoded as `"sosa"` when present.
    public var sosa: String?
    /// Further small lines under the detail, in order (`--box`: places, occupation, id,
    /// age), each fitted to the box on one line. Encoded as `"lines"` when there are any.
    public var lines: [String] = []
    /// The box's fill and outline (`#RRGGBB`) when a colour scheme chose them (`--color-by`);
    /// nil: the theme's colours for the gender. Encoded as `"fill"`, `"outline"` when present.
    public var fill: String?
    public var outline: String?
    /// A short mark naming the box's colour ("A", "3"), drawn in its top-left corner when
    /// the theme has no colour ink. Encoded as `"mark"` when present.
    public var mark: String?
    /// In round charts (fans), the index in `Scene.wedges` of the wedge that draws this
    /// person: such an entry is drawn by its wedge and texts, not as a box; `x, y, width,
    /// height` are the wedge's bounding rectangle. Encoded as `"wedge"` when present.
    public var wedge: Int?

    public init(id: String, name: String, gender: Gender, generation: Int,
                x: Double, y: Double, width: Double, height: Double, detail: String? = nil, isReference: Bool = false,
                references: Int = 0) {
        self.id = id
        self.name = name
        self.gender = gender
        self.generation = generation
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.detail = detail
        self.isReference = isReference
        self.references = references
    }

    public var centerX: Double { x + width / 2 }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    private enum CodingKeys: String, CodingKey {
        case id, name, gender, generation, x, y, width, height, detail, isReference = "reference", references, lineage, photo, secondName
        case part, referenceReason = "reason", givenNames, sosa, lines, fill, outline, mark, wedge
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        gender = try c.decode(Gender.self, forKey: .gender)
        generation = try c.decode(Int.self, forKey: .generation)
        x = try c.decode(Double.self, forKey: .x)
        y = try c.decode(Double.self, forKey: .y)
        width = try c.decode(Double.self, forKey: .width)
        height = try c.decode(Double.self, forKey: .height)
        detail = try c.decodeIfPresent(String.self, forKey: .detail)
        isReference = try c.decodeIfPresent(Bool.self, forKey: .isReference) ?? false
        references = try c.decodeIfPresent(Int.self, forKey: .references) ?? 0
        lineage = try c.decodeIfPresent(Int.self, forKey: .lineage)
        photo = try c.decodeIfPresent(String.self, forKey: .photo)
        secondName = try c.decodeIfPresent(String.self, forKey: .secondName)
        part = try c.decodeIfPresent(Int.self, forKey: .part) ?? 0
        referenceReason = try c.decodeIfPresent(ReferenceReason.self, forKey: .referenceReason)
        givenNames = try c.decodeIfPresent(NameSpan.self, forKey: .givenNames)
        sosa = try c.decodeIfPresent(String.self, forKey: .sosa)
        lines = try c.decodeIfPresent([String].self, forKey: .lines) ?? []
        fill = try c.decodeIfPresent(String.self, forKey: .fill)
        outline = try c.decodeIfPresent(String.self, forKey: .outline)
        mark = try c.decodeIfPresent(String.self, forKey: .mark)
        wedge = try c.decodeIfPresent(Int.self, forKey: .wedge)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(gender, forKey: .gender)
        try c.encode(generation, forKey: .generation)
        try c.encode(x, forKey: .x)
        try c.encode(y, forKey: .y)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encodeIfPresent(detail, forKey: .detail)
        if isReference { try c.encode(true, forKey: .isReference) }
        if references > 0 { try c.encode(references, forKey: .references) }
        try c.encodeIfPresent(lineage, forKey: .lineage)
        try c.encodeIfPresent(photo, forKey: .photo)
        try c.encodeIfPresent(secondName, forKey: .secondName)
        try c.encode(part, forKey: .part)
        try c.encodeIfPresent(referenceReason, forKey: .referenceReason)
        try c.encodeIfPresent(givenNames, forKey: .givenNames)
        try c.encodeIfPresent(sosa, forKey: .sosa)
        if !lines.isEmpty { try c.encode(lines, forKey: .lines) }
        try c.encodeIfPresent(fill, forKey: .fill)
        try c.encodeIfPresent(outline, forKey: .outline)
        try c.encodeIfPresent(mark, forKey: .mark)
        try c.encodeIfPresent(wedge, forKey: .wedge)
    }
}

/// The bar joining two partners. Beside each other it runs straight between the facing
/// box edges at mid-height; a partner further out (a person with several partners) is
/// reached by a bar over the partners in between that comes down into the gap beside them.
public struct CoupleBar: Codable, Equatable, Sendable {
    /// Left partner's id, then right partner's id.
    public var ids: [String]
    /// The same two as indices into `Scene.persons` (ids repeat when a person has a reference box).
    public var boxes: [Int]
    /// The bar as a polyline, from the person with several partners to this partner.
    public var points: [Point]
    /// Where the couple's children's connectors start: the middle of the gap beside the
    /// partner, at mid-height.
    public var hang: Point
    /// Divorced or separated: the bar is struck through. Encoded as `"divorced": true` only when true.
    public var isDivorced: Bool
    /// The couple's marriage in words (`--box …,marriage`), in a room above the bar
    /// between the partners' box centres that no line crosses. Encoded as `"label"` when present.
    public var label: BarLabel?

    public init(ids: [String], boxes: [Int], points: [Point], hang: Point, isDivorced: Bool = false) {
        self.ids = ids
        self.boxes = boxes
        self.points = points
        self.hang = hang
        self.isDivorced = isDivorced
    }

    private enum CodingKeys: String, CodingKey { case ids, boxes, points, hang, isDivorced = "divorced", label }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        ids = try c.decode([String].self, forKey: .ids)
        boxes = try c.decode([Int].self, forKey: .boxes)
        points = try c.decode([Point].self, forKey: .points)
        hang = try c.decode(Point.self, forKey: .hang)
        isDivorced = try c.decodeIfPresent(Bool.self, forKey: .isDivorced) ?? false
        label = try c.decodeIfPresent(BarLabel.self, forKey: .label)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(ids, forKey: .ids)
        try c.encode(boxes, forKey: .boxes)
        try c.encode(points, forKey: .points)
        try c.encode(hang, forKey: .hang)
        if isDivorced { try c.encode(true, forKey: .isDivorced) }
        try c.encodeIfPresent(label, forKey: .label)
    }
}

/// A line of small text in its own room (`x, y, width, height`), centred there and fitted
/// to its width (shrunk, then cut with "…").
public struct BarLabel: Codable, Equatable, Sendable {
    public var text: String
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(text: String, x: Double, y: Double, width: Double, height: Double) {
        self.text = text
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// An orthogonal polyline from a parent unit down to one child: it starts at the bottom
/// centre of a single parent or the hang point of the couple bar and ends at the top
/// centre of the child's box.
public struct Connector: Codable, Equatable, Sendable {
    /// The parent ids: one for a single parent, left then right for a couple.
    public var parents: [String]
    public var child: String
    /// The parents' and the child's boxes as indices into `Scene.persons`.
    public var parentBoxes: [Int]
    public var childBox: Int
    public var points: [Point]
    /// True when the child is drawn under another parent unit (a spouse whose own
    /// parents are also in the data): the line crosses over instead of hanging straight.
    public var crossLink: Bool
    /// How the child belongs to the parents; encoded as `"link"` only when not `birth`.
    public var link: ChildLink
    /// How the line is drawn; encoded as `"style"` only when not `link`. A family chart's
    /// line from a couple's second family has `crossLink` but is drawn as its link kind
    /// says; a descendant chart's cross link is drawn in the cross-link style.
    public var style: ConnectorStyle

    public init(parents: [String], child: String, parentBoxes: [Int], childBox: Int, points: [Point], crossLink: Bool = false,
                link: ChildLink = .birth, style: ConnectorStyle = .link) {
        self.parents = parents
        self.child = child
        self.parentBoxes = parentBoxes
        self.childBox = childBox
        self.points = points
        self.crossLink = crossLink
        self.link = link
        self.style = style
    }

    private enum CodingKeys: String, CodingKey { case parents, child, parentBoxes, childBox, points, crossLink, link, style }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        parents = try container.decode([String].self, forKey: .parents)
        child = try container.decode(String.self, forKey: .child)
        parentBoxes = try container.decode([Int].self, forKey: .parentBoxes)
        childBox = try container.decode(Int.self, forKey: .childBox)
        points = try container.decode([Point].self, forKey: .points)
        crossLink = try container.decodeIfPresent(Bool.self, forKey: .crossLink) ?? false
        link = try container.decodeIfPresent(ChildLink.self, forKey: .link) ?? .birth
        style = try container.decodeIfPresent(ConnectorStyle.self, forKey: .style) ?? .link
    }

    /// `crossLink`, `link` and `style` are written only when not the default, keeping the
    /// common case to the documented fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(parents, forKey: .parents)
        try container.encode(child, forKey: .child)
        try container.encode(parentBoxes, forKey: .parentBoxes)
        try container.encode(childBox, forKey: .childBox)
        try container.encode(points, forKey: .points)
        if crossLink { try container.encode(true, forKey: .crossLink) }
        if link != .birth { try container.encode(link, forKey: .link) }
        if style != .link { try container.encode(style, forKey: .style) }
    }
}

/// A point, encoded as a two-element array `[x, y]`.
public struct Point: Codable, Equatable, Sendable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        x = try container.decode(Double.self)
        y = try container.decode(Double.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(x)
        try container.encode(y)
    }
}

import FamilyModel

/// Everything the painter needs to draw a chart, fully resolved: no layout decisions
/// are left to the renderer. Units are points (1/72 in), origin top-left, y down.
///
/// Encoded as JSON by `familychart layout`; other tools read the field names, so they
/// are part of the public contract.
public struct Scene: Codable, Equatable, Sendable {
    public var width: Double
    public var height: Double
    public var persons: [PersonBox]
    public var coupleBars: [CoupleBar]
    public var connectors: [Connector]

    public init(width: Double, height: Double, persons: [PersonBox], coupleBars: [CoupleBar], connectors: [Connector]) {
        self.width = width
        self.height = height
        self.persons = persons
        self.coupleBars = coupleBars
        self.connectors = connectors
    }
}

/// One person's rounded box and the text inside it.
public struct PersonBox: Codable, Equatable, Sendable {
    public var id: String
    public var name: String
    public var gender: Gender
    /// Generation index from the input; boxes of one generation share `y`.
    public var generation: Int
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// Optional smaller second line under the name (e.g. the age), already formatted.
    public var detail: String?

    public init(id: String, name: String, gender: Gender, generation: Int,
                x: Double, y: Double, width: Double, height: Double, detail: String? = nil) {
        self.id = id
        self.name = name
        self.gender = gender
        self.generation = generation
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.detail = detail
    }

    public var centerX: Double { x + width / 2 }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
}

/// The horizontal bar joining two spouses, drawn between their facing box edges.
public struct CoupleBar: Codable, Equatable, Sendable {
    /// Left spouse's id, then right spouse's id.
    public var ids: [String]
    public var x1: Double
    public var x2: Double
    public var y: Double

    public init(ids: [String], x1: Double, x2: Double, y: Double) {
        self.ids = ids
        self.x1 = x1
        self.x2 = x2
        self.y = y
    }

    public var midX: Double { (x1 + x2) / 2 }
}

/// An orthogonal polyline from a parent unit down to one child: it starts at the bottom
/// centre of a single parent or the middle of the couple bar and ends at the top centre
/// of the child's box.
public struct Connector: Codable, Equatable, Sendable {
    /// The parent ids: one for a single parent, left then right for a couple.
    public var parents: [String]
    public var child: String
    public var points: [Point]
    /// True when the child is drawn under another parent unit (a spouse whose own
    /// parents are also in the data): the line crosses over instead of hanging straight.
    public var crossLink: Bool

    public init(parents: [String], child: String, points: [Point], crossLink: Bool = false) {
        self.parents = parents
        self.child = child
        self.points = points
        self.crossLink = crossLink
    }

    private enum CodingKeys: String, CodingKey { case parents, child, points, crossLink }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        parents = try container.decode([String].self, forKey: .parents)
        child = try container.decode(String.self, forKey: .child)
        points = try container.decode([Point].self, forKey: .points)
        crossLink = try container.decodeIfPresent(Bool.self, forKey: .crossLink) ?? false
    }

    /// `crossLink` is written only when true, keeping the common case to the documented fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(parents, forKey: .parents)
        try container.encode(child, forKey: .child)
        try container.encode(points, forKey: .points)
        if crossLink { try container.encode(true, forKey: .crossLink) }
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

import FamilyModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Primitives for round charts (fan charts): annular sectors and text set at an angle or
// along an arc. Angles are in degrees, measured from the positive x axis and growing
// clockwise on the page (y points down), as in SVG and Cairo: 0 points right, 90 down,
// 180 left, 270 up. A fan over the top half runs from 180 to 360.

/// An annular sector ("wedge"): the ring between `innerRadius` and `outerRadius` around
/// `center`, from `startAngle` clockwise to `endAngle`. With `innerRadius` 0 it is a pie
/// slice; with a sweep of 360 a full ring.
public struct Wedge: Codable, Equatable, Sendable {
    public var center: Point
    public var innerRadius: Double
    public var outerRadius: Double
    /// Degrees, clockwise from the positive x axis; `startAngle` ≤ `endAngle` ≤ `startAngle` + 360.
    public var startAngle: Double
    public var endAngle: Double
    public var fill: WedgeFill
    public var outline: WedgeOutline
    /// The person the wedge stands for, if any: the semantic SVG makes it a group with
    /// `data-id` (like a person's box) and the HTML page selects the person on a click.
    public var person: String?

    public init(center: Point, innerRadius: Double, outerRadius: Double, startAngle: Double, endAngle: Double,
                fill: WedgeFill = .none, outline: WedgeOutline = .solid, person: String? = nil) {
        self.center = center
        self.innerRadius = innerRadius
        self.outerRadius = outerRadius
        self.startAngle = startAngle
        self.endAngle = endAngle
        self.fill = fill
        self.outline = outline
        self.person = person
    }

    /// The wedge's bounding rectangle: its corners and the points of its outer arc on the axes.
    public var bounds: Box {
        var points: [(Double, Double)] = []
        func at(_ r: Double, _ degrees: Double) {
            points.append((center.x + r * cos(degrees * Double.pi / 180), center.y + r * sin(degrees * Double.pi / 180)))
        }
        for r in [innerRadius, outerRadius] { at(r, startAngle); at(r, endAngle) }
        var axis = (startAngle / 90).rounded(.up) * 90
        while axis <= endAngle { at(outerRadius, axis); axis += 90 }
        let xs = points.map(\.0), ys = points.map(\.1)
        return Box(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// The middle of the wedge (halfway between its radii and its angles), where a label
    /// along it usually goes.
    public var middle: (radius: Double, angle: Double) { ((innerRadius + outerRadius) / 2, (startAngle + endAngle) / 2) }

    private enum CodingKeys: String, CodingKey {
        case center, innerRadius = "inner", outerRadius = "outer", startAngle = "start", endAngle = "end", fill, outline, person
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        center = try c.decode(Point.self, forKey: .center)
        innerRadius = try c.decode(Double.self, forKey: .innerRadius)
        outerRadius = try c.decode(Double.self, forKey: .outerRadius)
        startAngle = try c.decode(Double.self, forKey: .startAngle)
        endAngle = try c.decode(Double.self, forKey: .endAngle)
        fill = try c.decodeIfPresent(WedgeFill.self, forKey: .fill) ?? .none
        outline = try c.decodeIfPresent(WedgeOutline.self, forKey: .outline) ?? .solid
        person = try c.decodeIfPresent(String.self, forKey: .person)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(center, forKey: .center)
        try c.encode(innerRadius, forKey: .innerRadius)
        try c.encode(outerRadius, forKey: .outerRadius)
        try c.encode(startAngle, forKey: .startAngle)
        try c.encode(endAngle, forKey: .endAngle)
        try c.encode(fill, forKey: .fill)
        try c.encode(outline, forKey: .outline)
        try c.encodeIfPresent(person, forKey: .person)
    }
}

/// How a wedge is filled: not at all, in the colours of a person's box of that gender, as
/// a reference box (the background), or in an explicit colour. Encoded as a string:
/// `"none"`, `"male"`, `"female"`, `"unknown"`, `"reference"` or `"#rrggbb"`.
public enum WedgeFill: Codable, Equatable, Sendable {
    case none
    case gender(Gender)
    case reference
    /// Red, green and blue, 0–255.
    case colour(red: UInt8, green: UInt8, blue: UInt8)

    /// The encoded form.
    public var text: String {
        switch self {
        case .none: "none"
        case .gender(let gender): gender.rawValue
        case .reference: "reference"
        case .colour(let r, let g, let b):
            "#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
    }

    /// The fill `text` encodes, or nil.
    public init?(text: String) {
        switch text {
        case "none": self = .none
        case "reference": self = .reference
        default:
            if let gender = Gender(rawValue: text) { self = .gender(gender); return }
            let digits = Array(text.utf8)
            guard digits.count == 7, digits[0] == UInt8(ascii: "#"),
                  let value = UInt32(String(decoding: digits[1...], as: UTF8.self), radix: 16) else { return nil }
            self = .colour(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
        }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let fill = WedgeFill(text: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown wedge fill '\(text)'"))
        }
        self = fill
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(text)
    }
}

/// How a wedge's edge is drawn: in the box outline colour of its fill (solid), dashed
/// (a reference), thin and light (faint: an empty place, as a fan's unknown ancestors),
/// or not at all.
public enum WedgeOutline: String, Codable, Equatable, Sendable {
    case solid, dashed, faint, none
}

/// A line of text set along a straight baseline at an angle, or along a circular arc.
/// The painter draws it as given: the layout chooses the size so that it fits.
public struct SceneText: Codable, Equatable, Sendable {
    public var text: String
    /// Font size in points.
    public var size: Double
    public var bold: Bool
    public var path: TextPath
    /// The person the text belongs to (the label of their wedge), if any.
    public var person: String?

    public init(_ text: String, size: Double, bold: Bool = false, along path: TextPath, person: String? = nil) {
        self.text = text
        self.size = size
        self.bold = bold
        self.path = path
        self.person = person
    }

    private enum CodingKeys: String, CodingKey { case text, size, bold, line, arc, person }
    private enum LineKeys: String, CodingKey { case at, angle }
    private enum ArcKeys: String, CodingKey { case center, radius, angle, clockwise }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        text = try c.decode(String.self, forKey: .text)
        size = try c.decode(Double.self, forKey: .size)
        bold = try c.decodeIfPresent(Bool.self, forKey: .bold) ?? false
        person = try c.decodeIfPresent(String.self, forKey: .person)
        if c.contains(.arc) {
            let arc = try c.nestedContainer(keyedBy: ArcKeys.self, forKey: .arc)
            path = .arc(center: try arc.decode(Point.self, forKey: .center), radius: try arc.decode(Double.self, forKey: .radius),
                        angle: try arc.decode(Double.self, forKey: .angle),
                        clockwise: try arc.decodeIfPresent(Bool.self, forKey: .clockwise) ?? true)
        } else {
            let line = try c.nestedContainer(keyedBy: LineKeys.self, forKey: .line)
            path = .line(at: try line.decode(Point.self, forKey: .at), angle: try line.decode(Double.self, forKey: .angle))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(text, forKey: .text)
        try c.encode(size, forKey: .size)
        if bold { try c.encode(true, forKey: .bold) }
        switch path {
        case .line(let at, let angle):
            var line = c.nestedContainer(keyedBy: LineKeys.self, forKey: .line)
            try line.encode(at, forKey: .at)
            try line.encode(angle, forKey: .angle)
        case .arc(let center, let radius, let angle, let clockwise):
            var arc = c.nestedContainer(keyedBy: ArcKeys.self, forKey: .arc)
            try arc.encode(center, forKey: .center)
            try arc.encode(radius, forKey: .radius)
            try arc.encode(angle, forKey: .angle)
            try arc.encode(clockwise, forKey: .clockwise)
        }
        try c.encodeIfPresent(person, forKey: .person)
    }
}

/// Where a `SceneText` runs.
public enum TextPath: Equatable, Sendable {
    /// A straight baseline whose middle is `at`, running at `angle` degrees (0: left to
    /// right as usual; 90: downward, the letters' tops to the left; -90: upward).
    case line(at: Point, angle: Double)
    /// A baseline on the circle of `radius` around `center`, the text's middle at `angle`
    /// degrees; read clockwise (letters' tops outward: the top half of a fan) or
    /// anticlockwise (tops inward: readable in the bottom half).
    case arc(center: Point, radius: Double, angle: Double, clockwise: Bool)
}

extension Scene {
    /// The scene as painters draw it: persons drawn by a wedge (`PersonBox.wedge`) are
    /// taken out of `persons`, so that no box is drawn for them; their wedges and texts
    /// name them (the semantic SVG's wedge groups, the page's `wedges`).
    public var drawnByShapes: Scene {
        guard persons.contains(where: { $0.wedge != nil }) else { return self }
        var scene = self
        scene.persons.removeAll { $0.wedge != nil }
        return scene
    }
}

import FamilyModel

/// Options of a fan chart (`--chart fan`).
public struct FanChartOptions: Equatable, Sendable {
    /// The person in the centre (nil: `ChartLayout.defaultFocus`).
    public var focus: Int?
    /// Rings counting the centre: 2…12 (`--generations`, default 6).
    public var generations: Int
    /// The fan's opening in degrees: 180, 225, 270 or 360 (`--fan-angle`, default 225).
    public var sweep: Double
    /// Ancestors outward (the default) or descendants outward (`--fan-direction`).
    public var direction: FanDirection
    /// What unknown ancestors' cells show (`--fan-empty`).
    public var empty: FanEmptyCells
    /// How the cells are coloured (`--fan-colors`).
    public var colours: FanColours
    /// The room the fan is laid out for, in points (a sheet's printable area): the type
    /// sizes chosen are the printed sizes when the chart is printed on that sheet. Nil: the
    /// sheet `FanGeometry.defaultArea(generations:)` gives for the generations.
    public var area: FanArea?

    public static let generationRange = 2...12
    public static let sweeps: [Double] = [180, 225, 270, 360]

    public init(focus: Int? = nil, generations: Int = 6, sweep: Double = 225, direction: FanDirection = .ancestors,
                empty: FanEmptyCells = .show, colours: FanColours = .gender, area: FanArea? = nil) {
        self.focus = focus
        self.generations = generations
        self.sweep = sweep
        self.direction = direction
        self.empty = empty
        self.colours = colours
        self.area = area
    }
}

/// A width and height in points.
public struct FanArea: Equatable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// Which way a fan grows from the person in its centre.
public enum FanDirection: String, Sendable, NamedCases {
    /// Parents in the first ring, grandparents in the second… (Sosa order: the father's
    /// side on the left).
    case ancestors
    /// Children in the first ring, grandchildren in the second…, each person's
    /// descendants in the cells beyond their own.
    case descendants
}

/// The cells of ancestors the file does not know (ancestor fans).
public enum FanEmptyCells: String, Sendable, NamedCases {
    /// Every unknown ancestor's cell within the generations, faint and empty (a research form).
    case show
    /// Only the unknown parents of known persons: one faint ring past what is known.
    case frontier
    /// No empty cells.
    case hide
}

/// How fan cells are filled.
public enum FanColours: String, Sendable, NamedCases {
    /// As person boxes: by gender.
    case gender
    /// By lineage: the father's side in blues and greens, the mother's in reds and
    /// oranges, a hue for each of the four grandparents' quarters, lighter outward.
    case lineage
}

/// Measures text as the painter draws it, for fitting labels into cells. Widths scale
/// with the size; `ascent` and `descent` are fractions of the size (the font's line box).
public struct TextMeasure: @unchecked Sendable {
    /// The advance of one line of text at a size (points), bold or not: the width the
    /// painter gives a straight line of it.
    public var advance: (_ text: String, _ size: Double, _ bold: Bool) -> Double
    /// How far the line box reaches above and below the baseline, per point of size.
    public var ascent: Double
    public var descent: Double

    public init(ascent: Double, descent: Double, advance: @escaping (_ text: String, _ size: Double, _ bold: Bool) -> Double) {
        self.advance = advance
        self.ascent = ascent
        self.descent = descent
    }

    /// The length of `text` along an arc: the painter sets it character by character, so
    /// it is the sum of the characters' advances.
    public func arcAdvance(_ text: String, size: Double, bold: Bool) -> Double {
        text.reduce(0) { $0 + advance(String($1), size, bold) }
    }

    /// A measure without a font, for library use without a painter: generous widths
    /// (0.62 of the size for a small letter, 0.75 for a capital or digit, 0.35 for a space
    /// or punctuation; bold 10 % wider) and DejaVu Sans' line box.
    public static let estimate = TextMeasure(ascent: 0.93, descent: 0.24) { text, size, bold in
        var em = 0.0
        for c in text {
            em += c.isUppercase || c.isNumber ? 0.75 : c.isLetter ? 0.62 : c == "–" ? 0.5 : 0.35
        }
        return em * size * (bold ? 1.1 : 1)
    }
}

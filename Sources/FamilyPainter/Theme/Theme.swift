import FamilyLayout
import FamilyModel
import FoundationEssentials

/// The look of a chart: colours, what they mean, fonts, box size and line widths. Read
/// from a small JSON file (`--theme FILE`, every field optional, defaults from the
/// built-in `colour` theme) or one of the built-ins (`colour`, `print`).
///
/// ```json
/// {"colourBy": "generation", "generations": [{"fill": "#FDE7C8", "outline": "#B7791F"}],
///  "font": "DejaVu Serif", "nameSize": 11, "box": {"width": 120, "height": 56, "radius": 4},
///  "lines": {"connector": 1, "coupleBar": 2, "outline": 1}}
/// ```
public struct Theme: Equatable, Sendable {
    /// What picks a box's colours.
    public enum ColourBy: String, Sendable, CaseIterable {
        /// Male, female, unknown.
        case gender
        /// The row: `generations[row % count]`.
        case generation
        /// The branch: each child of a tree's root and all their descendants share
        /// `lineages[branch % count]`; roots and their partners use the gender colours.
        case lineage
    }

    /// A box's fill and outline, as `#RRGGBB`: the layout's `Swatch`, which colour
    /// schemes write into the scene.
    public typealias BoxColours = Swatch

    public var name: String
    public var colourBy = ColourBy.gender
    public var background = "#FFFFFF"
    public var line = "#5A5A5A"
    public var crossLink = "#8E6FB5"
    public var text = "#1E1E1E"
    public var detailText = "#5C5C5C"
    public var male = BoxColours(fill: "#D5E5F6", outline: "#3F72A6")
    public var female = BoxColours(fill: "#F8DBE6", outline: "#AE4F77")
    public var unknown = BoxColours(fill: "#E7E7E4", outline: "#85857F")
    public var generations: [BoxColours] = [
        BoxColours(fill: "#FDE7C8", outline: "#B7791F"), BoxColours(fill: "#D9F0E3", outline: "#2F855A"),
        BoxColours(fill: "#DCE7F9", outline: "#2B6CB0"), BoxColours(fill: "#EFE0F7", outline: "#805AD5"),
        BoxColours(fill: "#FBE0E0", outline: "#C53030"), BoxColours(fill: "#E2F3F5", outline: "#2C7A7B"),
    ]
    public var lineages: [BoxColours] = [
        BoxColours(fill: "#DCE7F9", outline: "#2B6CB0"), BoxColours(fill: "#D9F0E3", outline: "#2F855A"),
        BoxColours(fill: "#FDE7C8", outline: "#B7791F"), BoxColours(fill: "#EFE0F7", outline: "#805AD5"),
        BoxColours(fill: "#FBE0E0", outline: "#C53030"), BoxColours(fill: "#E2F3F5", outline: "#2C7A7B"),
    ]
    public var font = TextStyle().family
    public var nameSize = 10.0
    public var detailSize = 8.0
    public var boxWidth = 104.0
    public var boxHeight = 52.0
    public var cornerRadius = 8.0
    public var connectorWidth = 1.2
    public var coupleBarWidth = 2.2
    public var outlineWidth = 1.2
    /// The words dates are shown with (`"dates": {"about": "um {}", "born": "* {}"}`).
    public var dates = DateWords.standard
    /// The colours of `--color-by` schemes: Paul Tol's colour-blind-safe "light" set (blues
    /// and greens first, for the father's side; orange, yellow and pink for the mother's),
    /// a pale yellow-to-blue ramp for generations, a grey for everyone else.
    public var schemeColours = SchemeColours(
        categories: ["#77AADD", "#EE8866", "#99DDFF", "#44BB99", "#EEDD88", "#FFAABB", "#BBCC33", "#AAAA00"].map {
            Swatch(fill: $0, outline: BoxColouring.mix(Swatch(fill: $0, outline: $0), Swatch(fill: "#000000", outline: "#000000"), 0.45).fill)
        },
        rampStart: Swatch(fill: "#FFF3C4", outline: "#B7791F"), rampEnd: Swatch(fill: "#7FB3E0", outline: "#2B6CB0"),
        other: Swatch(fill: "#F2F2F2", outline: "#9A9A9A"), marksBoxes: false)

    /// The default: pastel boxes by gender.
    public static let colour = Theme(name: "colour")

    /// Print-friendly greyscale: white and light grey boxes, black lines, no colour ink.
    public static let print: Theme = {
        var theme = Theme(name: "print")
        theme.line = "#000000"
        theme.crossLink = "#555555"
        theme.text = "#000000"
        theme.detailText = "#333333"
        theme.male = BoxColours(fill: "#FFFFFF", outline: "#000000")
        theme.female = BoxColours(fill: "#EDEDED", outline: "#000000")
        theme.unknown = BoxColours(fill: "#FFFFFF", outline: "#777777")
        theme.generations = [BoxColours(fill: "#FFFFFF", outline: "#000000"), BoxColours(fill: "#E6E6E6", outline: "#000000")]
        theme.lineages = theme.generations
        // Greyscale schemes: six shades far enough apart to print, and a letter (or, on a
        // ramp, the generation's number) in each box's corner to tell them apart for sure.
        theme.schemeColours = SchemeColours(
            categories: ["#FFFFFF", "#C8C8C8", "#E8E8E8", "#A0A0A0", "#F4F4F4", "#B4B4B4"].map { Swatch(fill: $0, outline: "#000000") },
            rampStart: Swatch(fill: "#FFFFFF", outline: "#000000"), rampEnd: Swatch(fill: "#9A9A9A", outline: "#000000"),
            other: Swatch(fill: "#FFFFFF", outline: "#777777"), marksBoxes: true)
        theme.cornerRadius = 3
        theme.connectorWidth = 0.9
        theme.coupleBarWidth = 1.8
        theme.outlineWidth = 0.9
        return theme
    }()

    public static let builtIn = [colour, print]

    public init(name: String) { self.name = name }

    /// The built-in theme called `name`, or the theme in the JSON file at `name`.
    public static func named(_ name: String) throws(ThemeError) -> Theme {
        if let builtIn = builtIn.first(where: { $0.name == name }) { return builtIn }
        guard FileManager.default.fileExists(atPath: name) else {
            throw .unreadable(path: name, reason: "no such file (built-in themes: \(builtIn.map(\.name).joined(separator: ", ")))")
        }
        // A regular file of at most 1 MiB: a FIFO or /dev/zero named as theme must not hang or fill memory.
        var file = InputFile(path: name, maximumBytes: 1 << 20)
        file.requiresRegularFile = true
        let data: [UInt8]
        do { data = try file.read() } catch {
            switch error {
            case .unreadable(_, let reason): throw .unreadable(path: name, reason: reason)
            default: throw .unreadable(path: name, reason: "larger than 1 MiB")
            }
        }
        return try ThemeReader(path: name).read(data)
    }

    /// The layout's sizes with this theme's box size.
    public func applied(to style: LayoutStyle) -> LayoutStyle {
        var style = style
        style.boxWidth = boxWidth
        style.boxHeight = boxHeight
        style.maximumBoxWidth = 2 * boxWidth
        style.dateWords = dates
        style.boxLineHeight = (detailSize * 1.25).rounded(.up)
        return style
    }

    /// The painter's text style for this theme.
    public var textStyle: TextStyle {
        var style = TextStyle()
        style.family = font
        style.nameSize = nameSize
        style.detailSize = detailSize
        return style
    }
}

/// Why a theme file cannot be used.
public enum ThemeError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case invalid(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): theme \(reason)"
        case .invalid(let path, let reason): return "\(path): invalid theme: \(reason)"
        }
    }
}

internal import CCairo
import FamilyLayout
import FamilyModel

/// An sRGB colour with components in 0...1.
struct RGB: Equatable {
    var red: Double
    var green: Double
    var blue: Double

    init(hex: UInt32) {
        red = Double((hex >> 16) & 0xFF) / 255
        green = Double((hex >> 8) & 0xFF) / 255
        blue = Double(hex & 0xFF) / 255
    }

    /// `#RRGGBB` (or without `#`).
    init?(_ text: String) {
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        self.init(hex: value)
    }

    func setSource(_ cairo: OpaquePointer) { cairo_set_source_rgb(cairo, red, green, blue) }
}

/// The chart's colours and line widths, resolved from a `Theme`.
struct Palette {
    struct BoxColours: Equatable {
        var fill: RGB
        var outline: RGB
    }

    var background: RGB
    var line: RGB
    var crossLink: RGB
    var text: RGB
    var detailText: RGB
    var connectorWidth: Double
    var coupleBarWidth: Double
    var boxOutlineWidth: Double
    var cornerRadius: Double
    /// Raster boxes whose corner radius is shorter than this many pixels are drawn square
    /// (`ScenePainter.paintBoxes`); 0 keeps every corner round. A square corner covers
    /// 0.215 r² more of its pixel than a round one: at most 0.14 of a pixel below 0.8.
    var squareCornerPixels = 0.8
    /// Raster boxes (square or round) and greeked bars are written straight into small
    /// images' pixels (`PixelRectangles`) instead of through Cairo's rasteriser; false draws
    /// them with Cairo (to compare the two).
    var paintsRectanglesAsPixels = true
    var colourBy: Theme.ColourBy
    private var genders: [BoxColours]  // male, female, unknown
    var generations: [BoxColours]
    private var lineages: [BoxColours]

    init(theme: Theme = .colour) {
        func rgb(_ text: String) -> RGB { RGB(text) ?? RGB(hex: 0) }
        func box(_ c: Theme.BoxColours) -> BoxColours { BoxColours(fill: rgb(c.fill), outline: rgb(c.outline)) }
        background = rgb(theme.background)
        line = rgb(theme.line)
        crossLink = rgb(theme.crossLink)
        text = rgb(theme.text)
        detailText = rgb(theme.detailText)
        connectorWidth = theme.connectorWidth
        coupleBarWidth = theme.coupleBarWidth
        boxOutlineWidth = theme.outlineWidth
        cornerRadius = theme.cornerRadius
        colourBy = theme.colourBy
        genders = [box(theme.male), box(theme.female), box(theme.unknown)]
        generations = theme.generations.map(box)
        lineages = theme.lineages.map(box)
    }

    /// How a connector of each kind is stroked: colour and dash pattern (nil: solid).
    func connectorStyle(link: ChildLink, crossLink: Bool) -> (colour: RGB, dashes: [Double]?) {
        if crossLink { return (self.crossLink, [4, 3]) }
        switch link {
        case .birth: return (line, nil)
        case .adopted: return (line, [5, 3])
        case .foster, .step: return (line, [1.2, 2.2])
        }
    }

    private func genderIndex(_ gender: Gender) -> Int {
        switch gender {
        case .male: 0
        case .female: 1
        case .unknown: 2
        }
    }

    func fill(for gender: Gender) -> RGB { genders[genderIndex(gender)].fill }

    func outline(for gender: Gender) -> RGB { genders[genderIndex(gender)].outline }

    /// A small number naming the box's colours, for batching boxes of one colour into one path.
    func colourKey(for box: PersonBox) -> Int {
        switch colourBy {
        case .gender: return genderIndex(box.gender)
        case .generation: return 3 + box.generation % generations.count
        case .lineage:
            guard let lineage = box.lineage else { return genderIndex(box.gender) }
            return 3 + generations.count + lineage % lineages.count
        }
    }

    /// The colours a key from `colourKey` stands for.
    func colours(forKey key: Int) -> BoxColours {
        if key < 3 { return genders[key] }
        if key < 3 + generations.count { return generations[key - 3] }
        return lineages[key - 3 - generations.count]
    }
}

extension Palette {
    /// This palette with its connectors, couple bars and box outlines at least `pixels`
    /// device pixels wide when drawn at `scale` pixels per point (itself for 0).
    func thickened(toPixels pixels: Double, scale: Double) -> Palette {
        guard pixels > 0, scale > 0 else { return self }
        let least = pixels / scale
        var palette = self
        palette.connectorWidth = max(connectorWidth, least)
        palette.coupleBarWidth = max(coupleBarWidth, least)
        palette.boxOutlineWidth = max(boxOutlineWidth, least)
        return palette
    }
}

internal import CCairo
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

    func setSource(_ cairo: OpaquePointer) { cairo_set_source_rgb(cairo, red, green, blue) }
}

/// The chart's colours and line widths.
struct Palette {
    var background = RGB(hex: 0xFFFFFF)
    var line = RGB(hex: 0x5A5A5A)
    var crossLink = RGB(hex: 0x8E6FB5)
    var text = RGB(hex: 0x1E1E1E)
    var detailText = RGB(hex: 0x5C5C5C)
    var connectorWidth = 1.2
    var coupleBarWidth = 2.2
    var boxOutlineWidth = 1.2
    var cornerRadius = 8.0

    /// How a connector of each kind is stroked: colour and dash pattern (nil: solid).
    func connectorStyle(link: ChildLink, crossLink: Bool) -> (colour: RGB, dashes: [Double]?) {
        if crossLink { return (self.crossLink, [4, 3]) }
        switch link {
        case .birth: return (line, nil)
        case .adopted: return (line, [5, 3])
        case .foster, .step: return (line, [1.2, 2.2])
        }
    }

    func fill(for gender: Gender) -> RGB {
        switch gender {
        case .male: RGB(hex: 0xD5E5F6)
        case .female: RGB(hex: 0xF8DBE6)
        case .unknown: RGB(hex: 0xE7E7E4)
        }
    }

    func outline(for gender: Gender) -> RGB {
        switch gender {
        case .male: RGB(hex: 0x3F72A6)
        case .female: RGB(hex: 0xAE4F77)
        case .unknown: RGB(hex: 0x85857F)
        }
    }
}

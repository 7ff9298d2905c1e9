internal import CCairo
import FamilyLayout

extension ScenePainter {
    /// The size a couple bar's label is set at: the largest of `barLabelSizes` at which it
    /// fits its room's width on one line, else the smallest (and then cut with "…").
    static func barLabelSize(_ label: BarLabel, text: TextEngine) -> Double {
        barLabelSizes.first { text.advance(of: label.text, size: $0, bold: false) <= label.width } ?? barLabelSizes.last!
    }

    static let barLabelSizes = [6.5, 6.0, 5.5]

    /// The top of a label's line at `size`, centred in its room's height.
    static func barLabelTop(_ label: BarLabel, size: Double) -> Double { label.y + (label.height - size * 1.17) / 2 }

    /// Marriage labels over the couple bars, in the detail colour, centred in their rooms.
    func paintBarLabels(_ scene: Scene, on cairo: OpaquePointer) {
        guard scene.coupleBars.contains(where: { $0.label != nil }) else { return }
        palette.detailText.setSource(cairo)
        for bar in scene.coupleBars {
            guard let label = bar.label else { continue }
            let size = Self.barLabelSize(label, text: text)
            text.drawText(label.text, size: size, x: label.x, y: Self.barLabelTop(label, size: size), width: label.width,
                          alignment: PANGO_ALIGN_CENTER, in: cairo)
        }
    }
}

extension ScenePainter {
    /// A colour mark's size and its place from the box's top-left corner.
    static let markSize = 5.0, markInset = (x: 2.5, y: 1.0)

    /// Each box's colour mark ("A", "3") small in its top-left corner, where a centred
    /// label leaves room (the name starts the theme's padding below the top).
    func paintMarks(_ scene: Scene, on cairo: OpaquePointer) {
        guard scene.persons.contains(where: { $0.mark != nil }) else { return }
        palette.detailText.setSource(cairo)
        for box in scene.persons {
            guard let mark = box.mark else { continue }
            text.drawText(mark, size: Self.markSize, bold: true, x: box.x + Self.markInset.x, y: box.y + Self.markInset.y,
                          width: max(1, box.width / 2), in: cairo)
        }
    }
}

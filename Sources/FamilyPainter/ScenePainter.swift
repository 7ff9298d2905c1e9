internal import CCairo
import FamilyLayout

/// Draws a scene onto a Cairo context, in scene points. It decides nothing about
/// placement: every coordinate comes from the scene.
struct ScenePainter {
    let text: TextEngine
    let palette: Palette

    func paint(_ scene: Scene, on cairo: OpaquePointer) {
        palette.background.setSource(cairo)
        cairo_paint(cairo)

        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_MITER)
        cairo_set_line_width(cairo, palette.connectorWidth)
        for crossLink in [false, true] {
            (crossLink ? palette.crossLink : palette.line).setSource(cairo)
            if crossLink {
                let dashes: [Double] = [4, 3]
                cairo_set_dash(cairo, dashes, 2, 0)
            }
            for connector in scene.connectors where connector.crossLink == crossLink {
                guard let first = connector.points.first else { continue }
                cairo_move_to(cairo, first.x, first.y)
                for point in connector.points.dropFirst() { cairo_line_to(cairo, point.x, point.y) }
                cairo_stroke(cairo)
            }
            cairo_set_dash(cairo, nil, 0, 0)
        }

        palette.line.setSource(cairo)
        cairo_set_line_width(cairo, palette.coupleBarWidth)
        for bar in scene.coupleBars {
            cairo_move_to(cairo, bar.x1, bar.y)
            cairo_line_to(cairo, bar.x2, bar.y)
        }
        cairo_stroke(cairo)

        cairo_set_line_width(cairo, palette.boxOutlineWidth)
        for box in scene.persons {
            roundedRectangle(cairo, box.x, box.y, box.width, box.height, palette.cornerRadius)
            palette.fill(for: box.gender).setSource(cairo)
            cairo_fill_preserve(cairo)
            palette.outline(for: box.gender).setSource(cairo)
            cairo_stroke(cairo)
            text.drawLabel(name: box.name, detail: box.detail, x: box.x, y: box.y, width: box.width, height: box.height,
                           in: cairo, nameColor: palette.text, detailColor: palette.detailText)
        }
    }

    private func roundedRectangle(_ cairo: OpaquePointer, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ radius: Double) {
        let r = min(radius, w / 2, h / 2)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, x + w - r, y + r, r, -Double.pi / 2, 0)
        cairo_arc(cairo, x + w - r, y + h - r, r, 0, Double.pi / 2)
        cairo_arc(cairo, x + r, y + h - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cairo, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cairo)
    }
}

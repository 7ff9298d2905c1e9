internal import CCairo
#if canImport(Glibc)
import Glibc
#endif
import FamilyLayout
import FamilyModel

/// Round charts' primitives on Cairo: wedges (annular sectors) and text at an angle or
/// along an arc. Angles in the scene are degrees, clockwise from the positive x axis (y
/// down), which is Cairo's own sense of `cairo_arc`.
extension ScenePainter {
    /// The fill and outline colours of a wedge, as a box of the same kind has them.
    static func colours(of wedge: Wedge, palette: Palette) -> (fill: RGB?, outline: RGB) {
        switch wedge.fill {
        case .none: (nil, palette.line)
        case .gender(let gender): (palette.fill(for: gender), palette.outline(for: gender))
        case .reference: (palette.background, palette.outline(for: .unknown))
        case .colour(let r, let g, let b): (RGB(hex: UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)), palette.line)
        }
    }

    /// A faint outline's colour: `colour` two thirds of the way to the background.
    static func faint(_ colour: RGB, palette: Palette) -> RGB {
        var mixed = colour
        mixed.red += (palette.background.red - colour.red) * 2 / 3
        mixed.green += (palette.background.green - colour.green) * 2 / 3
        mixed.blue += (palette.background.blue - colour.blue) * 2 / 3
        return mixed
    }

    /// Adds the outline of `wedge` to the current path: the outer arc clockwise, the inner
    /// arc back (or the centre, for a pie slice); a whole ring or disc without a seam.
    static func addWedge(_ wedge: Wedge, on cairo: OpaquePointer) {
        let (a0, a1) = (radians(wedge.startAngle), radians(wedge.endAngle))
        let (x, y) = (wedge.center.x, wedge.center.y)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, x, y, wedge.outerRadius, a0, a1)
        if wedge.endAngle - wedge.startAngle >= 360 {
            cairo_close_path(cairo)
            guard wedge.innerRadius > 0 else { return }
            cairo_new_sub_path(cairo)
            cairo_arc_negative(cairo, x, y, wedge.innerRadius, a1, a0)
        } else if wedge.innerRadius > 0 {
            cairo_arc_negative(cairo, x, y, wedge.innerRadius, a1, a0)
        } else {
            cairo_line_to(cairo, x, y)
        }
        cairo_close_path(cairo)
    }

    /// The wedges, each filled and outlined in its colours (under the lines and boxes).
    func paintWedges(_ scene: Scene, on cairo: OpaquePointer) {
        guard !scene.wedges.isEmpty else { return }
        cairo_set_line_width(cairo, palette.boxOutlineWidth)
        for wedge in scene.wedges {
            let (fill, outline) = Self.colours(of: wedge, palette: palette)
            Self.addWedge(wedge, on: cairo)
            if let fill {
                fill.setSource(cairo)
                if wedge.outline == .none { cairo_fill(cairo) } else { cairo_fill_preserve(cairo) }
            }
            guard wedge.outline != .none else {
                cairo_new_path(cairo)
                continue
            }
            if wedge.outline == .dashed { cairo_set_dash(cairo, [3, 2], 2, 0) }
            if wedge.outline == .faint {
                Self.faint(outline, palette: palette).setSource(cairo)
                cairo_set_line_width(cairo, palette.boxOutlineWidth / 2)
            } else {
                outline.setSource(cairo)
            }
            cairo_stroke(cairo)
            cairo_set_dash(cairo, nil, 0, 0)
            cairo_set_line_width(cairo, palette.boxOutlineWidth)
        }
    }

    /// The scene's texts at an angle or along an arc, in the text colour (over everything).
    func paintTexts(_ scene: Scene, on cairo: OpaquePointer) {
        guard !scene.texts.isEmpty else { return }
        palette.text.setSource(cairo)
        for item in scene.texts {
            switch item.path {
            case .line(let at, let angle):
                cairo_save(cairo)
                cairo_translate(cairo, at.x, at.y)
                cairo_rotate(cairo, Self.radians(angle))
                text.drawOnBaseline(item.text, size: item.size, bold: item.bold, centredAt: 0, in: cairo)
                cairo_restore(cairo)
            case .arc(let center, let radius, let angle, let clockwise):
                guard radius > 0 else { continue }
                // Character by character: each advance turns the baseline by advance / radius.
                let pieces = item.text.map { String($0) }
                let advances = pieces.map { text.advance(of: $0, size: item.size, bold: item.bold) }
                let sense = clockwise ? 1.0 : -1.0
                var along = -advances.reduce(0, +) / 2
                for (piece, advance) in zip(pieces, advances) {
                    let theta = Self.radians(angle) + sense * (along + advance / 2) / radius
                    cairo_save(cairo)
                    cairo_translate(cairo, center.x + radius * cos(theta), center.y + radius * sin(theta))
                    cairo_rotate(cairo, theta + sense * Double.pi / 2)
                    text.drawOnBaseline(piece, size: item.size, bold: item.bold, centredAt: 0, in: cairo)
                    cairo_restore(cairo)
                    along += advance
                }
            }
        }
    }

    static func radians(_ degrees: Double) -> Double { degrees * Double.pi / 180 }
}

extension TextEngine {
    /// One line of `text` with its baseline on y = 0, centred on x = `centre` (in the
    /// current, possibly rotated, user space).
    func drawOnBaseline(_ text: String, size: Double, bold: Bool, centredAt centre: Double, in cairo: OpaquePointer) {
        SharedFontState.lock()
        defer { SharedFontState.unlock() }
        bindDrawing(to: cairo)
        let layout = oneLineLayout(text, size: size, bold: bold)
        defer { CCairo_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let width = Double(logical.width) / Double(PANGO_SCALE)
        let baseline = Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
        cairo_move_to(cairo, centre - width / 2, -baseline)
        pango_cairo_show_layout(cairo, layout)
    }

    /// The width of `text` on one line (its logical advance).
    func advance(of text: String, size: Double, bold: Bool) -> Double {
        SharedFontState.lock()
        defer { SharedFontState.unlock() }
        let layout = oneLineLayout(text, size: size, bold: bold)
        defer { CCairo_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return Double(logical.width) / Double(PANGO_SCALE)
    }

    /// How far a line's logical box reaches above and below its baseline, per point of size
    /// (the box `drawOnBaseline` sets the line in).
    func lineBox(bold: Bool) -> (ascent: Double, descent: Double) {
        let layout = oneLineLayout("Hg", size: 100, bold: bold)
        defer { CCairo_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let baseline = Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
        let height = Double(logical.height) / Double(PANGO_SCALE)
        return (baseline / 100, (height - baseline) / 100)
    }

    /// A new layout of `text` on one line, never ellipsized; the caller unrefs it.
    private func oneLineLayout(_ text: String, size: Double, bold: Bool) -> OpaquePointer {
        let layout = freeLayout(text, size: size, bold: bold, width: 1, alignment: PANGO_ALIGN_LEFT)
        pango_layout_set_width(layout, -1)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
        return layout
    }
}

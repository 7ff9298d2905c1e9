internal import CCairo
import FamilyLayout
import FamilyModel

/// Draws one planned sheet: the chart (scaled, offset, clipped), the title block, the
/// legend, a poster tile's cut marks and label, the overview's tile grid.
struct PagePainter {
    let text: TextEngine
    let palette: Palette
    let photos: PhotoLibrary
    /// True for PNG pages (text too small to read may be greeked).
    let raster: Bool

    func paint(_ page: PrintPlan.Page, of scene: Scene, title: String?, date: String?, on cairo: OpaquePointer) {
        palette.background.setSource(cairo)
        cairo_paint(cairo)

        cairo_save(cairo)
        if let clip = page.chartClip {
            cairo_rectangle(cairo, clip.x, clip.y, clip.width, clip.height)
            cairo_clip(cairo)
        }
        cairo_translate(cairo, page.chartOffsetX, page.chartOffsetY)
        cairo_scale(cairo, page.chartScale, page.chartScale)
        ScenePainter(text: text, palette: palette, photos: photos, isRaster: raster).paint(scene, on: cairo)
        cairo_restore(cairo)

        if let area = page.titleArea, let title {
            palette.text.setSource(cairo)
            text.drawText(title, size: 16, bold: true, x: area.x, y: area.y, width: area.width * 0.75, in: cairo)
            if let date {
                palette.detailText.setSource(cairo)
                text.drawText(date, size: 9, x: area.x + area.width * 0.75, y: area.y + 6, width: area.width * 0.25,
                              alignment: PANGO_ALIGN_RIGHT, in: cairo)
            }
        }
        if let area = page.legendArea { legend(in: area, for: scene, on: cairo) }
        if case .tile = page.kind, let clip = page.chartClip { cutMarks(around: clip, on: cairo) }
        if let label = page.label, let clip = page.chartClip {
            palette.detailText.setSource(cairo)
            text.drawText(label, size: 7, x: clip.x + 20, y: clip.maxY + 5, width: clip.width - 40, in: cairo)  // clear of the cut marks
        }
        for outline in page.tileOutlines {
            cairo_set_source_rgba(cairo, 0.75, 0.2, 0.2, 0.8)
            cairo_set_line_width(cairo, 0.8)
            cairo_rectangle(cairo, outline.box.x, outline.box.y, outline.box.width, outline.box.height)
            cairo_stroke(cairo)
            cairo_set_source_rgba(cairo, 0.75, 0.2, 0.2, 0.9)
            text.drawText(outline.name, size: 8, bold: true, x: outline.box.x + 2, y: outline.box.y + 2,
                          width: max(10, outline.box.width - 4), in: cairo)
        }
    }

    /// Gender colours and line kinds, in one row.
    /// One entry of the legend: a box sample or a line sample, and its words.
    private enum LegendEntry {
        case box(Palette.BoxColours, reference: Bool, String)
        case line(String, colour: RGB, width: Double, dashes: [Double]?, struck: Bool)

        var width: Double {
            switch self {
            case .box(_, _, let name): return 28 + Double(name.count) * 5
            case .line(let name, _, _, _, _): return 34 + Double(name.count) * 5
            }
        }
    }

    /// The box colours, then every line style the chart uses: couple, parent – child, and
    /// when they occur divorce, adoption, foster/step, cross links and reference boxes. One
    /// row when it fits the area's width, else two.
    private func legend(in area: Box, for scene: Scene, on cairo: OpaquePointer) {
        var entries: [LegendEntry] = []
        func genders() {
            for (gender, name) in [(Gender.male, "male"), (.female, "female"), (.unknown, "gender unknown")] {
                entries.append(.box(Palette.BoxColours(fill: palette.fill(for: gender), outline: palette.outline(for: gender)),
                                    reference: false, name))
            }
        }
        switch palette.colourBy {
        case .gender, .lineage: genders()
        case .generation:
            let rows = (scene.persons.map(\.generation).max() ?? 0) + 1
            for g in 0..<min(rows, palette.generations.count) {
                let suffix = rows > palette.generations.count && g == palette.generations.count - 1 ? "…" : ""
                entries.append(.box(palette.generations[g], reference: false, "generation \(g + 1)\(suffix)"))
            }
        }
        entries.append(.line("couple", colour: palette.line, width: palette.coupleBarWidth, dashes: nil, struck: false))
        if scene.coupleBars.contains(where: \.isDivorced) {
            entries.append(.line("divorced", colour: palette.line, width: palette.coupleBarWidth, dashes: nil, struck: true))
        }
        entries.append(.line("parent – child", colour: palette.line, width: palette.connectorWidth, dashes: nil, struck: false))
        for (link, name) in [(ChildLink.adopted, "adopted"), (.foster, "foster or step")] {
            let kinds: Set<ChildLink> = link == .adopted ? [.adopted] : [.foster, .step]
            if scene.connectors.contains(where: { !scene.drawsAsCrossLink($0) && kinds.contains($0.link) }) {
                let style = palette.connectorStyle(link: link, crossLink: false)
                entries.append(.line(name, colour: style.colour, width: palette.connectorWidth, dashes: style.dashes, struck: false))
            }
        }
        if scene.connectors.contains(where: scene.drawsAsCrossLink) {
            let style = palette.connectorStyle(link: .birth, crossLink: true)
            entries.append(.line("spouse's own parents", colour: style.colour, width: palette.connectorWidth, dashes: style.dashes, struck: false))
        }
        if scene.persons.contains(where: \.isReference) {
            entries.append(.box(Palette.BoxColours(fill: palette.background, outline: palette.outline(for: .unknown)), reference: true,
                                "reference (drawn elsewhere)"))
        }

        let oneRow = entries.reduce(0) { $0 + $1.width } <= area.width
        var x = area.x
        var y = area.y + (oneRow ? 8 : 1)
        for entry in entries {
            if x + entry.width > area.maxX + 20, x > area.x {
                x = area.x
                y += 15
            }
            draw(entry, x: x, y: y, on: cairo)
            x += entry.width
        }
    }

    private func draw(_ entry: LegendEntry, x: Double, y: Double, on cairo: OpaquePointer) {
        switch entry {
        case .box(let colours, let reference, let name):
            cairo_rectangle(cairo, x, y, 16, 11)
            colours.fill.setSource(cairo)
            cairo_fill_preserve(cairo)
            colours.outline.setSource(cairo)
            cairo_set_line_width(cairo, 0.8)
            if reference {
                let dashes: [Double] = [2, 1.5]
                cairo_set_dash(cairo, dashes, 2, 0)
            }
            cairo_stroke(cairo)
            cairo_set_dash(cairo, nil, 0, 0)
            palette.text.setSource(cairo)
            text.drawText(name, size: 8, x: x + 20, y: y, width: 140, in: cairo)
        case .line(let name, let colour, let width, let dashes, let struck):
            colour.setSource(cairo)
            if let dashes { cairo_set_dash(cairo, dashes, Int32(dashes.count), 0) }
            cairo_set_line_width(cairo, width)
            cairo_move_to(cairo, x, y + 5.5)
            cairo_line_to(cairo, x + 22, y + 5.5)
            cairo_stroke(cairo)
            cairo_set_dash(cairo, nil, 0, 0)
            if struck {
                cairo_set_line_width(cairo, palette.connectorWidth)
                ScenePainter.addDivorceMark(x: x + 11, y: y + 5.5, on: cairo)
                cairo_stroke(cairo)
            }
            palette.text.setSource(cairo)
            text.drawText(name, size: 8, x: x + 26, y: y, width: 140, in: cairo)
        }
    }

    /// Crop marks just outside the printable area's corners, to trim and align sheets.
    private func cutMarks(around box: Box, on cairo: OpaquePointer) {
        cairo_set_source_rgb(cairo, 0, 0, 0)
        cairo_set_line_width(cairo, 0.5)
        let gap = 3.0, length = 12.0
        for (x, dx) in [(box.x, -1.0), (box.maxX, 1.0)] {
            for (y, dy) in [(box.y, -1.0), (box.maxY, 1.0)] {
                cairo_move_to(cairo, x + dx * gap, y)
                cairo_line_to(cairo, x + dx * (gap + length), y)
                cairo_move_to(cairo, x, y + dy * gap)
                cairo_line_to(cairo, x, y + dy * (gap + length))
            }
        }
        cairo_stroke(cairo)
    }
}

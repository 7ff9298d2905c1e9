internal import CCairo
import FamilyLayout
import FamilyModel

/// Draws one planned sheet: the chart (scaled, offset, clipped), the title block, the
/// legend, a poster tile's cut marks and label, the overview's tile grid.
struct PagePainter {
    let text: TextEngine
    let palette: Palette
    let photos: PhotoLibrary
    /// True for PNG pages.
    let raster: Bool
    /// Whether text too small to read is greeked (PNG pages only).
    var greeksSmallText = true
    /// The painter's coverage buffer for boxes drawn straight into pixels (PNG pages).
    var coverageMask: CoverageMask?

    func paint(_ page: PrintPlan.Page, of scene: Scene, print: PrintOptions, on cairo: OpaquePointer) {
        let (title, date) = (print.title, print.date)
        palette.background.setSource(cairo)
        cairo_paint(cairo)

        cairo_save(cairo)
        if let clip = page.chartClip {
            cairo_rectangle(cairo, clip.x, clip.y, clip.width, clip.height)
            cairo_clip(cairo)
        }
        cairo_translate(cairo, page.chartOffsetX, page.chartOffsetY)
        cairo_scale(cairo, page.chartScale, page.chartScale)
        let painter = ScenePainter(text: text, palette: palette, photos: photos, isRaster: raster,
                                   greeksSmallText: raster && greeksSmallText, coverageMask: coverageMask)
        painter.paint(scene.drawnByShapes, on: cairo)
        cairo_restore(cairo)
        // A poster sheet's repeated row labels stand in its left margin, outside the clip.
        if case .tile = page.kind {
            let repeated = scene.rowLabels.filter { $0.x + $0.width <= page.chartRegion.x }
            if !repeated.isEmpty {
                cairo_save(cairo)
                cairo_translate(cairo, page.chartOffsetX, page.chartOffsetY)
                painter.paintRowLabels(repeated, on: cairo)
                cairo_restore(cairo)
            }
        }

        if let area = page.titleArea, let title {
            palette.text.setSource(cairo)
            let fitted = Self.fit(title, in: area, print: print, text: text)
            text.drawText(title, size: fitted.size, bold: true, x: area.x, y: area.y, width: area.width * 0.75, wraps: true, in: cairo)
            if let date {
                palette.detailText.setSource(cairo)
                text.drawText(date, size: 9, x: area.x + area.width * 0.75, y: area.y + 6, width: area.width * 0.25,
                              alignment: PANGO_ALIGN_RIGHT, in: cairo)
            }
            if let subtitle = print.subtitle {
                palette.detailText.setSource(cairo)
                text.drawText(subtitle, size: Self.subtitleSize, x: area.x, y: area.y + Self.subtitleTop, width: area.width, in: cairo)
            }
        }
        if let area = page.noteArea, let note = print.note {
            palette.detailText.setSource(cairo)
            text.drawText(note, size: Self.noteSize, x: area.x, y: area.y + 2, width: area.width, alignment: PANGO_ALIGN_RIGHT, in: cairo)
        }
        if let frame = page.border {
            palette.line.setSource(cairo)
            cairo_set_line_width(cairo, Self.borderWidth)
            cairo_rectangle(cairo, frame.x, frame.y, frame.width, frame.height)
            cairo_stroke(cairo)
        }
        if let label = page.label, let area = page.labelArea {
            palette.detailText.setSource(cairo)
            text.drawText(label, size: 7, x: area.x, y: area.y, width: area.width, in: cairo)
        }
        if let area = page.legendArea { legend(in: area, for: scene, on: cairo) }
        if case .tile = page.kind, let clip = page.chartClip { cutMarks(around: clip, on: cairo) }
        if let label = page.label, let clip = page.chartClip {
            palette.detailText.setSource(cairo)
            text.drawText(label, size: 7, x: clip.x + 20, y: clip.maxY + 5, width: clip.width - 40, in: cairo)  // clear of the cut marks
        }
        // Printed sheets in red; places left out (blank) faint, without a name.
        for outline in page.tileOutlines where outline.isBlank {
            cairo_set_source_rgba(cairo, 0.6, 0.6, 0.6, 0.5)
            cairo_set_line_width(cairo, 0.4)
            cairo_rectangle(cairo, outline.box.x, outline.box.y, outline.box.width, outline.box.height)
            cairo_stroke(cairo)
        }
        for outline in page.tileOutlines where !outline.isBlank {
            cairo_set_source_rgba(cairo, 0.75, 0.2, 0.2, 0.8)
            cairo_set_line_width(cairo, 0.8)
            cairo_rectangle(cairo, outline.box.x, outline.box.y, outline.box.width, outline.box.height)
            cairo_stroke(cairo)
            cairo_set_source_rgba(cairo, 0.75, 0.2, 0.2, 0.9)
            text.drawText(outline.name, size: 8, bold: true, x: outline.box.x + 2, y: outline.box.y + 2,
                          width: max(10, outline.box.width - 4), in: cairo)
        }
    }

    /// The subtitle's size and its top below the title area's; the note's size; the border's width.
    static let subtitleSize = 10.0, subtitleTop = 24.0, noteSize = 7.5, borderWidth = 1.2
    /// The title's size, and the least it is shrunk to before it may run over the chart.
    static let titleSize = 16.0, titleFloor = 7.0

    /// The title's size in its block (three quarters of its width, the date in the rest;
    /// above the subtitle): one line at 16 pt, else two lines shrunk as far as 7 pt, else
    /// more lines that fit the block, else 7 pt running over the chart with a warning.
    /// Never cut.
    static func fit(_ title: String, in area: Box, print: PrintOptions, text: TextEngine) -> TextEngine.FittedTitle {
        let height = print.subtitle == nil ? area.height : subtitleTop
        let fitted = text.fitTitle(title, maximum: titleSize, floor: titleFloor, bold: true, width: area.width * 0.75, height: height)
        if !fitted.fits { text.titleWarnings.note(title, size: fitted.size, lines: fitted.lines) }
        return fitted
    }

    /// The legend's samples and words (see `Legend`).
    private func legend(in area: Box, for scene: Scene, on cairo: OpaquePointer) {
        for entry in Legend(scene: scene, palette: palette, area: area).entries {
            let (x, y) = (entry.x, entry.y)
            switch entry.sample {
            case .box(let colours, let reference):
                cairo_rectangle(cairo, x, y, Legend.boxSample.width, Legend.boxSample.height)
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
            case .line(let colour, let width, let dashes, let struck):
                colour.setSource(cairo)
                if let dashes { cairo_set_dash(cairo, dashes, Int32(dashes.count), 0) }
                cairo_set_line_width(cairo, width)
                cairo_move_to(cairo, x, y + Legend.lineSample.y)
                cairo_line_to(cairo, x + Legend.lineSample.length, y + Legend.lineSample.y)
                cairo_stroke(cairo)
                cairo_set_dash(cairo, nil, 0, 0)
                if struck {
                    cairo_set_line_width(cairo, palette.connectorWidth)
                    ScenePainter.addDivorceMark(x: x + Legend.lineSample.length / 2, y: y + Legend.lineSample.y, on: cairo)
                    cairo_stroke(cairo)
                }
            }
            palette.text.setSource(cairo)
            text.drawText(entry.name, size: Legend.textSize, x: entry.textX, y: y, width: entry.wordsWidth, in: cairo)
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

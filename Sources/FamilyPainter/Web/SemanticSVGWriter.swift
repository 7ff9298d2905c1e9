internal import CCairo
import FamilyLayout
import FamilyModel

/// Writes one page of a chart as semantic SVG, straight from the scene: each person a
/// group with a stable id, their box a `<rect>`, their name and details real `<text>`
/// lines exactly as the painter fits them (Pango's wrapping, shrinking, abbreviation and
/// "…"; the browser never measures), lines and bars plain paths, every colour and dash
/// a CSS rule on semantic classes. Sizes and coordinates are the PDF's (points).
///
/// ```xml
/// <g class="person female generation-2" id="p-I12" data-id="I12">
///   <title>Anna Müller (I12)&#xA;1850–1910</title>
///   <rect x="120" y="200" width="104" height="52" rx="8"/>
///   <text class="name" x="172" y="224.3" textLength="61.2" lengthAdjust="spacingAndGlyphs">Anna Müller</text>
///   <text class="detail" x="172" y="236.9" …>1850–1910</text>
/// </g>
/// ```
struct SemanticSVGWriter {
    let text: TextEngine
    let palette: Palette
    let thumbnails: PhotoThumbnails
    let links: LinkTemplate?

    /// The document: `page` of `scene` (its chart, title block and legend), standalone
    /// with an XML declaration, or for inlining in HTML without one. With
    /// `personsInline` false the person groups are left out and their container is
    /// empty: the interactive page keeps them apart (see `personGroups`) and shows only
    /// those on screen.
    func document(_ scene: Scene, page: PrintPlan.Page, print: PrintOptions, title: String, standalone: Bool,
                  personsInline: Bool = true) -> (svg: Markup, photos: PhotoDefinitions) {
        let scene = scene.drawnByShapes  // a fan's persons are their wedges' groups
        var out = Markup(reservingCapacity: 512 + scene.persons.count * 420)
        if standalone { out.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n") }
        out.raw("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" class=\"familychart\" xml:space=\"preserve\"")
        out.attribute("data-chart", scene.chart.rawValue)
        out.raw(" width=\"")
        out.number(page.width)
        out.raw("pt\" height=\"")
        out.number(page.height)
        out.raw("pt\" viewBox=\"0 0 ")
        out.numbers(page.width, page.height)
        out.raw("\">\n<title>")
        out.text(title)
        out.raw("</title>\n<style>\n")
        out.raw(SVGStyleSheet.css(palette: palette, style: text.style, scene: scene))
        out.raw("\n</style>\n")
        let photos = photoDefinitions(scene, into: &out)
        out.raw("<rect class=\"page\"")
        out.attribute("width", page.width)
        out.attribute("height", page.height)
        out.raw("/>\n<g class=\"chart\"")
        if page.chartScale != 1 || page.chartOffsetX != 0 || page.chartOffsetY != 0 {
            out.raw(" transform=\"translate(")
            out.numbers(page.chartOffsetX, page.chartOffsetY)
            out.raw(") scale(")
            out.raw(String(page.chartScale))
            out.raw(")\"")
        }
        out.raw(">\n")
        marginMarks(scene, into: &out)
        wedges(scene, into: &out)
        lines(scene, into: &out)
        if personsInline {
            personGroups(scene, photos: photos, into: &out)
        } else {
            out.raw("<g class=\"persons\"></g>\n")
        }
        texts(scene, into: &out)
        out.raw("</g>\n")
        titleBlock(page, print: print, into: &out)
        if let area = page.legendArea { legend(Legend(scene: scene, palette: palette, area: area), into: &out) }
        out.raw("</svg>\n")
        return (out, photos)
    }

    /// Part frames and row labels (`class="part-frame"`, `class="row-label"`), faint, as the painter draws them.
    private func marginMarks(_ scene: Scene, into out: inout Markup) {
        guard !scene.partFrames.isEmpty || !scene.rowLabels.isEmpty else { return }
        out.raw("<g class=\"margin\">\n")
        for frame in scene.partFrames {
            out.raw("<rect class=\"part-frame\"")
            out.attribute("data-part", String(frame.part))
            out.attribute("x", frame.x)
            out.attribute("y", frame.y)
            out.attribute("width", frame.width)
            out.attribute("height", frame.height)
            out.raw("/>\n")
        }
        for label in scene.rowLabels {
            let (words, top) = ScenePainter.rowLabelText(label)
            out.raw("<g class=\"row-label\"")
            out.attribute("data-part", String(label.part))
            out.attribute("data-generation", String(label.generation))
            out.raw(">\n")
            for line in text.freeTextLines(words.joined(separator: "\n"), size: ScenePainter.rowLabelSize, x: label.x, y: top,
                                           width: label.width, alignment: PANGO_ALIGN_CENTER) {
                write(line, classes: "row-label-text", defaultSize: ScenePainter.rowLabelSize, into: &out)
            }
            out.raw("</g>\n")
        }
        out.raw("</g>\n")
    }

    /// Connectors (one path each, classed by kind), then couple bars and divorce marks.
    private func lines(_ scene: Scene, into out: inout Markup) {
        out.raw("<g class=\"lines\">\n")
        for connector in scene.connectors where !connector.points.isEmpty {
            out.raw("<path class=\"line ")
            out.raw(connector.link.rawValue)
            if connector.style == .crossLink { out.raw(" cross") }
            out.raw("\"")
            out.attribute("data-child", connector.child)
            out.raw(" d=\"")
            path(connector.points, into: &out)
            out.raw("\"/>\n")
        }
        out.raw("</g>\n<g class=\"couples\">\n")
        for bar in scene.coupleBars where !bar.points.isEmpty {
            out.raw(bar.isDivorced ? "<path class=\"couple divorced\" d=\"" : "<path class=\"couple\" d=\"")
            path(bar.points, into: &out)
            out.raw("\"/>\n")
            if let label = bar.label {
                let size = ScenePainter.barLabelSize(label, text: text)
                for line in text.freeTextLines(label.text, size: size, x: label.x, y: ScenePainter.barLabelTop(label, size: size),
                                               width: label.width, alignment: PANGO_ALIGN_CENTER) {
                    write(line, classes: "marriage", defaultSize: 0, into: &out)
                }
            }
            guard bar.isDivorced, let end = bar.points.last else { continue }
            let x = (bar.hang.x + end.x) / 2, y = bar.hang.y
            out.raw("<path class=\"divorce-mark\" d=\"")
            for dx in [-1.6, 1.6] {
                path([Point(x + dx - 1.6, y + 4), Point(x + dx + 1.6, y - 4)], into: &out)
            }
            out.raw("\"/>\n")
        }
        out.raw("</g>\n")
    }

    /// A polyline as path data: `M x y`, then `H x` / `V y` for straight runs, `L x y` otherwise.
    func path(_ points: [Point], into out: inout Markup) {
        guard let first = points.first else { return }
        out.raw("M")
        out.numbers(first.x, first.y)
        var previous = first
        for point in points.dropFirst() {
            if point.y == previous.y {
                out.raw("H")
                out.number(point.x)
            } else if point.x == previous.x {
                out.raw("V")
                out.number(point.y)
            } else {
                out.raw("L")
                out.numbers(point.x, point.y)
            }
            previous = point
        }
    }

    /// One `<text>` element per line, centred on the line's measured extent and held to
    /// its measured width, so a browser with other fonts still keeps it inside the box.
    /// A right-to-left line holds its width on a `<tspan>` inside: Inkscape (1.2) draws
    /// nothing for right-to-left text whose `<text>` carries `textLength` (its box comes
    /// out NaN), and draws it at its own width from a `<tspan>`, which browsers hold to the
    /// width as before.
    func write(_ line: TextLine, classes: StaticString, defaultSize: Double, into out: inout Markup) {
        out.raw("<text class=\"")
        out.raw(classes)
        out.raw("\"")
        out.attribute("x", line.centerX)
        out.attribute("y", line.baseline)
        if abs(line.size - defaultSize) > 1e-9 {  // a style, since the style sheet's size would beat an attribute
            out.raw(" style=\"font-size:")
            out.number(line.size)
            out.raw("px\"")
        }
        if line.isRightToLeft { out.raw(" direction=\"rtl\"><tspan") }
        out.attribute("textLength", line.width)
        out.raw(" lengthAdjust=\"spacingAndGlyphs\">")
        out.text(line.text)
        out.raw(line.isRightToLeft ? "</tspan></text>\n" : "</text>\n")
    }

    /// The title and its date, as the painter prints them.
    private func titleBlock(_ page: PrintPlan.Page, print: PrintOptions, into out: inout Markup) {
        if let frame = page.border {
            out.raw("<rect class=\"border\"")
            out.attribute("x", frame.x)
            out.attribute("y", frame.y)
            out.attribute("width", frame.width)
            out.attribute("height", frame.height)
            out.raw(" style=\"fill:none;stroke:\(SVGStyleSheet.hex(palette.line));stroke-width:\(SVGStyleSheet.number(PagePainter.borderWidth))\"/>\n")
        }
        if let area = page.noteArea, let note = print.note {
            for line in text.freeTextLines(note, size: PagePainter.noteSize, x: area.x, y: area.y + 2, width: area.width, alignment: PANGO_ALIGN_RIGHT) {
                write(line, classes: "note", defaultSize: 0, into: &out)
            }
        }
        guard let area = page.titleArea, let title = print.title else { return }
        out.raw("<g class=\"title-block\">\n")
        let fitted = PagePainter.fit(title, in: area, print: print, text: text)
        for line in text.freeTextLines(title, size: fitted.size, bold: true, x: area.x, y: area.y, width: area.width * 0.75, wraps: true) {
            write(line, classes: "title", defaultSize: 16, into: &out)
        }
        if let date = print.date {
            for line in text.freeTextLines(date, size: 9, x: area.x + area.width * 0.75, y: area.y + 6, width: area.width * 0.25,
                                           alignment: PANGO_ALIGN_RIGHT) {
                write(line, classes: "date", defaultSize: 9, into: &out)
            }
        }
        if let subtitle = print.subtitle {
            for line in text.freeTextLines(subtitle, size: PagePainter.subtitleSize, x: area.x, y: area.y + PagePainter.subtitleTop, width: area.width) {
                write(line, classes: "subtitle", defaultSize: 0, into: &out)
            }
        }
        out.raw("</g>\n")
    }

    /// The legend's samples and words, where the painter puts them.
    private func legend(_ legend: Legend, into out: inout Markup) {
        out.raw("<g class=\"legend\">\n")
        for entry in legend.entries {
            switch entry.sample {
            case .box(let colours, let reference):
                out.raw("<rect")
                out.attribute("x", entry.x)
                out.attribute("y", entry.y)
                out.attribute("width", Legend.boxSample.width)
                out.attribute("height", Legend.boxSample.height)
                out.raw(" style=\"fill:\(SVGStyleSheet.hex(colours.fill));stroke:\(SVGStyleSheet.hex(colours.outline));stroke-width:0.8")
                out.raw(reference ? ";stroke-dasharray:2 1.5\"/>\n" : "\"/>\n")
            case .line(let colour, let width, let dashes, let struck):
                let y = entry.y + Legend.lineSample.y
                out.raw("<path d=\"")
                path([Point(entry.x, y), Point(entry.x + Legend.lineSample.length, y)], into: &out)
                out.raw("\" style=\"fill:none;stroke:\(SVGStyleSheet.hex(colour));stroke-width:\(SVGStyleSheet.number(width))")
                if let dashes { out.raw(";stroke-dasharray:" + dashes.map(SVGStyleSheet.number).joined(separator: " ")) }
                out.raw("\"/>\n")
                if struck {
                    let x = entry.x + Legend.lineSample.length / 2
                    out.raw("<path class=\"divorce-mark\" d=\"")
                    for dx in [-1.6, 1.6] { path([Point(x + dx - 1.6, y + 4), Point(x + dx + 1.6, y - 4)], into: &out) }
                    out.raw("\"/>\n")
                }
            }
            for line in text.freeTextLines(entry.name, size: Legend.textSize, x: entry.textX, y: entry.y, width: entry.wordsWidth) {
                write(line, classes: "legend-text", defaultSize: Legend.textSize, into: &out)
            }
        }
        out.raw("</g>\n")
    }
}

import FamilyLayout

/// Writes person groups one at a time and in any order (the interactive page writes them
/// in chunks by place): the element ids are settled for the whole scene first, so a
/// person's first box in scene order is always `p-ID`, and label lines are cached by
/// label, so a name repeated across the chart is measured once.
///
/// A group: `<title>`, the box, the photo, the text lines, the badge, inside an `<a>`
/// when there is a link template.
final class PersonGroupWriter {
    private let svg: SemanticSVGWriter
    private let scene: Scene
    private let photos: SemanticSVGWriter.PhotoDefinitions
    private let elementIDs: [String]
    private var lines: [TextEngine.LabelKey: [TextLine]] = [:]

    init(svg: SemanticSVGWriter, scene: Scene, photos: SemanticSVGWriter.PhotoDefinitions) {
        self.svg = svg
        self.scene = scene
        self.photos = photos
        var ids = ElementIDs()
        elementIDs = scene.persons.map { ids.next(for: $0.id) }
    }

    /// Writes the group of box `b` of the scene.
    func write(_ b: Int, into out: inout Markup) {
        let box = scene.persons[b]
        out.raw("<g class=\"")
        out.raw(SemanticSVGWriter.classes(of: box))
        out.raw("\"")
        out.attribute("id", elementIDs[b])
        out.attribute("data-id", box.id)
        if let reason = box.referenceReason { out.attribute("data-reason", reason.rawValue) }
        out.raw(">\n<title>")
        out.text(SemanticSVGWriter.tooltip(of: box))
        out.raw("</title>\n")
        let url = svg.links?.url(for: box.id)
        if let url {
            out.raw("<a")
            // SVG 1.1 programs (Inkscape 1.2 on export to PDF) read only xlink:href; browsers read either.
            out.attribute("href", url)
            out.attribute("xlink:href", url)
            out.raw(">\n")
        }
        out.raw("<rect")
        out.attribute("x", box.x)
        out.attribute("y", box.y)
        out.attribute("width", box.width)
        out.attribute("height", box.height)
        out.attribute("rx", min(svg.palette.cornerRadius, box.width / 2, box.height / 2))
        if let fill = box.fill.flatMap(RGB.init) {
            // A colour scheme's colours (`--color-by`), over the style sheet's gender rule.
            let outline = SVGStyleSheet.hex(box.outline.flatMap(RGB.init) ?? fill)
            out.raw(box.isReference ? " style=\"stroke:\(outline)\"" : " style=\"fill:\(SVGStyleSheet.hex(fill));stroke:\(outline)\"")
        }
        out.raw("/>\n")
        var textLeft = 0.0
        if let path = box.photo, let image = photos.images[path],
           let clip = photos.clips[SemanticSVGWriter.PhotoDefinitions.corner(of: box, palette: svg.palette)] {
            let square = ScenePainter.photoSquare(in: box)
            out.raw("<use class=\"photo\" href=\"#\(image)\" xlink:href=\"#\(image)\" clip-path=\"url(#\(clip))\" transform=\"translate(")
            out.numbers(square.x, square.y)
            out.raw(") scale(")
            out.number(square.width)
            out.raw(")\"/>\n")
            textLeft = ScenePainter.textInset(besidePhotoIn: box)
        }
        labelLines(box, textLeft: textLeft, into: &out)
        if let mark = box.mark {
            for line in svg.text.freeTextLines(mark, size: ScenePainter.markSize, bold: true, x: box.x + ScenePainter.markInset.x,
                                               y: box.y + ScenePainter.markInset.y, width: max(1, box.width / 2)) {
                svg.write(line, classes: "mark", defaultSize: ScenePainter.markSize, into: &out)
            }
        }
        if box.references > 0 { svg.badge(box, into: &out) }
        out.raw(url == nil ? "</g>\n" : "</a>\n</g>\n")
    }

    /// The label's lines as the painter places them, beside the photo if there is one.
    private func labelLines(_ box: PersonBox, textLeft: Double, into out: inout Markup) {
        let text = svg.text
        let placed = ScenePainter.placeLabel(of: box, textLeft: textLeft, text: text)
        for piece in placed.pieces {
            let relative = lines[piece.text.key] ?? text.lines(of: PlacedLabel.Piece(role: piece.role, text: piece.text, x: 0, y: 0))
            if lines.count < TextEngine.cacheLimit { lines[piece.text.key] = relative }
            for var line in relative {
                line.centerX += piece.x
                line.baseline += piece.y
                switch piece.role {
                case .name: svg.write(line, classes: "name", defaultSize: text.style.nameSize, into: &out)
                case .secondName: svg.write(line, classes: "second-name", defaultSize: text.style.detailSize, into: &out)
                case .detail: svg.write(line, classes: "detail", defaultSize: text.style.detailSize, into: &out)
                case .line: svg.write(line, classes: "box-line", defaultSize: text.style.detailSize, into: &out)
                }
            }
        }
    }
}

internal import CCairo
import FamilyLayout
import FamilyModel

extension SemanticSVGWriter {
    /// Every person's group, in scene order, in a `<g class="persons">`: `<title>`, box,
    /// photo, text lines, badge, inside an `<a>` when there is a link template.
    func personGroups(_ scene: Scene, photos: PhotoDefinitions, into out: inout Markup) {
        var ids = ElementIDs()
        var cache: [TextEngine.LabelKey: [TextLine]] = [:]
        out.raw("<g class=\"persons\">\n")
        for box in scene.persons {
            out.raw("<g class=\"")
            out.raw(Self.classes(of: box))
            out.raw("\"")
            out.attribute("id", ids.next(for: box.id))
            out.attribute("data-id", box.id)
            out.raw(">\n<title>")
            out.text(Self.tooltip(of: box))
            out.raw("</title>\n")
            if let links {
                out.raw("<a")
                out.attribute("href", links.url(for: box.id))
                out.raw(">\n")
            }
            out.raw("<rect")
            out.attribute("x", box.x)
            out.attribute("y", box.y)
            out.attribute("width", box.width)
            out.attribute("height", box.height)
            out.attribute("rx", min(palette.cornerRadius, box.width / 2, box.height / 2))
            out.raw("/>\n")
            var textLeft = 0.0
            if let path = box.photo, let image = photos.images[path], let clip = photos.clips[PhotoDefinitions.corner(of: box, palette: palette)] {
                let square = ScenePainter.photoSquare(in: box)
                out.raw("<use class=\"photo\" href=\"#\(image)\" clip-path=\"url(#\(clip))\" transform=\"translate(")
                out.numbers(square.x, square.y)
                out.raw(") scale(")
                out.number(square.width)
                out.raw(")\"/>\n")
                textLeft = ScenePainter.textInset(besidePhotoIn: box)
            }
            let placed = text.placeLabel(name: box.name, secondName: box.secondName, detail: box.detail, x: box.x + textLeft, y: box.y,
                                         width: box.width - textLeft, height: box.height)
            for piece in placed.pieces {
                let relative = cache[piece.text.key] ?? text.lines(of: PlacedLabel.Piece(role: piece.role, text: piece.text, x: 0, y: 0))
                if cache.count < TextEngine.cacheLimit { cache[piece.text.key] = relative }
                for var line in relative {
                    line.centerX += piece.x
                    line.baseline += piece.y
                    switch piece.role {
                    case .name: write(line, classes: "name", defaultSize: text.style.nameSize, into: &out)
                    case .secondName: write(line, classes: "second-name", defaultSize: text.style.detailSize, into: &out)
                    case .detail: write(line, classes: "detail", defaultSize: text.style.detailSize, into: &out)
                    }
                }
            }
            if box.references > 0 { badge(box, into: &out) }
            out.raw(links == nil ? "</g>\n" : "</a>\n</g>\n")
        }
        out.raw("</g>\n")
    }

    /// `person`, the gender, `generation-N`, `lineage-N` when the box has one, and
    /// `reference` for a second place of someone drawn elsewhere.
    static func classes(of box: PersonBox) -> String {
        var classes = "person \(box.gender.rawValue) generation-\(box.generation)"
        if let lineage = box.lineage { classes += " lineage-\(lineage)" }
        if box.isReference { classes += " reference" }
        return classes
    }

    /// The tooltip: name and id, then the second name and the detail line, one a line.
    static func tooltip(of box: PersonBox) -> String {
        ["\(box.name) (\(box.id))", box.secondName, box.detail].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// "×N" in a dark disc at the top right of a primary box drawn in N places.
    private func badge(_ box: PersonBox, into out: inout Markup) {
        let radius = 6.5
        out.raw("<g class=\"badge\"><circle")
        out.attribute("cx", box.maxX - radius - 2)
        out.attribute("cy", box.y + radius + 2)
        out.attribute("r", radius)
        out.raw("/>\n")
        for line in text.freeTextLines("×\(box.references + 1)", size: 6, bold: true, x: box.maxX - 2 * radius - 2,
                                       y: box.y + radius + 2 - 4.6, width: 2 * radius, alignment: PANGO_ALIGN_CENTER) {
            write(line, classes: "badge-text", defaultSize: 6, into: &out)
        }
        out.raw("</g>\n")
    }

    /// The photos' images and clips in `<defs>`: each photo once, as a unit-square image,
    /// and one rounded-square clip per corner shape.
    struct PhotoDefinitions {
        var images: [String: String] = [:]
        var clips: [Double: String] = [:]

        /// The corner of a box's photo clip, as a share of the photo's side.
        static func corner(of box: PersonBox, palette: Palette) -> Double {
            let side = ScenePainter.photoSquare(in: box).width
            return side > 0 ? (min(0.5, ScenePainter.photoRadius(palette) / side) * 1000).rounded() / 1000 : 0
        }
    }

    func photoDefinitions(_ scene: Scene, into out: inout Markup) -> PhotoDefinitions {
        var definitions = PhotoDefinitions()
        var opened = false
        for box in scene.persons {
            guard let path = box.photo, let url = thumbnails.dataURL(for: path) else { continue }
            if !opened {
                out.raw("<defs>\n")
                opened = true
            }
            let corner = PhotoDefinitions.corner(of: box, palette: palette)
            if definitions.clips[corner] == nil {
                let clip = "photo-clip-\(definitions.clips.count + 1)"
                definitions.clips[corner] = clip
                out.raw("<clipPath id=\"\(clip)\" clipPathUnits=\"objectBoundingBox\"><rect width=\"1\" height=\"1\"")
                out.attribute("rx", corner)
                out.raw("/></clipPath>\n")
            }
            if definitions.images[path] == nil {
                let image = "photo-\(definitions.images.count + 1)"
                definitions.images[path] = image
                out.raw("<image id=\"\(image)\" width=\"1\" height=\"1\" preserveAspectRatio=\"xMidYMid slice\"")
                out.attribute("href", url)
                out.raw("/>\n")
            }
        }
        if opened { out.raw("</defs>\n") }
        return definitions
    }
}

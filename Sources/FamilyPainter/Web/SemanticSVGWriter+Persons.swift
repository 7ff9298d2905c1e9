internal import CCairo
import FamilyLayout
import FamilyModel

extension SemanticSVGWriter {
    /// Every person's group, in scene order, in a `<g class="persons">`.
    func personGroups(_ scene: Scene, photos: PhotoDefinitions, into out: inout Markup) {
        let writer = PersonGroupWriter(svg: self, scene: scene, photos: photos)
        out.raw("<g class=\"persons\">\n")
        for b in scene.persons.indices { writer.write(b, into: &out) }
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
        (["\(box.name) (\(box.id))", box.secondName, box.detail] + box.lines).compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// "×N" in a dark disc at the top right of a primary box drawn in N places.
    func badge(_ box: PersonBox, into out: inout Markup) {
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

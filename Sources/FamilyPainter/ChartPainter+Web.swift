import FamilyLayout
import FamilyModel

extension ChartPainter {
    /// The semantic SVG of `scene` laid out with `print` (one page: a poster is refused),
    /// as `write` would save it.
    public func semanticSVG(_ scene: Scene, options: RenderOptions = RenderOptions(),
                            print: PrintOptions = PrintOptions()) throws(PainterError) -> [UInt8] {
        let (page, scene) = try singlePage(scene, print: print, format: "SVG")
        return svgWriter(options).document(scene, page: page, print: print, title: options.title, standalone: true).svg.bytes
    }

    /// The fitted lines of `box`'s label as the painter draws them, in scene points: the
    /// name's lines, then the second name's and the detail's (for tests and tools).
    public func labelLines(of box: PersonBox) -> [TextLine] {
        let inset = box.photo.flatMap(photos.image(at:)) == nil ? 0 : ScenePainter.textInset(besidePhotoIn: box)
        text.measureInPoints()
        let placed = ScenePainter.placeLabel(of: box, textLeft: inset, text: text)
        return placed.pieces.flatMap { text.lines(of: $0) }
    }

    /// The one page `format` can hold, and the scene with references pointed at it.
    func singlePage(_ scene: Scene, print: PrintOptions, format: String) throws(PainterError) -> (PrintPlan.Page, Scene) {
        let plan = try PrintPlan(scene: scene, options: print, nameSize: text.style.nameSize)
        guard plan.pages.count == 1 else { throw .multiPageFormat(format) }
        return (plan.pages[0], scene.pointingReferences(to: plan))
    }

    /// A writer measuring in points (never at the scale of what the painter drew before).
    func svgWriter(_ options: RenderOptions) -> SemanticSVGWriter {
        text.measureInPoints()
        return SemanticSVGWriter(text: text, palette: palette, thumbnails: thumbnails, links: options.linkTemplate)
    }
}

import FamilyLayout
import FamilyModel

/// Writes the interactive page: one self-contained HTML file holding the semantic SVG,
/// the people as JSON, and the viewer's style sheet and script, all inline. Its content
/// security policy allows no request of any kind (images only from `data:` URLs), so it
/// works the same from `file://`, from any static host, and offline.
struct HTMLPageWriter {
    let svg: SemanticSVGWriter
    var details: PageDetails?

    /// Everything the page does not need from the network: no fonts, scripts, styles or images from elsewhere.
    static let contentSecurityPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data: blob:; base-uri 'none'; form-action 'none'"

    func page(_ scene: Scene, page: PrintPlan.Page, print: PrintOptions, title: String, family: FamilyGraph? = nil) -> [UInt8] {
        let data = ViewerData(scene: scene, links: svg.links, details: details)
        let scene = scene.drawnByShapes  // as the SVG and the data's boxes have it
        var (out, photos) = svg.document(scene, page: page, print: print, title: title, standalone: false, personsInline: false)
        var head = Markup(reservingCapacity: 64 * 1024)
        head.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        head.raw("<meta http-equiv=\"Content-Security-Policy\" content=\"\(Self.contentSecurityPolicy)\">\n")
        head.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"color-scheme\" content=\"light dark\">\n")
        head.raw("<meta name=\"generator\" content=\"FamilyChart\">\n<title>")
        head.text(title)
        head.raw("</title>\n<style>\n")
        head.raw(ViewerStyle.css)
        head.raw("</style>\n</head>\n<body>\n")
        head.raw(ViewerMarkup.controls)
        head.raw("<div id=\"viewport\" tabindex=\"0\" role=\"application\" aria-roledescription=\"family chart\" aria-label=\"Family chart: drag or Shift and the arrow keys to pan, wheel or + and − to zoom; with a person selected the arrow keys move to a parent, child, partner or sibling\">\n<div id=\"stage\">\n")
        out.raw("</div>\n<canvas id=\"far-view\" hidden></canvas>\n<div id=\"cursor-layer\"></div>\n</div>\n")
        // The person groups as text the browser does not parse, in chunks of boxes near each
        // other (by left edge) separated by form feeds (which the markup never holds: control
        // characters in names are written as references); the viewer parses a chunk when
        // it first comes near the window, which keeps a 10,000-person page quick to open.
        let chunks = Self.chunks(of: scene)
        let writer = PersonGroupWriter(svg: svg, scene: scene, photos: photos)
        out.raw("<script type=\"text/x-familychart-persons\" id=\"person-markup\">")
        for (k, chunk) in chunks.enumerated() {
            if k > 0 { out.raw("\u{C}") }
            for b in chunk { writer.write(b, into: &out) }
        }
        out.raw("</script>\n")
        out.raw("<noscript><p class=\"no-script\">The people of this chart are shown by its script; allow JavaScript, or open the SVG version.</p><style>#loading { display: none; }</style></noscript>\n")
        out.raw(ViewerMarkup.details)
        out.raw("<script type=\"application/json\" id=\"chart-data\">\n")
        data.write(into: &out, page: page, scene: scene, title: title, nameSize: svg.text.style.nameSize, palette: svg.palette,
                   chunks: chunks)
        out.raw("\n</script>\n")
        if let family {
            out.raw("<script type=\"application/json\" id=\"kinship-data\">\n")
            KinshipData(family: family, ids: data.people.map(\.box.id)).write(into: &out)
            out.raw("\n</script>\n")
        }
        out.raw("<script>\n")
        out.raw(ViewerScript.source)
        out.raw("</script>\n</body>\n</html>\n")
        return head.bytes + out.bytes
    }
}

extension HTMLPageWriter {
    /// Boxes per chunk of person markup: small enough to parse within a frame.
    static let chunkSize = 64

    /// The boxes in chunks of `chunkSize`, ordered by left edge (then scene order).
    static func chunks(of scene: Scene) -> [[Int]] {
        let order = scene.persons.indices.sorted { (scene.persons[$0].x, $0) < (scene.persons[$1].x, $1) }
        return stride(from: 0, to: order.count, by: chunkSize).map { Array(order[$0..<min($0 + chunkSize, order.count)]) }
    }
}

extension ChartPainter {
    /// The interactive HTML page of `scene` (one page of `print`'s layout: a poster is refused).
    public func htmlPage(_ scene: Scene, options: RenderOptions = RenderOptions(),
                         print: PrintOptions = PrintOptions()) throws(PainterError) -> [UInt8] {
        let (page, scene) = try singlePage(scene, print: print, format: "HTML")
        return HTMLPageWriter(svg: svgWriter(options), details: options.details).page(scene, page: page, print: print, title: options.title,
                                                                                            family: options.family)
    }
}

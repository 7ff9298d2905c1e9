internal import CCairo
import FamilyLayout
#if canImport(Glibc)
import Glibc
#endif

/// PDF link annotations over the boxes of one page, through Cairo's tag API: each box
/// on the page (on a poster tile, the part inside its printable area) links to the
/// person's URL from the link template.
struct PageLinks {
    let template: LinkTemplate

    /// Adds one link per visible box; the current transformation is set aside, so the
    /// rectangles are page coordinates whatever Cairo version reads them.
    func add(_ scene: Scene, page: PrintPlan.Page, on cairo: OpaquePointer) {
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        let visible = page.chartClip ?? Box(x: 0, y: 0, width: page.width, height: page.height)
        for var box in scene.persons {
            // A fan's person links from a square in the middle of their wedge (its bounding
            // rectangle would cover the neighbours').
            if let w = box.wedge, scene.wedges.indices.contains(w) {
                let wedge = scene.wedges[w], (r, a) = wedge.middle
                let side = 0.7 * min(wedge.outerRadius - wedge.innerRadius, r * (wedge.endAngle - wedge.startAngle) * .pi / 180)
                box.x = wedge.center.x + r * cos(a * .pi / 180) - side / 2
                box.y = wedge.center.y + r * sin(a * .pi / 180) - side / 2
                (box.width, box.height) = (side, side)
            }
            let x0 = max(visible.x, page.chartOffsetX + box.x * page.chartScale)
            let y0 = max(visible.y, page.chartOffsetY + box.y * page.chartScale)
            let x1 = min(visible.maxX, page.chartOffsetX + box.maxX * page.chartScale)
            let y1 = min(visible.maxY, page.chartOffsetY + box.maxY * page.chartScale)
            guard x1 - x0 > 0.5, y1 - y0 > 0.5, let url = template.url(for: box.id) else { continue }
            let attributes = "uri='\(Self.quoted(LinkTemplate.pdfSafe(url)))' rect=[\(x0) \(y0) \(x1 - x0) \(y1 - y0)]"
            cairo_tag_begin(cairo, "Link", attributes)
            cairo_tag_end(cairo, "Link")
        }
        cairo_restore(cairo)
    }

    /// A value for a single-quoted Cairo tag attribute: `\` and `'` escaped with `\`.
    static func quoted(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "\\" || character == "'" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}

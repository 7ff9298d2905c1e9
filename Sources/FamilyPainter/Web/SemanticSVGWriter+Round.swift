import FamilyLayout
import FamilyModel
#if canImport(Glibc)
import Glibc
#endif

/// Round charts' primitives in the semantic SVG: each wedge a `<path class="wedge …">`
/// (inside a `<g class="wedge-person" data-id="…">` with a `<title>` when it stands for a
/// person, as a person's box does), each text at an angle a rotated `<text>`, each text
/// along an arc a `<textPath>` on a circle in `<defs>`.
extension SemanticSVGWriter {
    /// The wedges, under the lines.
    func wedges(_ scene: Scene, into out: inout Markup) {
        guard !scene.wedges.isEmpty else { return }
        var labels: [String: [String]] = [:]
        for text in scene.texts { if let person = text.person { labels[person, default: []].append(text.text) } }
        out.raw("<g class=\"wedges\">\n")
        for wedge in scene.wedges {
            if let person = wedge.person {
                out.raw("<g class=\"wedge-person\"")
                out.attribute("data-id", person)
                out.raw(">\n<title>")
                out.text((labels[person] ?? []).joined(separator: " ") + " (\(person))")
                out.raw("</title>\n")
            }
            out.raw("<path class=\"wedge ")
            switch wedge.fill {
            case .none: out.raw("none")
            case .gender(let gender): out.raw(gender.rawValue)
            case .reference: out.raw("reference")
            case .colour: out.raw("coloured")
            }
            if wedge.outline == .dashed { out.raw(" dashed") }
            if wedge.outline == .faint { out.raw(" faint") }
            if wedge.outline == .none { out.raw(" no-outline") }
            out.raw("\"")
            if case .colour = wedge.fill { out.attribute("style", "fill:\(wedge.fill.text)") }
            out.raw(" d=\"")
            Self.wedgePath(wedge, into: &out)
            out.raw("\"/>\n")
            if wedge.person != nil { out.raw("</g>\n") }
        }
        out.raw("</g>\n")
    }

    /// The texts at angles and along arcs, over everything; their circles in `<defs>`.
    func texts(_ scene: Scene, into out: inout Markup) {
        guard !scene.texts.isEmpty else { return }
        out.raw("<g class=\"texts\">\n")
        for (k, item) in scene.texts.enumerated() {
            var style = "font-size:\(SVGStyleSheet.number(item.size))px"
            if item.bold { style += ";font-weight:bold" }
            switch item.path {
            case .line(let at, let angle):
                out.raw("<text class=\"along\"")
                if let person = item.person { out.attribute("data-id", person) }
                out.attribute("style", style)
                out.raw(" transform=\"translate(")
                out.numbers(at.x, at.y)
                out.raw(") rotate(")
                out.number(angle)
                out.raw(")\" x=\"0\" y=\"0\"")
                out.attribute("textLength", text.advance(of: item.text, size: item.size, bold: item.bold))
                out.raw(" lengthAdjust=\"spacingAndGlyphs\">")
                out.text(item.text)
                out.raw("</text>\n")
            case .arc(let center, let radius, let angle, let clockwise):
                let id = "arc-\(k)"
                out.raw("<defs><path")
                out.attribute("id", id)
                out.raw(" d=\"")
                // Nearly the whole circle, its middle at `angle`, in the reading direction.
                let sense = clockwise ? 1.0 : -1.0
                Self.arcPath(center: center, radius: radius, from: angle - sense * 179.9, to: angle + sense * 179.9, into: &out)
                out.raw("\"/></defs>\n<text class=\"along\"")
                if let person = item.person { out.attribute("data-id", person) }
                out.attribute("style", style)
                out.raw("><textPath href=\"#\(id)\" startOffset=\"50%\">")
                out.text(item.text)
                out.raw("</textPath></text>\n")
            }
        }
        out.raw("</g>\n")
    }

    /// A wedge as path data: the outer arc, then back along the inner arc (or to the centre).
    static func wedgePath(_ wedge: Wedge, into out: inout Markup) {
        arcPath(center: wedge.center, radius: wedge.outerRadius, from: wedge.startAngle, to: wedge.endAngle, into: &out)
        if wedge.endAngle - wedge.startAngle >= 360 {  // a whole ring or disc: two circles, no seam
            out.raw("Z")
            if wedge.innerRadius > 0 {
                arcPath(center: wedge.center, radius: wedge.innerRadius, from: wedge.endAngle, to: wedge.startAngle, into: &out)
                out.raw("Z")
            }
            return
        }
        if wedge.innerRadius > 0 {
            let start = point(wedge.center, wedge.innerRadius, wedge.endAngle)
            out.raw("L")
            out.numbers(start.x, start.y)
            arcPath(center: wedge.center, radius: wedge.innerRadius, from: wedge.endAngle, to: wedge.startAngle, move: false, into: &out)
        } else {
            out.raw("L")
            out.numbers(wedge.center.x, wedge.center.y)
        }
        out.raw("Z")
    }

    /// An arc from angle `from` to `to` (degrees; clockwise when `to` > `from`) as path
    /// data, in two halves so that a full circle is drawn too.
    static func arcPath(center: Point, radius: Double, from: Double, to: Double, move: Bool = true, into out: inout Markup) {
        let start = point(center, radius, from)
        if move {
            out.raw("M")
            out.numbers(start.x, start.y)
        }
        let sweep = to > from ? "1" : "0"
        for end in [(from + to) / 2, to] {
            let p = point(center, radius, end)
            out.raw("A")
            out.numbers(radius, radius)
            out.raw(" 0 0 \(sweep) ")
            out.numbers(p.x, p.y)
        }
    }

    private static func point(_ center: Point, _ radius: Double, _ degrees: Double) -> Point {
        let a = degrees * Double.pi / 180
        return Point(center.x + radius * cos(a), center.y + radius * sin(a))
    }
}

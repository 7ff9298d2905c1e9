import FamilyLayout
import FamilyModel

/// The CSS of a semantic SVG: every colour, width and dash of the theme as rules on the
/// classes the writer puts on its elements, so a page can restyle a chart with a few
/// rules of its own. Box colours follow the theme's `colourBy`: rules for the genders,
/// and for each generation or lineage the chart has.
enum SVGStyleSheet {
    static func css(palette: Palette, style: TextStyle, scene: Scene) -> String {
        var rules: [String] = []
        func rule(_ selector: String, _ declarations: String) { rules.append("\(selector){\(declarations)}") }
        let connector = "stroke-width:\(number(palette.connectorWidth))"
        rule(".page", "fill:\(hex(palette.background))")
        rule(".line", "fill:none;stroke:\(hex(palette.line));\(connector)")
        for link in ChildLink.allCases where link != .birth {
            let style = palette.connectorStyle(link: link, crossLink: false)
            rule(".line.\(link.rawValue)", "stroke:\(hex(style.colour))" + dashes(style.dashes))
        }
        let cross = palette.connectorStyle(link: .birth, crossLink: true)
        rule(".line.cross", "stroke:\(hex(cross.colour))" + dashes(cross.dashes))
        rule(".part-frame", "fill:none;stroke:\(hex(palette.detailText));stroke-opacity:\(number(ScenePainter.frameOpacity));stroke-width:\(number(ScenePainter.frameWidth))")
        rule(".row-label-text", "font-size:\(number(ScenePainter.rowLabelSize))px;fill:\(hex(palette.detailText));fill-opacity:\(number(ScenePainter.rowLabelOpacity))")
        rule(".couple", "fill:none;stroke:\(hex(palette.line));stroke-width:\(number(palette.coupleBarWidth))")
        rule(".divorce-mark", "fill:none;stroke:\(hex(palette.line));\(connector)")
        rule(".person rect", "stroke-width:\(number(palette.boxOutlineWidth))")
        for (gender, key) in [(Gender.male, 0), (.female, 1), (.unknown, 2)] {
            rule(".person.\(gender.rawValue) rect", box(palette.colours(forKey: key)))
        }
        switch palette.colourBy {
        case .gender:
            break
        case .generation:
            for generation in Set(scene.persons.map(\.generation)).sorted() {
                rule(".person.generation-\(generation) rect", box(palette.colours(forKey: colourKey(scene, palette, generation: generation))))
            }
        case .lineage:
            for lineage in Set(scene.persons.compactMap(\.lineage)).sorted() {
                rule(".person.lineage-\(lineage) rect", box(palette.colours(forKey: colourKey(scene, palette, lineage: lineage))))
            }
        }
        rule(".person.reference rect", "fill:\(hex(palette.background));stroke-dasharray:3 2")
        rule("text", "font-family:\(fontFamily(style.family));text-anchor:middle")
        rule(".name", "font-size:\(number(style.nameSize))px;fill:\(hex(palette.text))")
        rule(".second-name,.detail,.box-line", "font-size:\(number(style.detailSize))px;fill:\(hex(palette.detailText))")
        if scene.coupleBars.contains(where: { $0.label != nil }) { rule(".marriage", "fill:\(hex(palette.detailText))") }
        if scene.persons.contains(where: { $0.mark != nil }) {
            rule(".mark", "font-size:\(number(ScenePainter.markSize))px;font-weight:bold;fill:\(hex(palette.detailText))")
        }
        rule(".badge>circle", "fill:\(hex(palette.outline(for: .unknown)))")
        rule(".badge>text", "font-size:6px;font-weight:bold;fill:\(hex(palette.background))")
        rule(".title", "font-size:16px;font-weight:bold;fill:\(hex(palette.text))")
        rule(".date", "font-size:9px;fill:\(hex(palette.detailText))")
        rule(".subtitle,.note", "fill:\(hex(palette.detailText))")
        rule(".legend text", "font-size:\(number(Legend.textSize))px;fill:\(hex(palette.text))")
        if !scene.wedges.isEmpty {
            rule(".wedge", "stroke-width:\(number(palette.boxOutlineWidth))")
            for (gender, key) in [(Gender.male, 0), (.female, 1), (.unknown, 2)] { rule(".wedge.\(gender.rawValue)", box(palette.colours(forKey: key))) }
            rule(".wedge.reference", "fill:\(hex(palette.background));stroke:\(hex(palette.outline(for: .unknown)))")
            rule(".wedge.none,.wedge.coloured", "fill:none;stroke:\(hex(palette.line))")
            rule(".wedge.dashed", "stroke-dasharray:3 2")
            rule(".wedge.faint", "stroke:\(hex(ScenePainter.faint(palette.line, palette: palette)));stroke-width:\(number(palette.boxOutlineWidth / 2))")
            rule(".wedge.no-outline", "stroke:none")
        }
        if !scene.texts.isEmpty { rule(".along", "fill:\(hex(palette.text))") }
        return rules.joined(separator: "\n")
    }

    /// The palette key of a box in `generation` (or of `lineage`): found through a
    /// representative box, so the colours are exactly the painter's.
    private static func colourKey(_ scene: Scene, _ palette: Palette, generation: Int? = nil, lineage: Int? = nil) -> Int {
        var box = PersonBox(id: "", name: "", gender: .unknown, generation: generation ?? 0, x: 0, y: 0, width: 0, height: 0)
        box.lineage = lineage
        return palette.colourKey(for: box)
    }

    private static func box(_ colours: Palette.BoxColours) -> String {
        "fill:\(hex(colours.fill));stroke:\(hex(colours.outline))"
    }

    private static func dashes(_ dashes: [Double]?) -> String {
        guard let dashes else { return "" }
        return ";stroke-dasharray:" + dashes.map(number).joined(separator: " ")
    }

    /// `#RRGGBB` of a colour.
    static func hex(_ colour: RGB) -> String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for component in [colour.red, colour.green, colour.blue] {
            let byte = Int((min(1, max(0, component)) * 255).rounded())
            text.append(digits[byte >> 4])
            text.append(digits[byte & 15])
        }
        return text
    }

    static func number(_ value: Double) -> String {
        var markup = Markup(reservingCapacity: 16)
        markup.number(value)
        return String(decoding: markup.bytes, as: UTF8.self)
    }

    /// A Pango family list as a CSS one: each name quoted (only letters, digits, spaces
    /// and hyphens kept, so a theme cannot break out of the style sheet), generic names
    /// bare, `sans-serif` last when no generic family is given.
    static let fallbackFamilies = ["DejaVu Sans", "Noto Sans", "Noto Sans Arabic", "Noto Naskh Arabic", "Noto Sans Hebrew",
                                   "Noto Sans CJK SC", "WenQuanYi Micro Hei", "Noto Sans Devanagari", "Noto Sans Thai",
                                   "Arial Unicode MS", "Segoe UI", "Arial"]

    static func fontFamily(_ pangoFamily: String) -> String {
        let generic: Set<String> = ["serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui"]
        var names: [String] = []
        for part in pangoFamily.split(separator: ",") {
            let name = String(part.filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" }).trimmingWhiteSpace
            guard !name.isEmpty else { continue }
            names.append(generic.contains(name.lowercased()) ? name.lowercased() : "\"\(name)\"")
        }
        let generics = names.filter { generic.contains($0) }
        names.removeAll { generic.contains($0) }
        // For a program without the theme's fonts: families that draw the scripts DejaVu
        // lacks (Arabic, Hebrew, CJK, Indic, Thai…), before the generic family.
        for fallback in fallbackFamilies where !names.contains("\"\(fallback)\"") { names.append("\"\(fallback)\"") }
        names += generics.isEmpty ? ["sans-serif"] : generics
        return names.joined(separator: ",")
    }
}

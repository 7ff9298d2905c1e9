import FamilyLayout
import FamilyModel

/// What the legend shows and where: the box colours, then every line style the chart
/// uses (couple, parent – child, and when they occur divorce, adoption, foster/step,
/// cross links and reference boxes), in one row when it fits the area's width, else
/// wrapped. Worked out once and drawn by the PDF/PNG painter and the SVG writer alike.
struct Legend {
    enum Sample {
        case box(Palette.BoxColours, reference: Bool)
        case line(colour: RGB, width: Double, dashes: [Double]?, struck: Bool)
    }

    struct Entry {
        var sample: Sample
        var name: String
        /// The entry's top-left corner on the page.
        var x: Double
        var y: Double

        /// Where the entry's words start, right of the sample.
        var textX: Double {
            switch sample {
            case .box: x + 20
            case .line: x + 26
            }
        }

        /// The room of the words: the standard width, or as much as the entry was given.
        var wordsWidth: Double { max(Legend.textWidth, x + width - textX) }

        var width: Double {
            switch sample {
            case .box: 28 + Double(name.count) * 5
            case .line: 34 + Double(name.count) * 5
            }
        }
    }

    /// The words' size and the width they may take.
    static let textSize = 8.0
    static let textWidth = 140.0
    /// A box sample's size, and a line sample's length and height above the entry's top.
    static let boxSample = (width: 16.0, height: 11.0)
    static let lineSample = (length: 22.0, y: 5.5)

    var entries: [Entry] = []

    init(scene: Scene, palette: Palette, area: Box) {
        var samples: [(Sample, String)] = []
        if !scene.colourKey.isEmpty {
            // A colour scheme's own key: every colour it used, with its mark where boxes carry one.
            for key in scene.colourKey {
                let colours = Palette.BoxColours(fill: RGB(key.fill) ?? palette.background, outline: RGB(key.outline) ?? palette.line)
                samples.append((.box(colours, reference: false), (key.mark.map { "\($0)  " } ?? "") + key.label))
            }
        } else {
            genderSamples(scene: scene, palette: palette, into: &samples)
        }
        lineSamples(scene: scene, palette: palette, into: &samples)
        place(samples, in: area)
    }

    /// How tall the legend of `scene` is: 30 pt for one or two rows, 15 more for each
    /// further row it takes at `width`.
    static func height(for scene: Scene, width: Double) -> Double {
        guard !scene.colourKey.isEmpty else { return PrintPlan.legendHeight }
        let placed = Legend(scene: scene, palette: Palette(), area: Box(x: 0, y: 0, width: max(100, width), height: 30))
        let rows = Set(placed.entries.map(\.y)).count
        return PrintPlan.legendHeight + 15 * Double(max(0, rows - 2))
    }

    private func genderSamples(scene: Scene, palette: Palette, into samples: inout [(Sample, String)]) {
        switch palette.colourBy {
        case .gender, .lineage:
            // Only the genders the chart's own boxes show.
            let shown = Set(scene.persons.lazy.filter { !$0.isReference }.map(\.gender))
            for (gender, name) in [(Gender.male, "male"), (.female, "female"), (.unknown, "gender unknown")] where shown.contains(gender) {
                samples.append((.box(Palette.BoxColours(fill: palette.fill(for: gender), outline: palette.outline(for: gender)), reference: false), name))
            }
        case .generation:
            let rows = (scene.persons.map(\.generation).max() ?? 0) + 1
            for g in 0..<min(rows, palette.generations.count) {
                let suffix = rows > palette.generations.count && g == palette.generations.count - 1 ? "…" : ""
                samples.append((.box(palette.generations[g], reference: false), "generation \(g + 1)\(suffix)"))
            }
        }
    }

    private func lineSamples(scene: Scene, palette: Palette, into samples: inout [(Sample, String)]) {
        samples.append((.line(colour: palette.line, width: palette.coupleBarWidth, dashes: nil, struck: false), "couple"))
        if scene.coupleBars.contains(where: \.isDivorced) {
            samples.append((.line(colour: palette.line, width: palette.coupleBarWidth, dashes: nil, struck: true), "divorced"))
        }
        samples.append((.line(colour: palette.line, width: palette.connectorWidth, dashes: nil, struck: false), "parent – child"))
        for (link, name) in [(ChildLink.adopted, "adopted"), (.foster, "foster or step")] {
            let kinds: Set<ChildLink> = link == .adopted ? [.adopted] : [.foster, .step]
            if scene.connectors.contains(where: { $0.style != .crossLink && kinds.contains($0.link) }) {
                let style = palette.connectorStyle(link: link, crossLink: false)
                samples.append((.line(colour: style.colour, width: palette.connectorWidth, dashes: style.dashes, struck: false), name))
            }
        }
        if scene.connectors.contains(where: { $0.style == .crossLink }) {
            let style = palette.connectorStyle(link: .birth, crossLink: true)
            samples.append((.line(colour: style.colour, width: palette.connectorWidth, dashes: style.dashes, struck: false), "spouse's own parents"))
        }
        if scene.persons.contains(where: \.isReference) {
            samples.append((.box(Palette.BoxColours(fill: palette.background, outline: palette.outline(for: .unknown)), reference: true),
                            "reference (drawn elsewhere)"))
        }
    }

    private mutating func place(_ samples: [(Sample, String)], in area: Box) {
        entries = samples.map { Entry(sample: $0.0, name: $0.1, x: 0, y: 0) }
        let oneRow = entries.reduce(0) { $0 + $1.width } <= area.width
        var x = area.x
        var y = area.y + (oneRow ? 8 : 1)
        for k in entries.indices {
            if x + entries[k].width > area.maxX + 20, x > area.x {
                x = area.x
                y += 15
            }
            entries[k].x = x
            entries[k].y = y
            x += entries[k].width
        }
    }
}

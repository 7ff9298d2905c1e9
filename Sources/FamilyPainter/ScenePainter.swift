internal import CCairo
import FamilyLayout
import FamilyModel

/// Draws a scene onto a Cairo context, in scene points. It decides nothing about
/// placement: every coordinate comes from the scene.
struct ScenePainter {
    let text: TextEngine
    let palette: Palette
    let photos: PhotoLibrary
    /// Raster output may show unreadably small text as bars; vector output keeps it as
    /// real, searchable text however small. The two also draw boxes and labels in the way
    /// that is cheapest for them: vector output wants few operators and little path data
    /// (labels batched, boxes as inset rectangles), Cairo's rasteriser small operations
    /// (each label on its own, boxes as plain outlines).
    var isRaster: Bool
    /// Whether names too small to read are drawn as grey bars (`greek`), raster only.
    var greeksSmallText = false
    /// The coverage buffer small raster images' boxes and bars are summed into
    /// (`PixelRectangles`); a new one for each image when nil.
    var coverageMask: CoverageMask?

    /// Paints back to front, over the background the page painter laid: wedges,
    /// connectors, couple bars, boxes, then text (names, then text at angles). Boxes never
    /// overlap, so each kind of mark is batched into one path per colour: a few fills
    /// and strokes for the whole chart instead of several per person, which keeps PDF and
    /// SVG output small and fast to write.
    func paint(_ scene: Scene, on cairo: OpaquePointer) {
        marginMarks(scene, on: cairo)

        paintWedges(scene, on: cairo)
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_MITER)
        // Connectors, one path per line style: birth solid, adopted dashed, foster and step
        // dotted, cross links dashed purple.
        cairo_set_line_width(cairo, palette.connectorWidth)
        let styles = [(ChildLink.birth, false)] + ChildLink.allCases.dropFirst().map { ($0, false) } + [(.birth, true)]
        for (link, crossLink) in styles {
            var any = false
            for connector in scene.connectors where (connector.style == .crossLink) == crossLink && (crossLink || connector.link == link) {
                guard let first = connector.points.first else { continue }
                cairo_move_to(cairo, first.x, first.y)
                for point in connector.points.dropFirst() { cairo_line_to(cairo, point.x, point.y) }
                any = true
            }
            guard any else { continue }
            let style = palette.connectorStyle(link: link, crossLink: crossLink)
            if let dashes = style.dashes { cairo_set_dash(cairo, dashes, Int32(dashes.count), 0) }
            style.colour.setSource(cairo)
            cairo_stroke(cairo)
            cairo_set_dash(cairo, nil, 0, 0)
        }

        palette.line.setSource(cairo)
        cairo_set_line_width(cairo, palette.coupleBarWidth)
        for bar in scene.coupleBars {
            guard let first = bar.points.first else { continue }
            cairo_move_to(cairo, first.x, first.y)
            for point in bar.points.dropFirst() { cairo_line_to(cairo, point.x, point.y) }
        }
        cairo_stroke(cairo)
        // A divorced couple's bar is struck through with two short slashes between the hang
        // point and the partner's edge.
        cairo_set_line_width(cairo, palette.connectorWidth)
        for bar in scene.coupleBars where bar.isDivorced {
            guard let end = bar.points.last else { continue }
            Self.addDivorceMark(x: (bar.hang.x + end.x) / 2, y: bar.hang.y, on: cairo)
        }
        cairo_stroke(cairo)

        // Primary boxes filled in the gender's colour; reference boxes (a second place of
        // someone drawn elsewhere) white with a dashed outline.
        // A box's colours: the scene's when a colour scheme chose them, else the theme's.
        var keys = scene.persons.map { palette.colourKey(for: $0) }
        var chosen: [String: Int] = [:]
        var chosenColours: [Palette.BoxColours] = []
        // Loops over the boxes read the fields they need in place: a box copied out of the
        // array (`enumerated()`) retains and releases its every string.
        for b in scene.persons.indices {
            guard let fill = scene.persons[b].fill else { continue }
            let outline = scene.persons[b].outline, gender = scene.persons[b].gender
            let name = fill + (outline ?? "")
            if chosen[name] == nil {
                chosen[name] = chosenColours.count
                chosenColours.append(Palette.BoxColours(fill: RGB(fill) ?? palette.fill(for: gender),
                                                        outline: outline.flatMap(RGB.init) ?? palette.outline(for: gender)))
            }
            keys[b] = -1 - chosen[name]!
        }
        let used = Set(keys).sorted()
        let pixels = isRaster && palette.paintsRectanglesAsPixels ? PixelRectangles(cairo, mask: coverageMask ?? CoverageMask()) : nil
        for isReference in [false, true] {
            for key in used {
                let colours = key < 0 ? chosenColours[-1 - key] : palette.colours(forKey: key)
                let boxes = scene.persons.indices.lazy.filter { keys[$0] == key && scene.persons[$0].isReference == isReference }
                let frames = boxes.map { b -> BoxFrame in
                    (scene.persons[b].x, scene.persons[b].y, scene.persons[b].width, scene.persons[b].height)
                }
                paintBoxes(frames, fill: isReference ? palette.background : colours.fill,
                           outline: colours.outline, dashed: isReference, pixels: pixels, on: cairo)
            }
        }
        keys.removeAll()

        var unit = (x: 1.0, y: 0.0)
        cairo_user_to_device_distance(cairo, &unit.x, &unit.y)
        let greeks = greeksSmallText && text.style.nameSize * (unit.x * unit.x + unit.y * unit.y).squareRoot() < Self.smallestLegibleTextPixels
        // Photos at the left of their boxes; the text moves over beside them.
        var textLeft = [Double](repeating: 0, count: scene.persons.count)
        for b in scene.persons.indices {
            guard let path = scene.persons[b].photo, let image = photos.image(at: path) else { continue }
            let square = Self.photoSquare(in: scene.persons[b])
            photos.paint(image, x: square.x, y: square.y, side: square.width, radius: Self.photoRadius(palette), on: cairo)
            textLeft[b] = Self.textInset(besidePhotoIn: scene.persons[b])
        }
        if greeks {
            greek(scene, textLeft: textLeft, pixels: pixels, on: cairo)
        } else {
            text.prepare(for: cairo)
            for (part, colour) in [(TextEngine.LabelPart.name, palette.text), (.detail, palette.detailText)] {
                colour.setSource(cairo)
                for (b, box) in scene.persons.enumerated() {
                    if part == .detail && (box.secondName ?? "").isEmpty && (box.detail ?? "").isEmpty && box.lines.isEmpty { continue }
                    text.draw(part, of: Self.placeLabel(of: box, textLeft: textLeft[b], text: text), in: cairo)
                    if isRaster { text.flushLabels(on: cairo) }
                }
                text.flushLabels(on: cairo)
            }
        }
        badges(scene, withText: !greeks, on: cairo)
        paintMarks(scene, on: cairo)
        paintBarLabels(scene, on: cairo)
        paintTexts(scene, on: cairo)
    }

    /// Part frames and row labels, faint, behind everything else (they stand in the gaps).
    private func marginMarks(_ scene: Scene, on cairo: OpaquePointer) {
        guard !scene.partFrames.isEmpty || !scene.rowLabels.isEmpty else { return }
        let faint = palette.detailText
        if !scene.partFrames.isEmpty {
            cairo_set_source_rgba(cairo, faint.red, faint.green, faint.blue, Self.frameOpacity)
            cairo_set_line_width(cairo, Self.frameWidth)
            for frame in scene.partFrames { cairo_rectangle(cairo, frame.x, frame.y, frame.width, frame.height) }
            cairo_stroke(cairo)
        }
        paintRowLabels(scene.rowLabels, on: cairo)
    }

    /// Row labels, faint and centred in their room.
    func paintRowLabels(_ labels: [RowLabel], on cairo: OpaquePointer) {
        let faint = palette.detailText
        cairo_set_source_rgba(cairo, faint.red, faint.green, faint.blue, Self.rowLabelOpacity)
        for label in labels {
            let (words, top) = Self.rowLabelText(label)
            text.drawText(words.joined(separator: "\n"), size: Self.rowLabelSize, x: label.x, y: top, width: label.width,
                          alignment: PANGO_ALIGN_CENTER, in: cairo)
        }
    }

    static let frameOpacity = 0.35, frameWidth = 0.6
    static let rowLabelSize = 7.0, rowLabelLineHeight = 8.5, rowLabelOpacity = 0.7

    /// A row label's lines ("Gen 12", "1840–1875") and the top of the first, centred in
    /// the label's height (the painter and the SVG writer place them alike).
    /// A narrow label (a poster sheet's margin) breaks the years after the dash.
    static func rowLabelText(_ label: RowLabel) -> (lines: [String], top: Double) {
        var lines = label.text.components(separatedBy: " · ")
        if label.width < 44 {
            lines = lines.flatMap { line -> [String] in
                guard let dash = line.firstIndex(of: "–") else { return [line] }
                return [String(line[...dash]), String(line[line.index(after: dash)...])]
            }
        }
        return (lines, label.y + (label.height - Double(lines.count) * rowLabelLineHeight) / 2)
    }

    /// The badge's radius and its gap to the box's edges.
    static let badgeRadius = 6.5, badgeGap = 2.0

    /// The square in a badged box's top-right corner that its name keeps clear of, so the
    /// badge never covers a letter (a name that would reach it is fitted narrower, still centred).
    static let badgeCorner = 2 * badgeRadius + badgeGap + 1

    /// A person drawn in several places (pedigree collapse) carries "×N" at the top right
    /// of their primary box: N places in all. The name keeps clear of it (`badgeCorner`).
    /// Greeked charts keep the badges' discs without their unreadable "×N".
    private func badges(_ scene: Scene, withText: Bool, on cairo: OpaquePointer) {
        let marked = scene.persons.filter { $0.references > 0 }
        guard !marked.isEmpty else { return }
        let radius = Self.badgeRadius
        for box in marked {
            cairo_new_sub_path(cairo)
            cairo_arc(cairo, box.maxX - radius - Self.badgeGap, box.y + radius + Self.badgeGap, radius, 0, 2 * Double.pi)
        }
        palette.outline(for: .unknown).setSource(cairo)
        cairo_fill(cairo)
        guard withText else { return }
        palette.background.setSource(cairo)
        for box in marked {
            text.drawText("×\(box.references + 1)", size: 6, bold: true, x: box.maxX - 2 * radius - Self.badgeGap, y: box.y + radius + Self.badgeGap - 4.6,
                          width: 2 * radius, alignment: PANGO_ALIGN_CENTER, in: cairo)
        }
    }

    /// Adds the two short slashes that strike a divorced couple's bar through, centred on
    /// (x, y), to the current path (the chart and the legend both draw it).
    static func addDivorceMark(x: Double, y: Double, on cairo: OpaquePointer) {
        for dx in [-1.6, 1.6] {
            cairo_move_to(cairo, x + dx - 1.6, y + 4)
            cairo_line_to(cairo, x + dx + 1.6, y - 4)
        }
    }

    /// The label of `box` as the painter places it, its text `textLeft` in from the box's
    /// left edge (beside a photo); the SVG writer writes the same placement.
    static func placeLabel(of box: PersonBox, textLeft: Double, text: TextEngine) -> PlacedLabel {
        text.placeLabel(name: box.name, givenNames: box.givenNames, secondName: box.secondName, detail: box.detail,
                        shorterDetails: box.isReference ? ReferenceLabel.shorterForms(of: box.detail ?? "") : [], lines: box.lines,
                        x: box.x + textLeft, y: box.y, width: box.width - textLeft, height: box.height,
                        clearCorner: box.references > 0 ? badgeCorner : 0)
    }

    /// The gap between a box's edge and its photo.
    static let photoInset = 5.0

    /// The square a box's photo fills, at the box's left, `photoInset` from its edges.
    static func photoSquare(in box: PersonBox) -> Box {
        let side = box.height - 2 * photoInset
        return Box(x: box.x + photoInset, y: box.y + photoInset, width: side, height: side)
    }

    /// How far a box's text moves right to make room for its photo.
    static func textInset(besidePhotoIn box: PersonBox) -> Double { box.height - photoInset }

    /// The corner radius of a photo's rounded square.
    static func photoRadius(_ palette: Palette) -> Double { max(0, palette.cornerRadius - photoInset) }

    /// Names drawn smaller than this many pixels tall cannot be read (thumbnails of large
    /// families); they are "greeked" instead: shown as grey bars of about their length.
    static let smallestLegibleTextPixels = 3.0

    /// The bars of greeked lines: from this share of the font size below the line's top,
    /// this share of it tall (about the x-height), at this opacity of the text's colour,
    /// and as long as this share of the font size per character (1 for wide CJK ones).
    static let greekTop = 0.35, greekHeight = 0.5, greekOpacity = 0.3, greekAdvance = 0.58
    /// Line height of the label font as a share of its size (DejaVu Sans: ascent + descent).
    static let greekLineHeight = 1.164

    /// Grey bars standing in for the name (and detail) lines, placed as `placeLabel`
    /// places the lines, as long as the text would roughly be (no shaping: an average
    /// advance per character), over the lines' x-height, as dark as the letters average.
    private func greek(_ scene: Scene, textLeft: [Double], pixels: PixelRectangles?, on cairo: OpaquePointer) {
        let top = Self.greekTop, band = Self.greekHeight, alpha = Self.greekOpacity, advance = Self.greekAdvance
        let style = text.style
        let lineHeight = Self.greekLineHeight
        func width(_ text: String, size: Double) -> Double {
            var ems = 0.0
            for scalar in text.unicodeScalars { ems += scalar.value >= 0x2E80 ? 1 : advance }
            return ems * size
        }
        var names: [(x: Double, y: Double, w: Double)] = [], details = names
        names.reserveCapacity(scene.persons.count * max(1, style.maximumNameLines))
        details.reserveCapacity(scene.persons.count * 2)
        for b in scene.persons.indices {
            let box = (x: scene.persons[b].x, y: scene.persons[b].y, width: scene.persons[b].width, height: scene.persons[b].height)
            let inner = max(1, box.width - textLeft[b] - 2 * style.padding)
            let centre = box.x + textLeft[b] + (box.width - textLeft[b]) / 2
            let nameWidth = width(scene.persons[b].name, size: style.nameSize)
            let lines = min(max(1, style.maximumNameLines), Int((nameWidth / inner).rounded(.up)))
            // The second name and detail lines, when not empty (two optionals, not an array per box).
            let second = scene.persons[b].secondName.flatMap { $0.isEmpty ? nil : $0 }
            let detail = scene.persons[b].detail.flatMap { $0.isEmpty ? nil : $0 }
            let smallCount = (second == nil ? 0 : 1) + (detail == nil ? 0 : 1)
            let smallHeight = Double(smallCount) * style.detailSize * lineHeight
            let blockHeight = Double(lines) * style.nameSize * lineHeight + (smallCount == 0 ? 0 : 2 + smallHeight)
            var y = box.y + (box.height - blockHeight) / 2
            let lineWidth = min(inner, nameWidth / Double(lines))
            for _ in 0..<lines {
                names.append((centre - lineWidth / 2, y + top * style.nameSize, lineWidth))
                y += style.nameSize * lineHeight
            }
            if smallCount > 0 { y += 2 }
            func addDetail(_ line: String?) {
                guard let line else { return }
                let w = min(inner, width(line, size: style.detailSize))
                details.append((centre - w / 2, y + top * style.detailSize, w))
                y += style.detailSize * lineHeight
            }
            addDetail(second)
            addDetail(detail)
        }
        for (bars, size, colour) in [(names, style.nameSize, palette.text), (details, style.detailSize, palette.detailText)] {
            if let pixels {
                pixels.fill(bars.lazy.map { ($0.x, $0.y, $0.w, band * size) }, colour: colour, alpha: alpha)
                continue
            }
            for bar in bars { cairo_rectangle(cairo, bar.x, bar.y, bar.w, band * size) }
            cairo_set_source_rgba(cairo, colour.red, colour.green, colour.blue, alpha)  // bars never overlap
            cairo_fill(cairo)
        }
    }
}

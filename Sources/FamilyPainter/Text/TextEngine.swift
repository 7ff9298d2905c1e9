internal import CCairo
import FamilyModel
import FoundationEssentials

/// Pango text for one painter: a private font map (optionally bound to a fontconfig file)
/// and a context with every rendering knob pinned (`PangoSession`, made when the first
/// text is measured or drawn), and shaped labels kept for reuse: the
/// same text at the same width (an age, a common name) is shaped once per painter. Box
/// labels are gathered into a glyph batch and drawn together (`flushLabels`).
///
/// Every text reaches Pango through `DrawnText.cleaned` (a last line of defence: the
/// import cleans what the data holds, with warnings; ids, options and furniture are
/// cleaned here): no noncharacter, bidi control or endless mark cluster is ever shaped.
///
/// Not shared between threads: give each thread its own painter.
final class TextEngine {
    private let fontConfig: OpaquePointer?  // FcConfig*, when a file was given
    /// The Pango objects, made on the first text (greeked thumbnails draw none).
    private var madeSession: PangoSession?
    private var pango: PangoSession {
        if let madeSession { return madeSession }
        let made = PangoSession(fontConfig: fontConfig, style: style)
        madeSession = made
        return made
    }
    private var fontMap: UnsafeMutablePointer<PangoFontMap> { pango.fontMap }
    /// The context text is set on now: the measuring one from the start of each chart
    /// (`measureInPoints`) until the chart is drawn on a target (`prepare(for:)`).
    private var isDrawing = false
    private var layouts: PangoSession.Layouts { isDrawing ? pango.drawing : pango.measuring }
    private var context: OpaquePointer { layouts.context }  // PangoContext*
    private var nameFont: OpaquePointer { pango.nameFont }  // PangoFontDescription*
    private var detailFont: OpaquePointer { pango.detailFont }
    /// The layouts every label is shaped on; the cache keeps only the glyphs.
    private var scratchName: OpaquePointer { layouts.scratchName }  // PangoLayout*
    private var scratchDetail: OpaquePointer { layouts.scratchDetail }
    /// An unwrapped layout for measuring natural widths.
    private var scratchMeasure: OpaquePointer { layouts.scratchMeasure }
    private var cache: [LabelKey: LaidOutText] = [:]
    /// The linear part of the transformation the cached layouts were made for (empty:
    /// measured in points, on the measuring context).
    private var cacheMatrix: [Double] = []
    /// Scaled fonts of the shaped labels, one object per Cairo font.
    private var scaledFonts: [OpaquePointer: ScaledFont] = [:]
    /// Labels drawn since the last flush.
    private var batch = GlyphBatch()
    /// Most labels kept shaped (a few hundred bytes each); beyond this, labels are shaped
    /// again each time.
    static let cacheLimit = 65_536
    let style: TextStyle

    struct LabelKey: Hashable {
        var text: String
        var width: Double
        var lines: Int
        var isDetail: Bool
        var size: Double
    }

    struct LaidOutText {
        var key: LabelKey
        var glyphs: ShapedText
        var height: Double
        /// Whether Pango had to cut the text short ("…") to fit.
        var isEllipsized: Bool
        /// The widest line's width, and the first line's width and height (lines are centred).
        var width = 0.0
        var firstLineWidth = 0.0
        var firstLineHeight = 0.0
        /// Where a line break falls inside a word: the fewer letters on either side of the
        /// worst such break (nil when every line starts after a space or hyphen, or in a
        /// script written without spaces).
        var shortestWordPiece: Int?
    }

    /// Name fonts by size, made as the fitting asks for smaller ones.
    private var nameFonts: [Double: OpaquePointer] = [:]

    init(fonts: FontConfiguration, style: TextStyle) throws(PainterError) {
        self.style = style
        switch fonts {
        case .system:
            fontConfig = nil
        case .file(let path):
            // fontconfig reads a relative name against its own configuration folder, not the
            // working directory the user typed it in.
            let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
            guard let config = SharedFontState.configuration(file: absolute) else { throw .fontConfiguration(path: path) }
            fontConfig = config
        }
    }

    deinit {
        SharedFontState.lock()
        defer { SharedFontState.unlock() }
        // Shaped labels hold Cairo's scaled fonts: released under the lock with the rest.
        cache.removeAll()
        scaledFonts.removeAll()
        batch = GlyphBatch()
        for font in nameFonts.values { pango_font_description_free(font) }
        madeSession = nil  // Pango's objects, before the configuration they draw from
        if let fontConfig { FcConfigDestroy(fontConfig) }
    }

    /// Brings the drawing context in line with the target's transformation and sets text on
    /// it from now on; call before drawing labels on a Cairo context. Laid-out text carries
    /// fonts made for one transformation, so a new one empties the cache.
    func prepare(for cairo: OpaquePointer) {
        SharedFontState.lock()
        defer { SharedFontState.unlock() }
        bind(to: cairo)
    }

    /// `prepare(for:)` under the lock.
    func bindDrawing(to cairo: OpaquePointer) { bind(to: cairo) }

    private func bind(to cairo: OpaquePointer) {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        use(drawing: true, cacheKey: [matrix.xx, matrix.yx, matrix.xy, matrix.yy])
        pango_cairo_update_context(cairo, context)
        layouts.contextChanged()
    }

    /// Sets text on the measuring context from now on: in points, as a fresh painter would.
    /// Every chart starts here (layout's measures, the SVG and HTML writers, the start of
    /// each painted page), so that what a painter drew before never changes what it
    /// measures or draws next (issue 49, R13: marriage labels came out at another size
    /// after a chart at another scale had left its transformation in the one context).
    func measureInPoints() {
        SharedFontState.lock()
        defer { SharedFontState.unlock() }
        use(drawing: false, cacheKey: [])
    }

    private func use(drawing: Bool, cacheKey: [Double]) {
        if drawing != isDrawing || cacheKey != cacheMatrix {
            cache.removeAll(keepingCapacity: true)
            scaledFonts.removeAll()
            cacheMatrix = cacheKey
            isDrawing = drawing
        }
    }

    /// Forgets every shaped label and every font Pango has loaded, so that a vector
    /// document's bytes do not depend on what the painter drew before: PDF and Cairo's
    /// SVG number a font's glyphs in the order Cairo first meets them, and fonts Pango
    /// kept from an earlier chart changed that order (same picture, other bytes).
    func startDocument() {
        SharedFontState.lock()
        defer { SharedFontState.unlock() }
        cache.removeAll(keepingCapacity: true)
        scaledFonts.removeAll()
        cacheMatrix = []
        isDrawing = false
        guard let madeSession else { return }  // no fonts loaded yet
        pango_fc_font_map_cache_clear(OpaquePointer(fontMap))
        madeSession.drawing.contextChanged()
        madeSession.measuring.contextChanged()
    }

    /// The two lines of a box label; the painter draws all names, then all details, so
    /// each pass keeps one colour (and flushes the labels between passes).
    enum LabelPart { case name, detail }

    /// Adds the name or the small lines of a placed label to the batch. Drawn in the source
    /// colour current at `flushLabels`.
    func draw(_ part: LabelPart, of placed: PlacedLabel, in cairo: OpaquePointer) {
        SharedFontState.lock()
        defer { SharedFontState.unlock() }
        for piece in placed.pieces where (piece.role == .name) == (part == .name) {
            add(piece.text, x: piece.x, y: piece.y, in: cairo)
        }
    }

    /// Where the parts of a box label go: the name, fitted (see `fitName`; `givenNames`
    /// says where the given names are, the only part that may be shortened), then the small
    /// lines under it (a second name — native script, romanised, married —, then `detail`),
    /// one line each, centred together in the rectangle; nothing ever leaves it.
    /// `clearCorner` is the side of a square in the box's top-right corner (a badge's place)
    /// that the name keeps clear of: a name whose lines would reach into it is fitted
    /// narrower, still centred. `shorterDetails` are forms of the detail to try, in order,
    /// before it is cut with "…". The painter draws from this and the SVG writer writes
    /// from it, so both show the same lines.
    func placeLabel(name: String, givenNames: NameSpan? = nil, secondName: String? = nil, detail: String?,
                    shorterDetails: [String] = [], lines extra: [String] = [], x: Double, y: Double, width: Double, height: Double,
                    clearCorner: Double = 0) -> PlacedLabel {
        SharedFontState.lock()
        defer { SharedFontState.unlock() }
        let innerWidth = max(1, width - 2 * style.padding)
        var nameWidth = innerWidth
        let innerHeight = max(1, height - 2 * style.padding)
        var small: [(role: PlacedLabel.Role, text: LaidOutText)] = []
        if let secondName, !secondName.isEmpty {
            small.append((.secondName, laidOut(secondName, width: innerWidth, lines: 1, isDetail: true, size: style.detailSize)))
        }
        if let detail, !detail.isEmpty {
            var laid = laidOut(detail, width: innerWidth, lines: 1, isDetail: true, size: style.detailSize)
            if laid.isEllipsized {
                for shorter in shorterDetails {
                    laid = laidOut(shorter, width: innerWidth, lines: 1, isDetail: true, size: style.detailSize)
                    if !laid.isEllipsized { break }
                }
                // The shortest form still too long: smaller type before the cut.
                if laid.isEllipsized, let shortest = shorterDetails.last { laid = fittedLine(shortest, width: innerWidth) }
            }
            small.append((.detail, laid))
        }
        // Further lines (places, occupation…), each shrunk then cut to one line; those that
        // would leave the name less than one line at its smallest size are left out.
        let nameFloor = style.nameSize * style.smallestNameShare * 1.25 + 2
        for line in extra where !line.isEmpty {
            let laid = fittedLine(line, width: innerWidth)
            guard small.reduce(0, { $0 + $1.text.height }) + laid.height + nameFloor <= innerHeight + 0.01 else { break }
            small.append((.line, laid))
        }
        let spacing = small.isEmpty ? 0.0 : 2
        let smallTotal = small.reduce(0) { $0 + $1.text.height }
        var nameLaid = fitName(name, givenNames: givenNames, width: nameWidth, height: innerHeight - smallTotal - spacing)
        if clearCorner > 0 {
            // Lines are centred in the box; the first (or, when it is short, every line that
            // starts within the corner's height) must end left of the corner.
            let top = y + (height - (nameLaid.height + spacing + smallTotal)) / 2
            let reach = top + nameLaid.firstLineHeight < y + clearCorner ? nameLaid.width : nameLaid.firstLineWidth
            if top < y + clearCorner, x + width / 2 + reach / 2 > x + width - clearCorner {
                nameWidth = max(1, innerWidth - 2 * max(0, clearCorner - style.padding))
                nameLaid = fitName(name, givenNames: givenNames, width: nameWidth, height: innerHeight - smallTotal - spacing)
            }
        }
        let top = y + (height - (nameLaid.height + spacing + smallTotal)) / 2
        var pieces = [PlacedLabel.Piece(role: .name, text: nameLaid, x: x + style.padding + (innerWidth - nameWidth) / 2, y: top)]
        var lineTop = top + nameLaid.height + spacing
        for (role, laid) in small {
            pieces.append(PlacedLabel.Piece(role: role, text: laid, x: x + style.padding, y: lineTop))
            lineTop += laid.height
        }
        return PlacedLabel(pieces: pieces)
    }

    /// Draws the labels added since the last flush, in the current source colour.
    func flushLabels(on cairo: OpaquePointer) {
        SharedFontState.lock()
        defer { SharedFontState.unlock() }
        batch.flush(on: cairo)
    }

    private func add(_ laid: LaidOutText, x: Double, y: Double, in cairo: OpaquePointer) {
        guard laid.glyphs.hasMissingGlyphs else {
            batch.add(laid.glyphs, x: x, y: y)
            return
        }
        // Pango draws a missing character as a box showing its code point.
        let layout = shape(laid.key)
        cairo_move_to(cairo, x, y)
        pango_cairo_show_layout(cairo, layout)
    }

    /// The smallest share of the detail size a further line may shrink to before it is cut.
    static let smallestLineShare = 0.8

    /// One small line in `width`: at the detail size if it fits, else at smaller sizes down
    /// to `smallestLineShare` of it, else at the smallest size cut with "…".
    private func fittedLine(_ text: String, width: Double) -> LaidOutText {
        var laid = laidOut(text, width: width, lines: 1, isDetail: true, size: style.detailSize)
        var size = style.detailSize - 0.5
        while laid.isEllipsized, size >= style.detailSize * Self.smallestLineShare - 1e-9 {
            laid = laidOut(text, width: width, lines: 1, isDetail: false, size: size)
            size -= 0.5
        }
        return laid
    }

    /// The fewest letters a word broken across lines may leave on a line.
    static let smallestWordPiece = 3

    /// The smallest name size fitting may shrink to, as a share of the style's (by default;
    /// `TextStyle.smallestNameShare`).
    static let smallestNameShare = 0.75

    /// Fits a name in `width` × `height`, trying in order and taking the first that shows
    /// the whole text: one line at full size; up to the style's line limit at full size;
    /// the same at smaller sizes down to `smallestNameShare` of it; then with the given
    /// names abbreviated ("Johann Sebastian Bach" → "J. S. Bach"; at `givenNames` when the
    /// input marks them, else guessed) at those sizes; last, the abbreviated name at the
    /// smallest size, cut with "…". The surname, particles, titles and suffixes are never shortened.
    private func fitName(_ name: String, givenNames: NameSpan?, width: Double, height: Double) -> LaidOutText {
        let full = style.nameSize
        var sizes: [Double] = []
        var size = full
        while size >= full * style.smallestNameShare - 1e-9 {
            sizes.append(size)
            size -= 0.5
        }
        /// The first layout showing the whole text whose breaks inside a word leave at least
        /// `piece` letters on each side (`Int.max`: no break inside a word at all).
        func firstWhole(_ text: String, piece: Int) -> LaidOutText? {
            for size in sizes {
                for lines in 1...max(1, style.maximumNameLines) {
                    let laid = laidOut(text, width: width, lines: lines, isDetail: false, size: size)
                    if laid.height > height + 0.01 { break }
                    if !laid.isEllipsized && (laid.shortestWordPiece.map { $0 >= piece } ?? true) { return laid }
                }
            }
            return nil
        }
        // Words whole, shrinking first; then abbreviated; then a word broken only where
        // three letters stay on each side ("Гейдельбергски-/й" never).
        if let laid = firstWhole(name, piece: .max) { return laid }
        // The abbreviation is worked out only for the few names that do not fit whole.
        // Marked given names are the only part shortened (nil: nothing to shorten); unmarked names are guessed.
        let abbreviated = if let givenNames { NameAbbreviation.abbreviatingGivenNames(name, given: givenNames) } else {
            NameAbbreviation.abbreviatingGivenNames(name)
        }
        if let abbreviated, let laid = firstWhole(abbreviated, piece: .max) { return laid }
        if let laid = firstWhole(name, piece: Self.smallestWordPiece) { return laid }
        if let abbreviated, let laid = firstWhole(abbreviated, piece: Self.smallestWordPiece) { return laid }
        // Nothing fits whole: the smallest, most abbreviated form with as many lines as the height allows.
        let text = abbreviated ?? name
        let smallest = sizes.last ?? full
        var lines = max(1, style.maximumNameLines)
        var laid = laidOut(text, width: width, lines: lines, isDetail: false, size: smallest)
        while lines > 1, laid.height > height + 0.01 {
            lines -= 1
            laid = laidOut(text, width: width, lines: lines, isDetail: false, size: smallest)
        }
        return laid
    }

    /// The width a name needs on one line at full size, plus the box padding on both sides.
    func naturalLabelWidth(name: String, detail: String?) -> Double {
        SharedFontState.lock()
        defer { SharedFontState.unlock() }
        func measure(_ text: String, font: OpaquePointer) -> Double {
            pango_layout_set_font_description(scratchMeasure, font)
            pango_layout_set_text(scratchMeasure, DrawnText.cleaned(text).text, -1)
            var logical = PangoRectangle()
            pango_layout_get_extents(scratchMeasure, nil, &logical)
            return Double(logical.width) / Double(PANGO_SCALE)
        }
        let widest = max(measure(name, font: nameFont), detail.map { measure($0, font: detailFont) } ?? 0)
        return widest + 2 * style.padding + 1
    }

    /// Draws one line of free text (titles, legends, tile labels) left-, centre- or
    /// right-aligned in a box of `width` starting at (x, y), ellipsized to fit; `wraps`:
    /// on as many lines as it needs instead, never cut (a fitted title).
    func drawText(_ text: String, size: Double, bold: Bool = false, x: Double, y: Double, width: Double,
                  alignment: PangoAlignment = PANGO_ALIGN_LEFT, wraps: Bool = false, in cairo: OpaquePointer) {
        SharedFontState.lock()
        defer { SharedFontState.unlock() }
        bind(to: cairo)
        let layout = freeLayout(text, size: size, bold: bold, width: width, alignment: alignment, wraps: wraps)
        defer { CCairo_object_unref(UnsafeMutableRawPointer(layout)) }
        cairo_move_to(cairo, x, y)
        pango_cairo_show_layout(cairo, layout)
    }

    /// A new layout of free text as `drawText` draws it; the caller unrefs it, and holds
    /// `SharedFontState`'s lock while using it.
    func freeLayout(_ text: String, size: Double, bold: Bool, width: Double, alignment: PangoAlignment, wraps: Bool = false) -> OpaquePointer {
        let layout = pango_layout_new(context)!
        let font = pango_font_description_from_string("\(style.family) \(bold ? "Bold " : "")\(size)")
        defer { pango_font_description_free(font) }
        pango_layout_set_font_description(layout, font)
        pango_layout_set_width(layout, Int32(max(1, width) * Double(PANGO_SCALE)))
        if wraps {
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        } else {
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
        pango_layout_set_alignment(layout, alignment)
        pango_layout_set_text(layout, DrawnText.cleaned(text).text, -1)
        return layout
    }

    /// The name font at `size`.
    private func nameFont(size: Double) -> OpaquePointer {
        if size == style.nameSize { return nameFont }
        if let font = nameFonts[size] { return font }
        let font = pango_font_description_from_string("\(style.family) \(size)")!
        nameFonts[size] = font
        return font
    }

    /// The text laid out at `width` with at most `lines` lines, from the cache when possible.
    private func laidOut(_ text: String, width: Double, lines: Int, isDetail: Bool, size: Double) -> LaidOutText {
        let key = LabelKey(text: text, width: width, lines: lines, isDetail: isDetail, size: size)
        if let cached = cache[key] { return cached }
        let layout = shape(key)
        if pango_layout_get_unknown_glyphs_count(layout) > 0 { noteMissingGlyphs(key.text) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        var firstLine = PangoRectangle()
        if let line = pango_layout_get_line_readonly(layout, 0) { pango_layout_line_get_extents(line, nil, &firstLine) }
        let result = LaidOutText(key: key, glyphs: ShapedText(layout: layout, fonts: &scaledFonts),
                                 height: Double(logical.height) / Double(PANGO_SCALE),
                                 isEllipsized: pango_layout_is_ellipsized(layout) != 0,
                                 width: Double(logical.width) / Double(PANGO_SCALE),
                                 firstLineWidth: Double(firstLine.width) / Double(PANGO_SCALE),
                                 firstLineHeight: Double(firstLine.height) / Double(PANGO_SCALE),
                                 shortestWordPiece: Self.shortestWordPiece(layout))
        if cache.count < Self.cacheLimit { cache[key] = result }
        return result
    }

    /// The fewer letters on either side of the worst break inside a word in `layout`'s
    /// lines (see `LaidOutText.shortestWordPiece`).
    static func shortestWordPiece(_ layout: OpaquePointer) -> Int? {
        let count = Int(pango_layout_get_line_count(layout))
        guard count > 1, let cText = pango_layout_get_text(layout) else { return nil }
        let bytes = Array(UnsafeRawBufferPointer(start: cText, count: strlen(cText)))
        var shortest: Int?
        for k in 1..<count {
            guard let line = pango_layout_get_line_readonly(layout, Int32(k)) else { continue }
            let start = Int(line.pointee.start_index)
            guard start > 0, start < bytes.count else { continue }
            let before = WordPieces.letters(endingAt: start, in: bytes), after = WordPieces.letters(startingAt: start, in: bytes)
            guard before > 0, after > 0 else { continue }
            shortest = min(shortest ?? .max, min(before, after))
        }
        return shortest
    }

    /// A title's type size, fitted to a box of `width` × `height` and never cut: `maximum`
    /// on one line where it fits; else on two lines at the largest size, from `maximum`
    /// down to `floor` in half points, whose two lines fit `height`; else on more lines at
    /// the largest size whose lines fit `height`; else at `floor` on as many lines as it
    /// needs (`fits` false: the caller warns).
    struct FittedTitle: Equatable {
        var size: Double
        var lines: Int
        var fits: Bool
    }

    func fitTitle(_ text: String, maximum: Double, floor: Double, bold: Bool, width: Double, height: Double) -> FittedTitle {
        SharedFontState.lock()
        defer { SharedFontState.unlock() }
        func measure(_ size: Double) -> (lines: Int, height: Double) {
            let layout = freeLayout(text, size: size, bold: bold, width: width, alignment: PANGO_ALIGN_LEFT, wraps: true)
            defer { CCairo_object_unref(UnsafeMutableRawPointer(layout)) }
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            return (Int(pango_layout_get_line_count(layout)), Double(logical.height) / Double(PANGO_SCALE))
        }
        if measure(maximum).lines <= 1 { return FittedTitle(size: maximum, lines: 1, fits: true) }
        for most in [2, Int.max] {
            var size = maximum
            while size >= floor {
                let (lines, used) = measure(size)
                if lines <= most && used <= height { return FittedTitle(size: size, lines: lines, fits: true) }
                size -= 0.5
            }
        }
        return FittedTitle(size: floor, lines: measure(floor).lines, fits: false)
    }

    /// Titles too long for their sheet even at the floor size, one warning each.
    let titleWarnings = TitleWarnings()

    /// Scripts no installed font covers, one warning each (see `GlyphCoverage`).
    let coverage = GlyphCoverage()

    private func noteMissingGlyphs(_ text: String) {
        coverage.noteMissingGlyphs(in: text) { character in
            pango_layout_set_font_description(scratchMeasure, nameFont)
            pango_layout_set_text(scratchMeasure, character, -1)
            return pango_layout_get_unknown_glyphs_count(scratchMeasure) > 0
        }
    }

    /// The label's scratch layout, set up for `key` (used under `SharedFontState`'s lock).
    func shape(_ key: LabelKey) -> OpaquePointer {
        let layout = key.isDetail ? scratchDetail : scratchName
        pango_layout_set_font_description(layout, key.isDetail ? detailFont : nameFont(size: key.size))
        pango_layout_set_width(layout, Int32(key.width * Double(PANGO_SCALE)))
        pango_layout_set_height(layout, -Int32(key.lines))
        pango_layout_set_text(layout, DrawnText.cleaned(key.text).text, -1)
        return layout
    }
}

internal import CCairo

/// The parts of one box label as `TextEngine.placeLabel` placed them: each part's shaped
/// text and the top-left corner of its layout, in scene points.
struct PlacedLabel {
    enum Role: String, Sendable {
        case name
        case secondName = "second-name"
        case detail
        /// A further line under the detail (`PersonBox.lines`).
        case line
    }

    struct Piece {
        var role: Role
        var text: TextEngine.LaidOutText
        var x: Double
        var y: Double
    }

    var pieces: [Piece]
}

/// One line of text exactly as Pango set it: the characters shown (after wrapping,
/// shrinking, abbreviation and any "…"), where its ink-free advance box sits and how
/// large it is. The SVG writer writes these, so a browser never has to measure text.
public struct TextLine: Equatable, Sendable {
    /// The characters of the line in logical order, without the space it was broken at.
    public var text: String
    /// The horizontal centre of the line's advance box, in scene points.
    public var centerX: Double
    /// The baseline, in scene points.
    public var baseline: Double
    /// The advance width of `text`, in points.
    public var width: Double
    /// The font size, in points.
    public var size: Double
    /// Whether the line's paragraph runs right to left.
    public var isRightToLeft: Bool
}

extension TextEngine {
    /// The lines of a placed label part.
    func lines(of piece: PlacedLabel.Piece) -> [TextLine] {
        SharedFontState.lock()
        defer { SharedFontState.unlock() }
        return lines(of: shape(piece.text.key), x: piece.x, y: piece.y, size: piece.text.key.size)
    }

    /// The lines of free text as `drawText` draws it at (x, y).
    func freeTextLines(_ text: String, size: Double, bold: Bool = false, x: Double, y: Double, width: Double,
                       alignment: PangoAlignment = PANGO_ALIGN_LEFT, wraps: Bool = false) -> [TextLine] {
        SharedFontState.lock()
        defer { SharedFontState.unlock() }
        let layout = freeLayout(text, size: size, bold: bold, width: width, alignment: alignment, wraps: wraps)
        defer { CCairo_object_unref(UnsafeMutableRawPointer(layout)) }
        return lines(of: layout, x: x, y: y, size: size)
    }

    /// Reads every line of `layout` (top-left corner at x, y): its runs in logical order,
    /// an ellipsis run as "…", and the extent of the glyphs that are not white space.
    private func lines(of layout: OpaquePointer, x: Double, y: Double, size: Double) -> [TextLine] {
        guard let raw = pango_layout_get_text(layout), let iterator = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        let bytes = UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self)
        let scale = Double(PANGO_SCALE)
        var result: [TextLine] = []
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let baseline = Double(pango_layout_iter_get_baseline(iterator)) / scale
            var pieces: [(offset: Int32, text: String)] = []
            var left = Int.max, right = Int.min
            var pen = Int(logical.x)
            var node = line.pointee.runs
            while let link = node {
                node = link.pointee.next
                let run = link.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self).pointee
                let item = run.item.pointee
                let isEllipsis = item.analysis.flags & UInt8(PANGO_ANALYSIS_FLAG_IS_ELLIPSIS) != 0
                let start = bytes + Int(item.offset)
                pieces.append((item.offset, isEllipsis ? "…" : String(decoding: UnsafeBufferPointer(start: start, count: Int(item.length)), as: UTF8.self)))
                let glyphs = run.glyphs.pointee
                for g in 0..<Int(glyphs.num_glyphs) {
                    let advance = Int(glyphs.glyphs[g].geometry.width)
                    let isSpace = !isEllipsis && Self.isWhiteSpace(start + Int(glyphs.log_clusters[g]))
                    if !isSpace {
                        left = min(left, pen)
                        right = max(right, pen + advance)
                    }
                    pen += advance
                }
            }
            let text = pieces.sorted { $0.offset < $1.offset }.map(\.text).joined()
            let trimmed = text.trimmingWhiteSpace
            guard !trimmed.isEmpty, left <= right else { continue }
            result.append(TextLine(text: trimmed, centerX: x + Double(left + right) / 2 / scale, baseline: y + baseline,
                                   width: Double(right - left) / scale, size: size,
                                   isRightToLeft: pango_layout_line_get_resolved_direction(line) == PANGO_DIRECTION_RTL))
        } while pango_layout_iter_next_line(iterator) != 0
        return result
    }

    /// Whether the UTF-8 character at `pointer` is white space (where lines break).
    private static func isWhiteSpace(_ pointer: UnsafePointer<UInt8>) -> Bool {
        switch pointer[0] {
        case 0x20, 0x09, 0x0A, 0x0D: return true
        case 0xC2: return pointer[1] == 0xA0  // no-break space
        case 0xE3: return pointer[1] == 0x80 && pointer[2] == 0x80  // ideographic space
        default: return false
        }
    }
}

extension String {
    /// Without the white space at either end (as `TextEngine.isWhiteSpace` counts it).
    var trimmingWhiteSpace: String {
        let isSpace: (Character) -> Bool = { [" ", "\t", "\n", "\r", "\r\n", "\u{A0}", "\u{3000}"].contains($0) }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}

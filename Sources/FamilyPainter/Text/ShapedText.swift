internal import CCairo

/// One Cairo scaled font, kept alive as long as shaped text refers to it.
final class ScaledFont {
    let pointer: OpaquePointer  // cairo_scaled_font_t*

    /// Made while shaping, under `SharedFontState`'s lock.
    init(retaining pointer: OpaquePointer) {
        self.pointer = cairo_scaled_font_reference(pointer)
    }

    /// Possibly the font's last reference: released under `SharedFontState`'s lock.
    deinit {
        SharedFontState.lock()
        cairo_scaled_font_destroy(pointer)
        SharedFontState.unlock()
    }
}

/// A label's glyphs after Pango shaped it: positions relative to the layout's top-left
/// corner, in runs of one font, each with the text its glyphs stand for (UTF-8 bytes and
/// Cairo clusters, so that PDF text stays searchable and copyable). Plain Swift values:
/// cached labels hold no Pango objects.
struct ShapedText {
    struct Run {
        var font: ScaledFont
        var glyphs: [cairo_glyph_t]
        var utf8: [CChar]
        var clusters: [cairo_text_cluster_t]
    }

    var runs: [Run] = []
    /// Whether some character has no glyph in any font: Pango draws those as boxes with
    /// the code point, so such labels are drawn through Pango itself.
    var hasMissingGlyphs = false

    /// The glyphs of `layout` as it is laid out now.
    init(layout: OpaquePointer, fonts: inout [OpaquePointer: ScaledFont]) {
        guard let text = pango_layout_get_text(layout), let iterator = pango_layout_get_iter(layout) else { return }
        defer { pango_layout_iter_free(iterator) }
        let scale = Double(PANGO_SCALE)
        repeat {
            guard let glyphItem = pango_layout_iter_get_run_readonly(iterator) else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(iterator, nil, &logical)
            let baseline = Double(pango_layout_iter_get_baseline(iterator)) / scale
            let item = glyphItem.pointee.item!
            let glyphString = glyphItem.pointee.glyphs!
            guard let pangoFont = item.pointee.analysis.font,
                  let scaledPointer = pango_cairo_font_get_scaled_font(OpaquePointer(pangoFont)) else { continue }
            let font = fonts[scaledPointer] ?? ScaledFont(retaining: scaledPointer)
            fonts[scaledPointer] = font
            let count = Int(glyphString.pointee.num_glyphs)
            let infos = glyphString.pointee.glyphs!
            // Visual x of every glyph of the run.
            var x = [Double](repeating: 0, count: count)
            var pen = Double(logical.x)
            for g in 0..<count {
                x[g] = (pen + Double(infos[g].geometry.x_offset)) / scale
                pen += Double(infos[g].geometry.width)
            }
            var run = Run(font: font, glyphs: [], utf8: [], clusters: [])
            run.glyphs.reserveCapacity(count)
            // Clusters in text order (right-to-left runs are walked backwards), each with
            // the glyphs it shows.
            let firstByte = Int(item.pointee.offset)
            var clusterIterator = PangoGlyphItemIter()
            var more = pango_glyph_item_iter_init_start(&clusterIterator, glyphItem, text) != 0
            while more {
                let start = Int(clusterIterator.start_glyph), end = Int(clusterIterator.end_glyph)
                var shown: Int32 = 0
                for g in stride(from: start, to: end, by: start <= end ? 1 : -1) {
                    let glyph = infos[g].glyph
                    if glyph == Self.emptyGlyph { continue }
                    if glyph & Self.unknownGlyphFlag != 0 {
                        hasMissingGlyphs = true
                        continue
                    }
                    run.glyphs.append(cairo_glyph_t(index: UInt(glyph), x: x[g], y: baseline + Double(infos[g].geometry.y_offset) / scale))
                    shown += 1
                }
                let bytes = Int(clusterIterator.end_index - clusterIterator.start_index)
                if bytes > 0 || shown > 0 {
                    run.clusters.append(cairo_text_cluster_t(num_bytes: Int32(bytes), num_glyphs: shown))
                }
                more = pango_glyph_item_iter_next_cluster(&clusterIterator) != 0
            }
            let lastByte = firstByte + Int(item.pointee.length)
            run.utf8 = Array(UnsafeBufferPointer(start: text + firstByte, count: lastByte - firstByte))
            if !run.glyphs.isEmpty { runs.append(run) }
        } while pango_layout_iter_next_run(iterator) != 0
    }

    /// Pango's PANGO_GLYPH_EMPTY (nothing to draw) and PANGO_GLYPH_UNKNOWN_FLAG (a
    /// character no font has), macros with casts that Swift does not import.
    private static let emptyGlyph: PangoGlyph = 0x0FFF_FFFF
    private static let unknownGlyphFlag: PangoGlyph = 0x1000_0000
}

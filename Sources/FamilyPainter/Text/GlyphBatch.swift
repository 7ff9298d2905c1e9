internal import CCairo

/// Glyphs of many labels gathered per font and drawn with a few Cairo calls instead of
/// one Pango layout per label: the per-call work in Cairo (recording, replaying, text
/// operators in PDF and SVG) is paid per batch, not per person.
struct GlyphBatch {
    private struct Pending {
        var font: ScaledFont
        var glyphs: [cairo_glyph_t] = []
        var utf8: [CChar] = []
        var clusters: [cairo_text_cluster_t] = []
    }

    /// Fonts in the order they were first used, so output is the same on every run.
    private var pending: [Pending] = []
    private var slot: [ObjectIdentifier: Int] = [:]

    /// Adds `text` with its layout's top-left corner at (x, y) in user space.
    mutating func add(_ text: ShapedText, x: Double, y: Double) {
        for run in text.runs {
            let key = ObjectIdentifier(run.font)
            let index: Int
            if let known = slot[key] {
                index = known
            } else {
                index = pending.count
                slot[key] = index
                pending.append(Pending(font: run.font))
            }
            pending[index].glyphs.append(contentsOf: run.glyphs.lazy.map { cairo_glyph_t(index: $0.index, x: $0.x + x, y: $0.y + y) })
            pending[index].utf8.append(contentsOf: run.utf8)
            pending[index].clusters.append(contentsOf: run.clusters)
        }
    }

    /// Draws everything gathered in the current source colour and empties the batch.
    mutating func flush(on cairo: OpaquePointer) {
        for batch in pending where !batch.glyphs.isEmpty {
            cairo_set_scaled_font(cairo, batch.font.pointer)
            cairo_show_text_glyphs(cairo, batch.utf8, Int32(batch.utf8.count), batch.glyphs, Int32(batch.glyphs.count),
                                   batch.clusters, Int32(batch.clusters.count), cairo_text_cluster_flags_t(rawValue: 0))
        }
        pending.removeAll()
        slot.removeAll()
    }
}

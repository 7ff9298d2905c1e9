internal import CCairo

/// Pango text for one painter: a private font map (optionally bound to a fontconfig file),
/// a context with every rendering knob pinned, and one reusable layout per text role.
///
/// Not shared between threads: give each thread its own painter.
final class TextEngine {
    private let fontConfig: OpaquePointer?  // FcConfig*, when a file was given
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer  // PangoContext*
    private let nameLayout: OpaquePointer  // PangoLayout*
    private let detailLayout: OpaquePointer
    private let nameFont: OpaquePointer  // PangoFontDescription*
    private let detailFont: OpaquePointer
    let style: TextStyle

    init(fonts: FontConfiguration, style: TextStyle) throws(PainterError) {
        self.style = style
        switch fonts {
        case .system:
            fontConfig = nil
        case .file(let path):
            guard let config = FcConfigCreate() else { throw .fontConfiguration(path: path) }
            guard FcConfigParseAndLoad(config, path, 1) != 0, FcConfigBuildFonts(config) != 0 else {
                FcConfigDestroy(config)
                throw .fontConfiguration(path: path)
            }
            fontConfig = config
        }
        fontMap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT)
        if let fontConfig {
            pango_fc_font_map_set_config(OpaquePointer(fontMap), fontConfig)
        }
        context = pango_font_map_create_context(fontMap)
        // Pinned so that text looks the same at every scale and in every format.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_cairo_context_set_resolution(context, 72)
        pango_context_set_round_glyph_positions(context, 0)
        pango_context_set_language(context, pango_language_from_string("en"))
        pango_context_set_base_dir(context, PANGO_DIRECTION_LTR)

        nameFont = pango_font_description_from_string("\(style.family) \(style.nameSize)")
        detailFont = pango_font_description_from_string("\(style.family) \(style.detailSize)")
        nameLayout = pango_layout_new(context)
        detailLayout = pango_layout_new(context)
        for (layout, font) in [(nameLayout, nameFont), (detailLayout, detailFont)] {
            pango_layout_set_font_description(layout, font)
            pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
        pango_layout_set_height(nameLayout, -Int32(style.maximumNameLines))
        pango_layout_set_height(detailLayout, -1)
    }

    deinit {
        CCairo_object_unref(UnsafeMutableRawPointer(nameLayout))
        CCairo_object_unref(UnsafeMutableRawPointer(detailLayout))
        pango_font_description_free(nameFont)
        pango_font_description_free(detailFont)
        CCairo_object_unref(UnsafeMutableRawPointer(context))
        CCairo_object_unref(UnsafeMutableRawPointer(fontMap))
        if let fontConfig { FcConfigDestroy(fontConfig) }
    }

    /// Draws `name` (and `detail`, smaller, below it) centred in the rectangle, wrapped to
    /// the style's line limit and ellipsized so nothing leaves the rectangle.
    func drawLabel(name: String, detail: String?, x: Double, y: Double, width: Double, height: Double,
                   in cairo: OpaquePointer, nameColor: RGB, detailColor: RGB) {
        pango_cairo_update_context(cairo, context)
        let innerWidth = max(1, width - 2 * style.padding)
        let innerHeight = max(1, height - 2 * style.padding)
        let nameSize = prepare(nameLayout, text: name, width: innerWidth)
        var detailSize = (width: 0.0, height: 0.0)
        var spacing = 0.0
        if let detail, !detail.isEmpty {
            detailSize = prepare(detailLayout, text: detail, width: innerWidth)
            spacing = 2
            // A name that would push the detail out of the box gets one line less.
            if nameSize.height + spacing + detailSize.height > innerHeight, style.maximumNameLines > 1 {
                pango_layout_set_height(nameLayout, -Int32(style.maximumNameLines - 1))
            }
        }
        let finalName = extent(nameLayout)
        let blockHeight = finalName.height + spacing + detailSize.height
        var top = y + (height - blockHeight) / 2
        cairo_save(cairo)
        cairo_rectangle(cairo, x, y, width, height)
        cairo_clip(cairo)
        nameColor.setSource(cairo)
        cairo_move_to(cairo, x + style.padding, top)
        pango_cairo_show_layout(cairo, nameLayout)
        top += finalName.height + spacing
        if detailSize.height > 0 {
            detailColor.setSource(cairo)
            cairo_move_to(cairo, x + style.padding, top)
            pango_cairo_show_layout(cairo, detailLayout)
        }
        cairo_restore(cairo)
        pango_layout_set_height(nameLayout, -Int32(style.maximumNameLines))
    }

    /// Sets text and width; returns the laid-out size in points.
    private func prepare(_ layout: OpaquePointer, text: String, width: Double) -> (width: Double, height: Double) {
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_text(layout, text, -1)
        return extent(layout)
    }

    private func extent(_ layout: OpaquePointer) -> (width: Double, height: Double) {
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        return (Double(logical.width) / Double(PANGO_SCALE), Double(logical.height) / Double(PANGO_SCALE))
    }

    /// Whether the layout had to cut text with an ellipsis (for tests of long names).
    func nameIsEllipsized(_ name: String, width: Double) -> Bool {
        _ = prepare(nameLayout, text: name, width: max(1, width - 2 * style.padding))
        return pango_layout_is_ellipsized(nameLayout) != 0
    }
}

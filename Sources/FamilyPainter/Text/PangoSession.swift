internal import CCairo

/// One painter's Pango objects: a private font map (bound to a fontconfig configuration
/// when one was given), a context with every rendering knob pinned, the two label fonts
/// and the scratch layouts labels are shaped and measured on. Freed together, under
/// `SharedFontState`'s lock.
///
/// Made on a painter's first text, not with the painter: the first font map of a process
/// loads fontconfig's configuration and font cache (about 25 million instructions, 6 ms),
/// which a batch of greeked thumbnails never needs.
final class PangoSession {
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer  // PangoContext*
    let nameFont: OpaquePointer  // PangoFontDescription*
    let detailFont: OpaquePointer
    /// The layouts every label is shaped on.
    let scratchName: OpaquePointer  // PangoLayout*
    let scratchDetail: OpaquePointer
    /// An unwrapped layout for measuring natural widths.
    let scratchMeasure: OpaquePointer

    /// A session for `style`'s fonts, drawn from `fontConfig` (an FcConfig* the caller keeps
    /// alive for the session's life) or the machine's configuration when nil.
    init(fontConfig: OpaquePointer?, style: TextStyle) {
        SharedFontState.prepare()
        SharedFontState.lock()
        defer { SharedFontState.unlock() }
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
        scratchName = pango_layout_new(context)
        scratchDetail = pango_layout_new(context)
        scratchMeasure = pango_layout_new(context)
        Self.configure(scratchName, font: nameFont)
        Self.configure(scratchDetail, font: detailFont)
    }

    private static func configure(_ layout: OpaquePointer, font: OpaquePointer) {
        pango_layout_set_font_description(layout, font)
        pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
    }

    deinit {
        SharedFontState.lock()
        defer { SharedFontState.unlock() }
        CCairo_object_unref(UnsafeMutableRawPointer(scratchName))
        CCairo_object_unref(UnsafeMutableRawPointer(scratchDetail))
        CCairo_object_unref(UnsafeMutableRawPointer(scratchMeasure))
        pango_font_description_free(nameFont)
        pango_font_description_free(detailFont)
        CCairo_object_unref(UnsafeMutableRawPointer(context))
        CCairo_object_unref(UnsafeMutableRawPointer(fontMap))
    }
}

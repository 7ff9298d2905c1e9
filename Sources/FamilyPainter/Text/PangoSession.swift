internal import CCairo

/// One painter's Pango objects: a private font map (bound to a fontconfig configuration
/// when one was given), the two label fonts, and two contexts with every rendering knob
/// pinned, each with the scratch layouts labels are shaped and measured on: one for
/// drawing on targets, one for measuring in points. Freed together, under
/// `SharedFontState`'s lock.
///
/// Made on a painter's first text, not with the painter: the first font map of a process
/// loads fontconfig's configuration and font cache (about 25 million instructions, 6 ms),
/// which a batch of greeked thumbnails never needs.
final class PangoSession {
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    let nameFont: OpaquePointer  // PangoFontDescription*
    let detailFont: OpaquePointer
    /// Text set for a target: brought in line with each Cairo context it draws on.
    let drawing: Layouts
    /// Text measured in points: never shown on a target, so always as a fresh painter's
    /// (no target's transformation or font options linger in it).
    let measuring: Layouts

    /// A Pango context with every rendering knob pinned, and the layouts labels are shaped
    /// and measured on.
    struct Layouts {
        let context: OpaquePointer  // PangoContext*
        /// The layouts every label is shaped on.
        let scratchName: OpaquePointer  // PangoLayout*
        let scratchDetail: OpaquePointer
        /// An unwrapped layout for measuring natural widths.
        let scratchMeasure: OpaquePointer

        init(fontMap: UnsafeMutablePointer<PangoFontMap>, nameFont: OpaquePointer, detailFont: OpaquePointer) {
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

        /// Tells the scratch layouts their context changed (a new transformation, fonts forgotten).
        func contextChanged() {
            pango_layout_context_changed(scratchName)
            pango_layout_context_changed(scratchDetail)
            pango_layout_context_changed(scratchMeasure)
        }

        /// Releases the context and layouts (by the session, under `SharedFontState`'s lock).
        fileprivate func free() {
            CCairo_object_unref(UnsafeMutableRawPointer(scratchName))
            CCairo_object_unref(UnsafeMutableRawPointer(scratchDetail))
            CCairo_object_unref(UnsafeMutableRawPointer(scratchMeasure))
            CCairo_object_unref(UnsafeMutableRawPointer(context))
        }
    }

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
        nameFont = pango_font_description_from_string("\(style.family) \(style.nameSize)")
        detailFont = pango_font_description_from_string("\(style.family) \(style.detailSize)")
        drawing = Layouts(fontMap: fontMap, nameFont: nameFont, detailFont: detailFont)
        measuring = Layouts(fontMap: fontMap, nameFont: nameFont, detailFont: detailFont)
    }

    deinit {
        SharedFontState.lock()
        defer { SharedFontState.unlock() }
        drawing.free()
        measuring.free()
        pango_font_description_free(nameFont)
        pango_font_description_free(detailFont)
        CCairo_object_unref(UnsafeMutableRawPointer(fontMap))
    }
}

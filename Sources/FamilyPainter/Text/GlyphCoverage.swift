internal import CCairo
import FamilyModel

/// Notices text that no installed font can draw (Pango then shows hex boxes) and says so
/// once per script: "no installed font has letters of the Ethiopic script (Ethi)…".
/// Only labels that Pango reports unknown glyphs for are looked into, a character at a
/// time, so ordinary charts pay nothing.
final class GlyphCoverage {
    private(set) var warnings: [String] = []
    private var warnedScripts = Set<UInt32>()
    private var checkedCharacters = Set<UInt32>()
    /// Characters looked at one by one, at most (a hostile name of a million letters).
    static let checkLimit = 4_096

    /// Called with a label Pango shaped with unknown glyphs; `hasUnknownGlyphs` shapes one
    /// character alone and tells whether it too came out as a box.
    func noteMissingGlyphs(in text: String, hasUnknownGlyphs: (String) -> Bool) {
        for scalar in text.unicodeScalars where checkedCharacters.count < Self.checkLimit {
            let script = g_unichar_get_script(gunichar(scalar.value))
            let code = g_unicode_script_to_iso15924(script)
            guard script != G_UNICODE_SCRIPT_COMMON, script != G_UNICODE_SCRIPT_INHERITED, !warnedScripts.contains(code),
                  checkedCharacters.insert(scalar.value).inserted, hasUnknownGlyphs(String(Character(scalar))) else { continue }
            warnedScripts.insert(code)
            let tag = String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: code >> $0) }, as: UTF8.self)
            let hex = String(scalar.value, radix: 16, uppercase: true)
            warnings.append("no installed font has letters of the \(tag) script (U+\(hex) in \(MessageText.quoted(String(text.prefix(40))))); "
                            + "they are drawn as boxes (install a font for it, e.g. from the fonts-noto family)")
        }
    }
}

/// Titles that do not fit their title block even at the floor size (drawn whole, on more
/// lines, over the chart's top): one warning per title.
final class TitleWarnings {
    private(set) var warnings: [String] = []
    private var warned = Set<String>()

    func note(_ title: String, size: Double, lines: Int) {
        guard warned.insert(title).inserted else { return }
        let shown = title.count > 60 ? String(title.prefix(60)) + "…" : title
        warnings.append("the title \(MessageText.quoted(shown)) is too long for its sheet: drawn whole at \(size == size.rounded() ? String(Int(size)) : String(size)) pt on \(lines) lines, "
                        + "over the top of the chart (give a shorter --title or a larger --paper)")
    }
}

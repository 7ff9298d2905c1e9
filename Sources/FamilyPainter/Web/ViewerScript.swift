/// The interactive page's script, written by hand: no framework, no build step, no
/// network. It pans and zooms the chart, hides what is off screen or too small to read,
/// searches names and ids, and shows a person's details; the URL's hash holds the
/// selected person. `window.familyChart` exposes the same actions for scripting.
///
/// The script is real JavaScript in `Web/Page/*.js`, embedded into the binary at build time
/// (the PageAssets plugin writes `PageAssets`); the files are the parts of one function,
/// opened in `view.js` and closed in `start.js`, joined in this order. Those marked pure
/// use nothing of the page (no DOM, no chart data), so `node --test` tests them alone
/// (Tests/PageScript):
/// - `view.js`: the view, a scale and an offset (chart point p is shown at p · scale + offset
///   in the viewport), applied as one CSS transform per animation frame.
/// - `view-fit.js` (pure): rectangles of boxes and wedges, and the scale and offset that show
///   them in a part of the window.
/// - `far-view.js`: the far view, when names would be too small to read: the SVG is hidden and
///   a canvas the size of the window shows the chart instead, redrawn each frame from plain
///   numbers — the lines from the SVG's own path data (one `Path2D` per line style, made
///   once), the boxes on screen from the data (sorted by left edge, so that only those in the
///   window are visited), one fill and one stroke per colour.
/// - `input.js`: mouse, touch, wheel and keyboard.
/// - `fold.js` (pure): names folded for search, so that case and accents do not matter.
/// - `search-query.js` (pure): a search's words and years, and a person's years.
/// - `search.js`: search over names, second names, ids, married names and years: every word of the query must be
///   found in the name (in any order), folded so that case and accents do not matter ("muller"
///   finds "Müller", "lodz" "Łódź", "strasse" "Straße"); ids first, then names whose words
///   start with the query's words. The list shows each person's dates, the count of all
///   found, and 50 at a time.
/// - `details.js`: the details panel and the selection, which the URL's hash holds (`#I12`),
///   so a link opens on a person and Back and Forward walk through the people looked at.
/// - `highlight.js`: some people's boxes, the lines between them and their couples' bars stand
///   out and the rest of the chart is dimmed. A selection highlights the person's ancestors
///   and descendants; other scripts pass any list of people (`familyChart.highlight(ids)`,
///   e.g. the path between two relatives).
/// - `overview.js`: the overview map: when the chart is much larger than the window, a small
///   picture of all of it in the corner with the window's place marked; a click or drag on it
///   moves there.
/// - `theme.js`: light and dark: the page follows the system's `prefers-color-scheme` until
///   the toolbar's button (or `familyChart.theme(name)`) chooses one.
/// - `kinship-words.js` (pure): what one person is to another in English words, as the model's
///   `KinshipTerm.english` says it (a test compares the two).
/// - `kinship.js`: how two persons are related, in the page: the rules of `familychart relate`
///   (the model's `Kinship`, docs/using.md "How two persons are related") over the page's
///   persons and their families (`#kinship-data`, written when the page is made from a
///   family).
/// - `relate.js`: "Relate to…" in the details panel picks the second person by a click or a
///   search, then the path through the nearest common ancestors stands out, the rest is
///   dimmed, and the panel says the relationship in words.
/// - `own-layout.js` (pure): a person's own chart laid out: ancestors, descendants or
///   hourglass, one row per generation, each person centred over those they lead to,
///   subtrees packed by their rows' contours, a generation limit and branches opened or
///   closed by hand.
/// - `own-chart.js`: that chart drawn in the page as a second scene from copies of the
///   persons' own groups (`familyChart.showChart`), its toolbar controls, the panel's
///   "Chart of this person", and the hash (`#chart=ancestors&focus=I52&generations=4`).
/// - `start.js`: the first view, the download button, printing, and the scripting interface.
enum ViewerScript {
    static let source = [
        PageAssets.viewJS, PageAssets.viewFitJS, PageAssets.farViewJS, PageAssets.inputJS, PageAssets.foldJS, PageAssets.searchQueryJS, PageAssets.searchJS,
        PageAssets.detailsJS, PageAssets.highlightJS, PageAssets.overviewJS, PageAssets.themeJS,
        PageAssets.kinshipWordsJS, PageAssets.kinshipJS, PageAssets.relateJS, PageAssets.ownLayoutJS, PageAssets.ownChartJS,
        PageAssets.startJS,
    ].joined()
}

/// The interactive page's style sheet (`Web/Page/*.css`, embedded like the script): the chart
/// fills the window under a floating toolbar; the details panel floats at the right (a sheet
/// at the bottom of a narrow window); light or dark as the system or the toolbar says;
/// printing shows the whole chart alone. `relate.css` styles the "Relate to…" button, the
/// banner while the second person is chosen, and the panel's words.
enum ViewerStyle {
    static let css = PageAssets.pageCSS + PageAssets.relateCSS
}

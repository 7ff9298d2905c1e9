/// The interactive page's style sheet: the chart fills the window under a floating
/// toolbar; the details panel floats at the right; printing shows the whole chart alone.
enum ViewerStyle {
    static let css = #"""
        html, body { margin: 0; height: 100%; overflow: hidden; }
        body { font: 14px/1.4 "DejaVu Sans", system-ui, sans-serif; color: #1e1e1e; background: #fff; }
        #viewport { position: absolute; inset: 0; overflow: hidden; touch-action: none; outline: none; }
        #cursor-layer { position: absolute; inset: 0; cursor: grab; }
        #cursor-layer.dragging { cursor: grabbing; }
        #stage { position: absolute; left: 0; top: 0; transform-origin: 0 0; }
        #stage svg { display: block; pointer-events: none; }  /* the script finds boxes from their numbers: no hit tests on 10,000 paths */
        #cursor-layer.over-person { cursor: pointer; }
        #far-view { position: absolute; left: 0; top: 0; width: 100%; height: 100%; pointer-events: none; }
        @media screen {
          #stage .person.selected rect { stroke: #e8590c; stroke-width: 3.5px; }
          #stage svg.far text, #stage svg.far .badge, #stage svg.far .photo { display: none; }
        }
        #toolbar { position: fixed; top: 8px; left: 8px; right: 8px; display: flex; flex-wrap: wrap; gap: 6px; z-index: 2; pointer-events: none; }
        #toolbar > * { pointer-events: auto; }
        #toolbar button, #search { font: inherit; height: 34px; border: 1px solid #b8b8b2; border-radius: 6px; background: #fff; color: inherit; }
        #toolbar button { min-width: 34px; padding: 0 10px; cursor: pointer; }
        #toolbar button:hover { background: #f0f0ec; }
        #toolbar button:focus-visible, #search:focus { outline: 2px solid #3f72a6; outline-offset: 1px; }
        #search-box { position: relative; }
        #search { width: min(22em, 60vw); padding: 0 10px; box-sizing: border-box; }
        #results { position: absolute; top: 38px; left: 0; width: max(100%, 22em); max-height: 60vh; overflow: auto; margin: 0; padding: 4px 0;
                   list-style: none; background: #fff; border: 1px solid #b8b8b2; border-radius: 6px; box-shadow: 0 4px 16px #0002; }
        #results li { padding: 4px 10px; cursor: pointer; }
        #results li[aria-selected="true"], #results li:hover { background: #e8f0fa; }
        #results .id, #results .second { color: #5c5c5c; font-size: 12px; margin-left: 6px; }
        #results .none { color: #5c5c5c; cursor: default; }
        .no-script { position: fixed; bottom: 8px; left: 8px; margin: 0; padding: 6px 10px; background: #fff3cd; border-radius: 6px; }
        #details { position: fixed; right: 8px; top: 52px; width: min(320px, calc(100% - 16px)); max-height: calc(100% - 68px); overflow: auto;
                   box-sizing: border-box; padding: 12px 16px; background: #fff; border: 1px solid #d0d0ca; border-radius: 8px;
                   box-shadow: 0 4px 16px #0002; z-index: 3; }
        #details h2 { font-size: 18px; margin: 0 28px 4px 0; overflow-wrap: anywhere; }
        #details h3 { font-size: 13px; margin: 10px 0 2px; color: #5c5c5c; font-weight: normal; }
        #details p { margin: 2px 0; overflow-wrap: anywhere; }
        #details ul { margin: 0; padding-left: 18px; }
        #details section:has(ul:empty) { display: none; }
        #details a, #details button.person-link { color: #1f5c99; }
        #details button.person-link { font: inherit; padding: 0; border: 0; background: none; cursor: pointer; text-decoration: underline; text-align: left; }
        #detail-photo { float: right; width: 72px; height: 72px; object-fit: cover; border-radius: 6px; margin: 0 0 6px 8px; }
        #detail-second, #detail-dates, .detail-id { color: #5c5c5c; }
        #close-details { position: absolute; top: 6px; right: 8px; font-size: 20px; line-height: 1; border: 0; background: none; cursor: pointer; }
        @media print {
          html, body { height: auto; overflow: visible; }
          #toolbar, #details, #far-view, #cursor-layer { display: none !important; }
          #viewport, #stage { position: static; transform: none !important; overflow: visible; visibility: visible !important; }
          #stage svg { width: 100%; height: auto; }
        }

        """#
}

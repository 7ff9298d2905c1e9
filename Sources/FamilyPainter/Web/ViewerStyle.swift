/// The interactive page's style sheet: the chart fills the window under a floating
/// toolbar; the details panel floats at the right (a sheet at the bottom of a narrow
/// window); light or dark as the system or the toolbar says; printing shows the whole chart alone.
enum ViewerStyle {
    static let css = #"""
        :root { --bg: #fff; --fg: #1e1e1e; --muted: #5c5c5c; --line: #b8b8b2; --edge: #d0d0ca; --hover: #f0f0ec; --chosen: #e8f0fa;
                --link: #1f5c99; --focus: #3f72a6; --chart: none; --photo: none; color-scheme: light; }
        :root[data-theme="dark"] { --bg: #1a1a1a; --fg: #e6e6e3; --muted: #a4a4a0; --line: #55585d; --edge: #3c3f44; --hover: #25282d;
                --chosen: #233447; --link: #8cbcf0; --focus: #8cbcf0; --chart: invert(0.9) hue-rotate(180deg); --photo: invert(1) hue-rotate(180deg); color-scheme: dark; }
        @media (prefers-color-scheme: dark) {
          :root:not([data-theme="light"]) { --bg: #1a1a1a; --fg: #e6e6e3; --muted: #a4a4a0; --line: #55585d; --edge: #3c3f44; --hover: #25282d;
                --chosen: #233447; --link: #8cbcf0; --focus: #8cbcf0; --chart: invert(0.9) hue-rotate(180deg); --photo: invert(1) hue-rotate(180deg); color-scheme: dark; }
        }
        html, body { margin: 0; height: 100%; overflow: hidden; }
        body { font: 14px/1.4 "DejaVu Sans", system-ui, sans-serif; color: var(--fg); background: var(--bg); }
        #viewport { position: absolute; inset: 0; overflow: hidden; touch-action: none; outline: none; }
        #cursor-layer { position: absolute; inset: 0; cursor: grab; }
        #cursor-layer.dragging { cursor: grabbing; }
        #stage { position: absolute; left: 0; top: 0; transform-origin: 0 0; }
        body:not(.placed) #stage { opacity: 0; }  /* no unplaced chart before the script's first frame (opacity: nothing inside restyled) */
        #stage svg { display: block; pointer-events: none; }  /* the script finds boxes from their numbers: no hit tests on 10,000 paths */
        #stage svg, #far-view, #overview { filter: var(--chart); }  /* dark: the chart's colours inverted, hues kept */
        #stage svg .photo { filter: var(--photo); }  /* and photos inverted back */
        #cursor-layer.over-person { cursor: pointer; }
        #far-view { position: absolute; left: 0; top: 0; width: 100%; height: 100%; pointer-events: none; }
        @media screen {
          #stage .person.selected rect, #stage .wedge-person.selected path { stroke: #e8590c; stroke-width: 3.5px; }
          #stage svg.far text, #stage svg.far .badge, #stage svg.far .photo { display: none; }
          #stage svg.highlighting .person:not(.lit), #stage svg.highlighting .line:not(.lit), #stage svg.highlighting .couple:not(.lit),
          #stage svg.highlighting .divorce-mark { opacity: 0.3; }
        }
        #toolbar { position: fixed; top: 8px; left: 8px; right: 8px; display: flex; flex-wrap: wrap; gap: 6px; z-index: 4; pointer-events: none; }
        #toolbar > * { pointer-events: auto; }
        /* The toolbar's band, from the window's top to its buttons' bottom, is the page's background: no line of the chart between the buttons, no tap through to a box under them. */
        #toolbar::before { content: ""; position: absolute; left: -8px; right: -8px; top: -8px; bottom: 0; background: var(--bg); z-index: -1; pointer-events: auto; }
        #toolbar button, #search { font: inherit; height: 34px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: inherit; }
        #toolbar button { min-width: 34px; padding: 0 10px; cursor: pointer; }
        #toolbar button:hover { background: var(--hover); }
        #toolbar button:focus-visible, #search:focus, #details :focus-visible { outline: 2px solid var(--focus); outline-offset: 1px; }
        #toolbar .icon { display: none; }
        #search-box { position: relative; }
        #search { width: min(22em, 60vw); padding: 0 10px; box-sizing: border-box; }
        #result-box { position: absolute; top: 38px; left: 0; width: max(100%, 28em); max-width: calc(100vw - 16px); background: var(--bg);
                      border: 1px solid var(--line); border-radius: 6px; box-shadow: 0 4px 16px #0002; }
        #result-count { margin: 0; padding: 4px 10px; color: var(--muted); font-size: 12px; border-bottom: 1px solid var(--edge); }
        #results { max-height: 60vh; overflow: auto; margin: 0; padding: 4px 0; list-style: none; }
        #results li { padding: 4px 10px; cursor: pointer; }
        #results li[aria-selected="true"], #results li:hover { background: var(--chosen); }
        #results .id, #results .second, #results .dates { color: var(--muted); font-size: 12px; margin-left: 6px; white-space: nowrap; }
        #results .more { color: var(--link); }
        .no-script { position: fixed; bottom: 8px; left: 8px; margin: 0; padding: 6px 10px; background: #fff3cd; color: #1e1e1e; border-radius: 6px; }
        #details { position: fixed; right: 8px; top: calc(var(--bar, 42px) + 10px); width: min(340px, calc(100% - 16px));
                   max-height: calc(100% - var(--bar, 42px) - 26px); overflow: auto;
                   box-sizing: border-box; padding: 12px 16px; background: var(--bg); border: 1px solid var(--edge); border-radius: 8px;
                   box-shadow: 0 4px 16px #0002; z-index: 3; }
        #details h2 { font-size: 18px; margin: 0 28px 4px 0; overflow-wrap: anywhere; outline: none; }
        #details h3 { font-size: 13px; margin: 10px 0 2px; color: var(--muted); font-weight: normal; }
        #details p { margin: 2px 0; overflow-wrap: anywhere; }
        #details ul, #detail-facts { margin: 0; padding: 0; list-style: none; }
        #details ul li { display: flex; gap: 6px; align-items: flex-start; }  /* the bullet on the first line of a wrapped name */
        #details .bullet { flex: none; }
        #details section:has(ul:empty) { display: none; }
        #detail-facts { margin-top: 8px; }
        #detail-facts li { margin: 3px 0; overflow-wrap: anywhere; }
        #detail-facts .what { font-weight: bold; }
        #detail-facts .when { display: block; color: var(--muted); font-size: 13px; }
        #detail-notes p { white-space: pre-line; font-size: 13px; margin: 8px 0 0; }
        #detail-sources { color: var(--muted); font-size: 13px; margin-top: 8px !important; }
        #details .dates { color: var(--muted); font-size: 12px; }
        #details a, #details button.person-link { color: var(--link); }
        #details button.person-link { font: inherit; padding: 0; border: 0; background: none; cursor: pointer; text-decoration: underline; text-align: left; }
        #detail-photo { float: right; width: 72px; height: 72px; object-fit: cover; border-radius: 6px; margin: 26px 0 6px 8px; }
        #detail-second, #detail-dates, .detail-id { color: var(--muted); }
        #close-details { position: absolute; top: 6px; right: 8px; font-size: 20px; line-height: 1; border: 0; background: none; color: inherit; cursor: pointer; }
        #overview { position: fixed; left: 8px; bottom: 8px; z-index: 2; border: 1px solid var(--line); border-radius: 4px; cursor: crosshair;
                    box-shadow: 0 2px 8px #0002; touch-action: none; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; margin: 0; }
        @media (max-width: 600px) {
          /* A phone: the toolbar on one row (Home and Download as symbols), the panel a sheet at the bottom. */
          #toolbar { flex-wrap: nowrap; }
          #search-box { flex: 1 1 auto; min-width: 0; }
          #search { width: 100%; }
          #toolbar button { padding: 0 8px; }
          #toolbar .label { display: none; }
          #toolbar .icon { display: inline; }
          #details { top: auto; bottom: 0; left: 0; right: 0; width: auto; max-height: 45%; border-radius: 12px 12px 0 0; border-width: 1px 0 0; }
        }
        @media print {
          html, body { height: auto; overflow: visible; }
          #toolbar, #details, #far-view, #cursor-layer, #overview { display: none !important; }
          #viewport, #stage { position: static; transform: none !important; overflow: visible; visibility: visible !important; opacity: 1 !important; }
          #stage svg { width: 100%; height: auto; filter: none; }
        }

        """#
}

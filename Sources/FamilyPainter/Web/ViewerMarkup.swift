/// The fixed parts of the interactive page around the chart: the toolbar (search, zoom,
/// fit, home, download) and the details panel the script fills in.
enum ViewerMarkup {
    static let controls = """
        <div id="toolbar" role="toolbar" aria-label="Chart controls">
        <div id="search-box">
        <input id="search" type="search" placeholder="Search names or ids  (/)" aria-label="Search names or ids" autocomplete="off" spellcheck="false">
        <ul id="results" role="listbox" aria-label="People found" hidden></ul>
        </div>
        <button type="button" id="zoom-out" title="Zoom out (−)" aria-label="Zoom out">−</button>
        <button type="button" id="zoom-in" title="Zoom in (+)" aria-label="Zoom in">+</button>
        <button type="button" id="fit" title="The whole chart (0)">Fit</button>
        <button type="button" id="home" title="The first family at full size (Home)">Home</button>
        <button type="button" id="download" title="Save the chart as an SVG file">Download SVG</button>
        </div>

        """

    static let details = """
        <aside id="details" aria-live="polite" hidden>
        <button type="button" id="close-details" aria-label="Close the details">×</button>
        <img id="detail-photo" alt="" hidden>
        <h2 id="detail-name"></h2>
        <p id="detail-second"></p>
        <p id="detail-dates"></p>
        <p class="detail-id">ID <code id="detail-id"></code></p>
        <p><a id="detail-link" target="_blank" rel="noopener noreferrer" hidden>Open the person's page</a></p>
        <section id="detail-parents"><h3>Parents</h3><ul></ul></section>
        <section id="detail-partners"><h3>Partners</h3><ul></ul></section>
        <section id="detail-children"><h3>Children</h3><ul></ul></section>
        </aside>

        """
}

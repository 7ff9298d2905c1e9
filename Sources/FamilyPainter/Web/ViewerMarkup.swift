/// The fixed parts of the interactive page around the chart: the toolbar (search, zoom,
/// fit, home, download, light or dark), the details panel the script fills in, the
/// overview map, a live region that tells a screen reader who is selected, and the words
/// shown until the script has drawn the chart's first frame.
enum ViewerMarkup {
    static let controls = """
        <div id="toolbar" role="toolbar" aria-label="Chart controls">
        <div id="search-box">
        <input id="search" type="search" placeholder="Search names or ids  (/)" aria-label="Search names or ids" autocomplete="off" spellcheck="false"
         role="combobox" aria-expanded="false" aria-controls="results" aria-autocomplete="list">
        <div id="result-box" hidden><p id="result-count" role="status"></p><ul id="results" role="listbox" aria-label="People found"></ul></div>
        </div>
        <button type="button" id="zoom-out" title="Zoom out (−)" aria-label="Zoom out">−</button>
        <button type="button" id="zoom-in" title="Zoom in (+)" aria-label="Zoom in">+</button>
        <button type="button" id="fit" title="The whole chart (0)">Fit</button>
        <button type="button" id="home" title="The first family at full size (Home)" aria-label="Home"><span class="label">Home</span><span class="icon" aria-hidden="true">⌂</span></button>
        <button type="button" id="download" title="Save the chart as an SVG file" aria-label="Download SVG"><span class="label">Download SVG</span><span class="icon" aria-hidden="true">↓</span></button>
        <button type="button" id="theme" title="Dark or light" aria-label="Dark mode" aria-pressed="false">◐</button>
        </div>
        <p id="loading" role="status">Drawing the chart…</p>

        """

    static let details = """
        <aside id="details" aria-label="Details" hidden>
        <button type="button" id="close-details" aria-label="Close the details">×</button>
        <img id="detail-photo" alt="" hidden>
        <h2 id="detail-name" tabindex="-1"></h2>
        <p id="detail-second"></p>
        <p id="detail-dates"></p>
        <p class="detail-id">ID <code id="detail-id"></code></p>
        <p><a id="detail-link" target="_blank" rel="noopener noreferrer" hidden>Open the person's page</a></p>
        <ol id="detail-facts" aria-label="Life" hidden></ol>
        <section id="detail-parents"><h3>Parents</h3><ul></ul></section>
        <section id="detail-partners"><h3>Partners</h3><ul></ul></section>
        <section id="detail-children"><h3>Children</h3><ul></ul></section>
        <section id="detail-siblings"><h3>Brothers and sisters</h3><ul></ul></section>
        <section id="detail-notes" aria-label="Notes" hidden></section>
        <p id="detail-sources" hidden></p>
        </aside>
        <canvas id="overview" aria-hidden="true" hidden></canvas>
        <p id="announce" class="visually-hidden" aria-live="polite"></p>

        """
}

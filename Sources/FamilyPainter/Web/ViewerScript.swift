/// The interactive page's script, written by hand: no framework, no build step, no
/// network. It pans and zooms the chart, hides what is off screen or too small to read,
/// searches names and ids, and shows a person's details; the URL's hash holds the
/// selected person. `window.familyChart` exposes the same actions for scripting.
enum ViewerScript {
    static let source = view + farView + input + search + details + relate + start
}

extension ViewerScript {
    /// The view: a scale and an offset (chart point p is shown at p · scale + offset in
    /// the viewport), applied as one CSS transform per animation frame.
    static let view = #"""
        "use strict";
        (() => {
        const data = JSON.parse(document.getElementById("chart-data").textContent);
        const viewport = document.getElementById("viewport");
        const stage = document.getElementById("stage");
        const svg = stage.querySelector("svg");
        const boxCount = data.personOfBox.length;
        const isReference = new Uint8Array(boxCount);
        for (const b of data.referenceBoxes) isReference[b] = 1;

        // The person groups arrive as text, in chunks of boxes near each other; a chunk is
        // parsed when one of its boxes is first needed (on screen, selected, printed).
        const chunkTexts = document.getElementById("person-markup").textContent.split("\f");
        const chunkOf = new Int32Array(boxCount);
        data.chunks.forEach((chunk, c) => chunk.forEach((b) => { chunkOf[b] = c; }));
        const groups = new Array(boxCount);
        const parser = document.createElement("template");
        const shownGroups = svg.querySelector("g.persons");

        /// The SVG group of box `b`, parsing its chunk the first time.
        function group(b) {
          if (!groups[b]) {
            const c = chunkOf[b];
            parser.innerHTML = '<svg xmlns="http://www.w3.org/2000/svg">' + chunkTexts[c] + "</svg>";
            const made = Array.from(parser.content.firstChild.children);
            data.chunks[c].forEach((box, i) => { groups[box] = made[i]; });
            chunkTexts[c] = "";
          }
          return groups[b];
        }
        const people = data.people;
        const boxesOf = people.map(() => []);
        data.personOfBox.forEach((person, box) => boxesOf[person].push(box));

        const MAX_SCALE = 4;        // the closest zoom: 4 CSS pixels a point
        const READABLE_PIXELS = 4;  // names drawn smaller than this are hidden
        const view = { scale: 1, x: 0, y: 0 };
        let frame = 0;

        svg.setAttribute("width", data.width);
        svg.setAttribute("height", data.height);

        /// The window's place and size, measured once and again on resize: reading them
        /// while the chart's DOM changes would force the browser to lay it out mid-frame.
        let frameBox = measure();
        function measure() {
          const r = viewport.getBoundingClientRect();
          return { left: r.left, top: r.top, width: viewport.clientWidth || 1, height: viewport.clientHeight || 1 };
        }
        function size() {
          return frameBox;
        }

        /// The scale that shows the whole chart (never above 2).
        function fitScale() {
          const { width, height } = size();
          return Math.min(2, (width - 32) / data.width, (height - 64) / data.height);
        }

        function clampScale(scale) {
          return Math.max(Math.min(fitScale(), 1), Math.min(MAX_SCALE, scale));
        }

        function setView(scale, x, y) {
          view.scale = clampScale(scale);
          view.x = x;
          view.y = y;
          if (!frame) frame = requestAnimationFrame(draw);
        }

        /// One frame: the chart moved by a CSS transform; near, the person groups on
        /// screen in the SVG; far (names too small to read), every box on a canvas instead.
        function draw() {
          frame = 0;
          stage.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
          const far = data.nameSize * view.scale < READABLE_PIXELS;
          if (far !== svg.classList.contains("far")) svg.classList.toggle("far", far);
          cull(far);
          drawFar(far);
        }

        /// Zooms to `scale`, keeping the chart point under viewport point (px, py) in place.
        function zoomAt(scale, px, py) {
          const next = clampScale(scale);
          const cx = (px - view.x) / view.scale, cy = (py - view.y) / view.scale;
          setView(next, px - cx * next, py - cy * next);
        }

        function zoomBy(factor) {
          const { width, height } = size();
          zoomAt(view.scale * factor, width / 2, height / 2);
        }

        function fit() {
          const { width, height } = size();
          const scale = fitScale();
          setView(scale, (width - data.width * scale) / 2, 32 + (height - 32 - data.height * scale) / 2);
        }

        /// The first family at full size: the chart's first box at the top centre.
        function home() {
          if (boxCount === 0) return fit();
          const { width } = size();
          const b = data.boxes;
          const scale = clampScale(1);
          setView(scale, width / 2 - (b[0] + b[2] / 2) * scale, 64 - b[1] * scale);
        }

        let flight = 0;
        /// Glides to box `b` in about 400 ms (at once when reduced motion is asked for):
        /// the scale changes evenly in log space while the box's centre moves in a straight
        /// line to the middle of the window.
        function flyTo(b) {
          cancelAnimationFrame(flight);
          const d = data.boxes, cx = d[4 * b] + d[4 * b + 2] / 2, cy = d[4 * b + 1] + d[4 * b + 3] / 2;
          const { width, height } = size();
          const from = { scale: Math.log(view.scale), x: cx * view.scale + view.x, y: cy * view.scale + view.y };
          const to = { scale: Math.log(clampScale(Math.max(view.scale, 1.5))), x: width / 2, y: height / 2 };
          const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
          const start = performance.now();
          const step = (now) => {
            const t = still ? 1 : Math.min(1, (now - start) / 400);
            const e = t * t * (3 - 2 * t);
            const scale = Math.exp(from.scale + (to.scale - from.scale) * e);
            setView(scale, from.x + (to.x - from.x) * e - cx * scale, from.y + (to.y - from.y) * e - cy * scale);
            if (t < 1) flight = requestAnimationFrame(step);
          };
          flight = requestAnimationFrame(step);
        }

        /// Shows the person groups on screen or near it (half a window beyond each edge)
        /// and takes the others out of the document, so a large chart costs the browser
        /// only what can be seen.
        const shown = new Uint8Array(boxCount);
        function cull(far) {
          const { width, height } = size();
          const s = view.scale, d = data.boxes;
          const left = (-view.x - width / 2) / s, right = (1.5 * width - view.x) / s;
          const top = (-view.y - height / 2) / s, bottom = (1.5 * height - view.y) / s;
          for (let b = 0; b < boxCount; b++) {
            const x = d[4 * b], y = d[4 * b + 1];
            const on = far || x > right || y > bottom || x + d[4 * b + 2] < left || y + d[4 * b + 3] < top ? 0 : 1;
            if (on === shown[b]) continue;
            shown[b] = on;
            if (on) shownGroups.append(group(b)); else groups[b].remove();
          }
        }

        /// Every group in the document, in scene order (to print or save the whole chart).
        function showAll() {
          for (let b = 0; b < boxCount; b++) group(b);
          shownGroups.replaceChildren(...groups);
          shown.fill(1);
        }

        /// The box under viewport point (px, py), or −1.
        function boxAt(px, py) {
          const x = (px - view.x) / view.scale, y = (py - view.y) / view.scale, d = data.boxes;
          for (let b = 0; b < boxCount; b++) {
            if (x >= d[4 * b] && x <= d[4 * b] + d[4 * b + 2] && y >= d[4 * b + 1] && y <= d[4 * b + 1] + d[4 * b + 3]) return b;
          }
          return -1;
        }

        """#
}

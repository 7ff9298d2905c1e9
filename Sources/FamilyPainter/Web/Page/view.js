"use strict";
(() => {
const data = JSON.parse(document.getElementById("chart-data").textContent);
const viewport = document.getElementById("viewport");
const stage = document.getElementById("stage");
const svg = stage.querySelector("svg");
// What follows through `let` is the drawn scene's (the whole chart, or a person's own chart: own-chart.js swaps them).
let boxCount = data.personOfBox.length;
let isReference = new Uint8Array(boxCount);
for (const b of data.referenceBoxes) isReference[b] = 1;

// The person groups arrive as text, in chunks of boxes near each other; a chunk is
// parsed when one of its boxes is first needed (on screen, selected, printed).
const chunkTexts = document.getElementById("person-markup").textContent.split("\f");
const chunkOf = new Int32Array(boxCount);
data.chunks.forEach((chunk, c) => chunk.forEach((b) => { chunkOf[b] = c; }));
let groups = new Array(boxCount);
const parser = document.createElement("template");
let shownGroups = svg.querySelector("g.persons");

/// The SVG group of box `b`, parsing its chunk the first time.
function group(b) {
  if (!groups[b]) {
    const c = chunkOf[b];
    parser.innerHTML = '<svg xmlns="http://www.w3.org/2000/svg">' + chunkTexts[c] + "</svg>";
    const made = Array.from(parser.content.firstChild.children);
    data.chunks[c].forEach((box, i) => {
      groups[box] = made[i];
      made[i].familyBox = box;
      // The chart's links are for the mouse: the keyboard reaches people through
      // the arrow keys and the panel's link, and a focused link would scroll the window.
      for (const a of made[i].querySelectorAll("a")) a.setAttribute("tabindex", "-1");
    });
    chunkTexts[c] = "";
  }
  return groups[b];
}
// The chart's lines and bars: every path in the document costs layout, pre-paint
// and paint each time a person group comes or goes (on a 10k page the frame that
// crossed from the far view to the SVG spent about 70 of its 80 ms on 10,000 paths,
// most of them far off screen). So they are kept in cells of the chart (squares of
// LINE_CELL points, each a <g> in its own holder, the paths in document order, a
// divorce mark in its bar's cell) and only the cells near the window are in the document.
const LINE_CELL = 1000;
const lineHolders = [...svg.querySelectorAll("g.lines, g.couples")];
const lineElements = [];  // each holder's, in document order
let lineCells = [];       // { g, holder, x0, y0, x1, y1 }
for (const holder of lineHolders) {
  // Out of the document while its paths move into cells: one removal (10,000 paths
  // taken out one by one cost 90 ms), then back, empty.
  const parent = holder.parentNode, next = holder.nextSibling;
  holder.remove();
  const elements = [...holder.children], cellAt = new Map();
  lineElements.push(elements);
  let previous = null;
  for (const element of elements) {
    const e = extent(element);
    let cell = element.classList.contains("divorce-mark") && previous ? previous : null;
    if (!cell) {
      const key = e ? Math.floor(e[0] / LINE_CELL) + " " + Math.floor(e[1] / LINE_CELL) : "all";
      cell = cellAt.get(key);
      if (!cell) {
        cell = { g: document.createElementNS("http://www.w3.org/2000/svg", "g"), holder, x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
        cellAt.set(key, cell);
        lineCells.push(cell);
      }
    }
    const [x0, y0, x1, y1] = e || [-Infinity, -Infinity, Infinity, Infinity];
    cell.x0 = Math.min(cell.x0, x0); cell.y0 = Math.min(cell.y0, y0);
    cell.x1 = Math.max(cell.x1, x1); cell.y1 = Math.max(cell.y1, y1);
    cell.g.append(element);
    previous = cell;
  }
  parent.insertBefore(holder, next);
}
let lineCellShown = new Uint8Array(lineCells.length);

/// The extent [x0, y0, x1, y1] of a path of absolute moves and lines (M, L, H, V, Z),
/// as the scene's lines and bars are; null for anything else (always shown). Read
/// character by character: 10,000 paths in about 5 ms (a regular expression took 35).
function extent(element) {
  const d = element.getAttribute("d");
  if (element.tagName !== "path" || !d) return null;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity, command = 0, isX = true;
  for (let i = 0; i < d.length;) {
    const c = d.charCodeAt(i);
    if (c === 77 || c === 76 || c === 72 || c === 86) { command = c; isX = c !== 86; i++; continue; }  // M L H V
    if (c === 90 || c === 32 || c === 44 || c === 10 || c === 13 || c === 9) { i++; continue; }      // Z and separators
    if (!command || !((c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46)) return null;       // another command
    let j = i + 1;
    for (; j < d.length; j++) {
      const e = d.charCodeAt(j);
      if (!((e >= 48 && e <= 57) || e === 46 || e === 101 || e === 69 || ((e === 45 || e === 43) && (d.charCodeAt(j - 1) | 32) === 101))) break;
    }
    const v = +d.slice(i, j);
    i = j;
    if (isX) { x0 = Math.min(x0, v); x1 = Math.max(x1, v); } else { y0 = Math.min(y0, v); y1 = Math.max(y1, v); }
    if (command === 77 || command === 76) isX = !isX;
  }
  return x0 <= x1 && y0 <= y1 && Number.isFinite(x0 + y0 + x1 + y1) ? [x0, y0, x1, y1] : null;
}

const people = data.people;
const personIndex = new Map(people.map((p, k) => [p.id, k]));
let boxesOf = people.map(() => []);
data.personOfBox.forEach((person, box) => boxesOf[person].push(box));
// A round chart's wedges (data.wedges, 7 numbers each): the offsets of each person's.
let wedgesOf = people.map(() => []);
let isRound = (data.wedges || []).length > 0;
for (let j = 0; data.wedges && j + 6 < data.wedges.length; j += 7) wedgesOf[data.wedges[j + 6]].push(j);

/// Box b as a rectangle [x, y, width, height] in chart points.
function boxRect(b) {
  const d = data.boxes;
  return [d[4 * b], d[4 * b + 1], d[4 * b + 2], d[4 * b + 3]];
}

/// Where person k is drawn, as rectangles: their boxes, the own box first; or, for a person
/// drawn only as wedges (a fan), the bounds of each wedge. Empty for nobody drawn.
function placesOf(k) {
  if (boxesOf[k].length > 0) {
    const own = primaryBox(k);
    return [own].concat(boxesOf[k].filter((b) => b !== own)).map(boxRect);
  }
  return wedgesOf[k].map((j) => wedgeBounds(data.wedges, j));
}

const MAX_SCALE = 4;        // the closest zoom: 4 CSS pixels a point
const READABLE_PIXELS = 4;  // names drawn smaller than this are hidden
const READ_PIXELS = 7;      // names at least this large are read without effort: the opening view keeps them so
const CHUNKS_PER_FRAME = 4; // chunks of person markup parsed at most in one frame (the rest in the next)
const GROUPS_PER_FRAME = 48; // person groups brought into the document at most in one frame
const view = { scale: 1, x: 0, y: 0 };
let frame = 0;
/// "fit" or "home" while the view is the one those give: a resize then gives it again.
let mode = null;
const toolbar = document.getElementById("toolbar");

svg.setAttribute("width", data.width);
svg.setAttribute("height", data.height);

/// The window's place and size and the toolbar's bottom, measured once and again on
/// resize: reading them while the chart's DOM changes would force a layout mid-frame.
let frameBox = measure();
function measure() {
  const r = viewport.getBoundingClientRect();
  const height = viewport.clientHeight || 1;
  const bar = Math.max(0, Math.min(toolbar.getBoundingClientRect().bottom - r.top, height / 2));
  // The panel starts under the toolbar (set on the panel alone: a property set on the
  // root would have every element of the chart's style computed again).
  document.getElementById("details").style.setProperty("--bar", bar + "px");
  return { left: r.left, top: r.top, width: viewport.clientWidth || 1, height, bar };
}
function size() {
  return frameBox;
}

/// Where the chart is not covered: under the toolbar, and beside the details panel
/// (or above it, where it is a sheet at the bottom of a narrow window).
function freeArea() {
  const { width, height, bar, left, top } = frameBox;
  const area = { left: 0, top: bar + 8, right: width, bottom: height };
  if (!panel.hidden) {
    const p = panel.getBoundingClientRect();
    if (p.left - left <= 16) area.bottom = Math.max(area.top + 60, p.top - top - 8);
    else area.right = Math.max(area.left + 60, p.left - left - 8);
  }
  return area;
}

/// The scale that shows the whole chart (never above 2).
function fitScale() {
  const { width, height, bar } = size();
  const extra = Math.max(0, bar - 50);  // a toolbar taller than one row of buttons
  return Math.min(2, (width - 32) / data.width, (height - 64 - extra) / data.height);
}

/// Never below the whole chart at Fit (nor below full size for a chart smaller than the window;
/// a person's own chart, often that small, may go to a quarter, to stand beside the panel).
function clampScale(scale) {
  return Math.max(Math.min(fitScale(), own ? 0.25 : 1), Math.min(MAX_SCALE, scale));
}

/// The offset that keeps a quarter of the window on the chart (all of it, when the
/// chart is smaller): panning and zooming cannot lose the chart.
function bounded(scale, x, y) {
  const { width, height, bar } = size();
  const w = data.width * scale, h = data.height * scale;
  const mx = Math.min(w, width / 4), my = Math.min(h, (height - bar) / 4);
  return [Math.min(width - mx, Math.max(mx - w, x)), Math.min(height - my, Math.max(bar + my - h, y))];
}

/// When a view was last set after the opening one (the phone's overview map shows a moment after).
let viewMovedAt = -Infinity, opened = false;
function setView(scale, x, y) {
  if (opened) viewMovedAt = performance.now();
  view.scale = clampScale(scale);
  [view.x, view.y] = bounded(view.scale, x, y);
  mode = null;
  if (!frame) frame = requestAnimationFrame(draw);
}

let behind = false;
/// One frame: the chart moved by a CSS transform; near, the person groups on
/// screen in the SVG; far (names too small to read), every box on a canvas instead.
function draw() {
  frame = 0;
  stage.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
  // Names too small to read are hidden; a chart of boxes is then drawn on the far view's
  // canvas, but a round chart keeps its wedges in the SVG (a few thousand at most: a fan
  // has no boxes for the canvas, and it would be blank).
  const tiny = data.nameSize * view.scale < READABLE_PIXELS;
  const far = tiny && !isRound;
  if (tiny !== svg.classList.contains("far")) svg.classList.toggle("far", tiny);
  behind = false;
  cull(far);
  drawFar(far);
  drawOverview();
  document.body.classList.add("placed");
  if (behind) frame = requestAnimationFrame(draw);  // groups still to parse: more next frame
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
  const { width, height, bar } = size();
  const scale = fitScale(), extra = Math.max(0, bar - 50);
  setView(scale, (width - data.width * scale) / 2, 32 + extra + (height - 32 - extra - data.height * scale) / 2);
  mode = "fit";
}

/// The first family at full size: the chart's first box at the top centre. An
/// ancestor or hourglass chart's first box is its focus, with the ancestors above:
/// Home shows the focus with its parents, and its grandparents and great-grandparents
/// too as long as names stay readable (READ_PIXELS). A deep pedigree gives each near
/// ancestor the width of their own ancestry (royal92's four grandparents of Elizabeth
/// II span 3,000 pt: 0.42× in 1280 px, names of 4 px), so there Home shows the focus
/// and parents at full size. No other ancestor is left in the window: one whose child
/// is not shown (royal92's great-grandparents stand right above Elizabeth II's
/// parents) would read as the parents' parents, so the view moves up until they are
/// out of it.
function home() {
  if (own) return ownHome();
  if (boxCount === 0) return fit();
  const area = freeArea(), d = data.boxes;
  if (data.chart === "ancestors" || data.chart === "hourglass") {
    let ring = [data.personOfBox[0]], near = ring.slice(), list = [0];
    let best = null;
    for (let depth = 1; depth <= 3; depth++) {
      const next = ring.flatMap((k) => people[k].parents || []);
      if (next.length === 0 && best) break;
      const view = showing(list.concat(next.map(primaryBox)), area);
      if (best && view.scale * data.nameSize < READ_PIXELS) break;
      ring = next;
      near = near.concat(ring);
      list = list.concat(ring.map(primaryBox));
      best = view;
    }
    setView(best.scale, best.x, clearOfStrays(best, near, list, area));
  } else {
    const scale = clampScale(1);
    const [x, y] = clearOfLoosePeople(scale, (area.left + area.right) / 2 - (d[0] + d[2] / 2) * scale, Math.max(64, area.top + 14) - d[1] * scale, area);
    setView(scale, x, y);
  }
  mode = "home";
}

/// The offset nearest (x, y) at `scale` (16 px at a time, down by at most a third of
/// the area, a step down counting as two sideways) that keeps the first box in `area`
/// and shows nobody cut off from
/// the people around them: everyone in the window stands in its top row of boxes, or
/// has a parent whose box's middle is in it, or a partner (middle in it) who does.
/// Someone else's lines all lead out of the window, and standing under other people
/// they read as those people's children (a phone showed the Kennedys' grandchildren
/// right under Joseph P. Kennedy, their parents off to the side). Where no offset
/// clears everyone, the one that leaves the fewest.
function clearOfLoosePeople(scale, x, y, area) {
  const d = data.boxes, s = scale, top = frameBox.bar;
  const left = area.left + 8 - d[0] * s, right = area.right - 8 - (d[0] + d[2]) * s;  // the first box's offsets in the area
  const low = Math.max(64, area.top + 14) - d[1] * s, high = area.bottom - 8 - (d[1] + d[3]) * s;
  // The boxes any of these offsets can show.
  const near = [];
  for (let b = 0; b < boxCount; b++) {
    const bx = d[4 * b] * s, by = d[4 * b + 1] * s;
    if (bx + d[4 * b + 2] * s + right > area.left && bx + left < area.right && by + d[4 * b + 3] * s + high > top && by + low < area.bottom) near.push(b);
  }
  const shown = new Uint8Array(people.length), joined = new Uint8Array(people.length);
  function loose(vx, vy) {
    const inside = [];
    let row = Infinity;
    for (const b of near) {
      const bx = d[4 * b] * s + vx, by = d[4 * b + 1] * s + vy, w = d[4 * b + 2] * s, h = d[4 * b + 3] * s;
      if (bx + w <= area.left || bx >= area.right || by + h <= top || by >= area.bottom) continue;
      inside.push(b);
      row = Math.min(row, d[4 * b + 1]);
      if (bx + w / 2 > area.left && bx + w / 2 < area.right && by + h / 2 > top && by + h / 2 < area.bottom) shown[data.personOfBox[b]] = 1;
    }
    for (let grew = true; grew;) {
      grew = false;
      for (const b of inside) {
        const k = data.personOfBox[b], p = people[k];
        if (joined[k]) continue;
        if (d[4 * b + 1] <= row + 1 || (p.parents || []).some((q) => shown[q]) || (p.partners || []).some((q) => shown[q] && joined[q])) {
          joined[k] = 1;
          grew = true;
        }
      }
    }
    let count = 0;
    for (const b of inside) {
      if (joined[data.personOfBox[b]]) continue;
      const x0 = d[4 * b], x1 = x0 + d[4 * b + 2], y = d[4 * b + 1];
      if (inside.some((a) => d[4 * a + 1] + d[4 * a + 3] <= y && d[4 * a] < x1 && d[4 * a] + d[4 * a + 2] > x0)) count++;
    }
    for (const b of inside) shown[data.personOfBox[b]] = joined[data.personOfBox[b]] = 0;
    return count;
  }
  let best = [x, y], fewest = loose(x, y);
  if (fewest === 0 || left > right) return best;
  const offsets = [];
  for (let dy = 0; dy <= (area.bottom - area.top) / 3 && y + dy <= high; dy += 16) {
    for (let dx = Math.ceil((left - x) / 16) * 16; x + dx <= right; dx += 16) offsets.push([Math.abs(dx) + 2 * dy, dx, dy]);
  }
  offsets.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (const [, dx, dy] of offsets) {
    const count = loose(x + dx, y + dy);
    if (count < fewest) {
      fewest = count;
      best = [x + dx, y + dy];
      if (count === 0) break;
    }
  }
  return best;
}

/// The top offset for `view` (of an ancestor chart, showing people `near` in boxes
/// `list`) that leaves out of the window (the chart shows between the toolbar's
/// buttons too) every box above the focus's row whose person is neither shown nor a
/// parent of someone shown, moving the chart up no further than to put the shown
/// boxes' top under the toolbar.
function clearOfStrays(view, near, list, area) {
  const d = data.boxes, s = view.scale, known = new Uint8Array(people.length);
  for (const k of near) {
    known[k] = 1;
    for (const p of people[k].parents || []) known[p] = 1;
  }
  let top = Infinity;
  for (const b of list) top = Math.min(top, d[4 * b + 1]);
  const focusTop = d[1], highest = area.top + 8 - top * s;
  let y = view.y;
  for (let b = 0; b < boxCount; b++) {
    const bottom = d[4 * b + 1] + d[4 * b + 3];
    if (bottom > focusTop || known[data.personOfBox[b]]) continue;
    const x0 = d[4 * b] * s + view.x, x1 = x0 + d[4 * b + 2] * s;
    if (x1 <= area.left || x0 >= area.right || bottom * s + y <= -4) continue;
    y = Math.max(highest, Math.min(y, -4 - bottom * s));  // 4 px: the outline's width and its antialiasing
  }
  return y;
}

/// The view showing boxes `list` centred in `area`, as large as they fit (at most full size).
function showing(list, area) {
  const extent = extentOf(list.map(boxRect));
  const scale = clampScale(fittingScale(extent, area, 1, 32));
  const [x, y] = centredOffset(extent, area, scale);
  return { scale, x, y };
}

let flight = 0;
/// Glides to `place` (a rectangle in chart points: a box, a wedge's bounds) in about 400 ms
/// (at once when reduced motion is asked for): the scale changes evenly in log space while
/// its centre moves in a straight line to the middle of the uncovered part of the window
/// (`keepScale`: no zoom).
function flyTo(place, keepScale) {
  cancelAnimationFrame(flight);
  const [cx, cy] = middleOf(place);
  const area = freeArea();
  const from = { scale: Math.log(view.scale), x: cx * view.scale + view.x, y: cy * view.scale + view.y };
  const to = { scale: Math.log(clampScale(keepScale ? view.scale : Math.max(view.scale, 1.5))),
               x: (area.left + area.right) / 2, y: (area.top + area.bottom) / 2 };
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

/// Glides `place` (a rectangle in chart points) into the uncovered part of the window,
/// unless it is in it already.
function bringIntoView(place) {
  const s = view.scale, area = freeArea();
  const x = place[0] * s + view.x, y = place[1] * s + view.y;
  if (x >= area.left && y >= area.top && x + place[2] * s <= area.right && y + place[3] * s <= area.bottom) return;
  flyTo(place, true);
}

/// Shows the person groups on screen or near it (half a window beyond each edge)
/// and takes the others out of the document, so a large chart costs the browser
/// only what can be seen. At most GROUPS_PER_FRAME groups come in a frame, those in
/// the window first (zooming in from the far view brings a hundred or more at once:
/// the rest follow in the next frames).
let shown = new Uint8Array(boxCount);
function cull(far) {
  const { width, height } = size();
  const s = view.scale, d = data.boxes;
  let chunks = CHUNKS_PER_FRAME, adds = GROUPS_PER_FRAME;
  for (const margin of far ? [0.5] : [0, 0.5]) {
    const left = (-view.x - margin * width) / s, right = ((1 + margin) * width - view.x) / s;
    const top = (-view.y - margin * height) / s, bottom = ((1 + margin) * height - view.y) / s;
    for (let b = 0; b < boxCount; b++) {
      const x = d[4 * b], y = d[4 * b + 1];
      const on = far || x > right || y > bottom || x + d[4 * b + 2] < left || y + d[4 * b + 3] < top ? 0 : 1;
      if (on === shown[b] || (margin === 0 && !on)) continue;  // the window's pass only adds
      if (on) {
        if (adds === 0 || (!groups[b] && chunks === 0)) { behind = true; continue; }
        adds--;
        if (!groups[b]) chunks--;
      }
      shown[b] = on;
      if (on) shownGroups.append(light(group(b))); else groups[b].remove();
    }
  }
  // The lines' cells within half a window of it (none in the far view).
  const left = (-view.x - width / 2) / s, right = (1.5 * width - view.x) / s;
  const top = (-view.y - height / 2) / s, bottom = (1.5 * height - view.y) / s;
  for (let c = 0; c < lineCells.length; c++) {
    const cell = lineCells[c];
    const on = far || cell.x0 > right || cell.y0 > bottom || cell.x1 < left || cell.y1 < top ? 0 : 1;
    if (on === lineCellShown[c]) continue;
    lineCellShown[c] = on;
    if (on) cell.holder.append(cell.g); else cell.g.remove();
  }
}

/// Every group in the document, in scene order (to print or save the whole chart).
function showAll() {
  for (let b = 0; b < boxCount; b++) group(b);
  shownGroups.replaceChildren(...groups);
  shown.fill(1);
  for (const cell of lineCells) cell.holder.append(cell.g);
  lineCellShown.fill(1);
}

/// The person whose wedge (a round chart's sector) is under viewport point (px, py), or −1.
function wedgeAt(px, py) {
  const x = (px - view.x) / view.scale, y = (py - view.y) / view.scale, w = data.wedges || [];
  for (let k = 0; k + 6 < w.length; k += 7) {
    const r = Math.hypot(x - w[k], y - w[k + 1]);
    if (r < w[k + 2] || r > w[k + 3]) continue;
    let a = Math.atan2(y - w[k + 1], x - w[k]) * 180 / Math.PI;
    while (a < w[k + 4]) a += 360;
    if (a <= w[k + 5]) return w[k + 6];
  }
  return -1;
}

/// The box under viewport point (px, py), or −1.
function boxAt(px, py) {
  const x = (px - view.x) / view.scale, y = (py - view.y) / view.scale, d = data.boxes;
  for (let b = 0; b < boxCount; b++) {
    if (x >= d[4 * b] && x <= d[4 * b] + d[4 * b + 2] && y >= d[4 * b + 1] && y <= d[4 * b + 1] + d[4 * b + 3]) return b;
  }
  return -1;
}

// A person's own chart in the page: their ancestors, descendants or hourglass, laid out by
// own-layout.js from the page's families (#kinship-data, else the chart data's parents and
// children) and drawn with the whole chart's own person groups (each person's box cloned
// and moved), so selection, the panel, search, relate and the highlight work on it alike.
// It is a second scene: while it shows, the view's scene variables (boxes, groups, lines,
// the far view's lists) are its own, and the whole chart's come back when it is left.
// The URL's hash keeps it: #chart=ancestors&focus=I52&generations=4 (&person=I1: the
// selection), so Back and Forward walk through the charts looked at.

const OWN_KINDS = ["ancestors", "descendants", "hourglass"];
const OWN_MAX_GENERATIONS = 15;
const OWN_LEAST_PIXELS = 5;  // names of the nearest generation smaller than this: Home shows the focus closer
const SVG_NS = "http://www.w3.org/2000/svg";
/// The person's own chart while one is shown: { focus, kind, generations, toggled, layout, layer, scene }.
let own = null;
let mainScene = null, mainView = null;
const mainViewBox = svg.getAttribute("viewBox");
const pageRect = svg.querySelector("rect.page");
const ownChoice = { kind: "ancestors", generations: 4 };

/// Whom person k leads to: "up" their parents (their birth family's partners), "down" their
/// children (of each of their families, by date of birth).
function ownRelatives(k, side) {
  let found;
  if (kin) {
    if (side === "up") {
      const f = kin.birth[k];
      found = f >= 0 ? kin.families[f][0].slice() : [];
    } else {
      const seen = new Set();
      found = [];
      for (const f of kin.unions[k] || []) for (const c of kin.families[f][1]) if (!seen.has(c)) { seen.add(c); found.push(c); }
    }
  } else {
    found = ((side === "up" ? people[k].parents : people[k].children) || []).slice();
  }
  if (side === "down") {
    const born = (c) => people[c].born ?? Infinity;
    found.sort((a, b) => (born(a) === born(b) ? 0 : born(a) < born(b) ? -1 : 1));
  }
  return found;
}

/// The whole chart's group of person k (their own box, not a reference), or null for
/// someone drawn in no box (a fan's wedge). Read while the whole chart's scene is in use.
function mainGroupOf(k) {
  const b = primaryBox(k);
  return b === undefined ? null : group(b);
}

function ownSize(k) {
  const rect = mainGroupOf(k)?.querySelector("rect");
  return rect ? [+rect.getAttribute("width"), +rect.getAttribute("height")] : [104, 52];
}

function svgElement(name, attributes, parent) {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (parent) parent.append(element);
  return element;
}

/// Node `node`'s group: a copy of the person's group moved to its place, or (nobody's box
/// to copy) a plain one with their name and dates.
function ownGroup(node) {
  const source = mainGroupOf(node.k);
  if (source) {
    const g = source.cloneNode(true);
    g.removeAttribute("id");
    g.classList.remove("selected", "lit");
    const rect = g.querySelector("rect");
    g.setAttribute("transform", `translate(${ownRound(node.x - +rect.getAttribute("x"))} ${ownRound(node.y - +rect.getAttribute("y"))})`);
    return g;
  }
  const p = people[node.k];
  const g = svgElement("g", { class: "person " + (p.gender === "male" || p.gender === "female" ? p.gender : "unknown"), "data-id": p.id });
  svgElement("title", {}, g).textContent = p.name;
  svgElement("rect", { x: node.x, y: node.y, width: node.width, height: node.height, rx: 8 }, g);
  const cx = node.x + node.width / 2, room = node.width - 10;
  // The name on one line, or two split at the space nearest its middle, each held to the box
  // (about 5.6 points a letter at the name's 10 px; a line longer than that is squeezed).
  const lines = [p.name];
  if (p.name.length * 5.6 > room && p.name.includes(" ")) {
    const spaces = [...p.name.matchAll(/ /g)].map((m) => m.index);
    const at = spaces.reduce((best, i) => (Math.abs(i - p.name.length / 2) < Math.abs(best - p.name.length / 2) ? i : best));
    lines.splice(0, 1, p.name.slice(0, at), p.name.slice(at + 1));
  }
  const top = node.y + node.height / 2 - (lines.length * 11.5 + (p.detail ? 10 : 0)) / 2 + 9;
  lines.forEach((line, i) => {
    const text = svgElement("text", { class: "name", x: cx, y: top + i * 11.5 }, g);
    text.textContent = line;
    if (line.length * 5.6 > room) { text.setAttribute("textLength", room); text.setAttribute("lengthAdjust", "spacingAndGlyphs"); }
  });
  if (p.detail) svgElement("text", { class: "detail", x: cx, y: top + lines.length * 11.5 }, g).textContent = p.detail;
  return g;
}

/// The view's scene variables as they are now.
function sceneNow() {
  return {
    boxes: data.boxes, personOfBox: data.personOfBox, width: data.width, height: data.height, boxColour: data.boxColour,
    chart: data.chart, boxCount, isReference, groups, shownGroups, lineCells, lineCellShown, boxesOf, wedgesOf, isRound, shown,
    byLeft, widest, farLines, litLines, litBars, litWedges, viewBox: mainViewBox,
  };
}

/// Makes `scene` the one drawn.
function useScene(scene) {
  ({ boxes: data.boxes, personOfBox: data.personOfBox, width: data.width, height: data.height, boxColour: data.boxColour, chart: data.chart } = scene);
  ({ boxCount, isReference, groups, shownGroups, lineCells, lineCellShown, boxesOf, wedgesOf, isRound, shown, byLeft, widest, farLines, litLines, litBars, litWedges } = scene);
  svg.setAttribute("width", data.width);
  svg.setAttribute("height", data.height);
  svg.setAttribute("viewBox", scene.viewBox);
  if (pageRect) { pageRect.setAttribute("width", data.width); pageRect.setAttribute("height", data.height); }
  overviewImage = null;
}

/// The scene of `layout` (from ownLayout), built while the whole chart's is in use.
function ownScene(layout, kind) {
  const nodes = layout.nodes, n = nodes.length;
  const layer = svgElement("g", { class: "own-chart" });
  const linesHolder = svgElement("g", { class: "lines" }, layer), linesGroup = svgElement("g", {}, linesHolder);
  const persons = svgElement("g", { class: "persons" }, layer);
  const toggles = svgElement("g", { class: "own-toggles" }, layer);
  const boxes = [], personOfBox = [], boxColour = [], ownGroups = [], ownBoxesOf = people.map(() => []);
  nodes.forEach((node, b) => {
    boxes.push(node.x, node.y, node.width, node.height);
    personOfBox.push(node.k);
    const main = primaryBox(node.k);
    boxColour.push(main === undefined ? 0 : data.boxColour[main]);
    const g = ownGroup(node);
    g.familyBox = b;
    ownGroups.push(g);
    ownBoxesOf[node.k].push(b);
  });
  const far = new Path2D(), lit = [];
  for (const line of layout.lines) {
    const path = svgElement("path", { class: "line", d: line.d, "data-child": people[line.child].id }, linesGroup);
    lit.push([path, line.child]);
    far.addPath(new Path2D(line.d));
  }
  for (const t of layout.toggles) {
    const g = svgElement("g", { class: "own-toggle" + (t.open ? " open" : ""), "data-id": people[t.k].id, "data-side": t.side }, toggles);
    svgElement("title", {}, g).textContent = (t.open ? "Close " : "Open ") + (t.side === "up" ? "the ancestors" : "the descendants");
    svgElement("circle", { cx: t.x, cy: t.y, r: 7 }, g);
    svgElement("text", { x: t.x, y: t.y + 3.8 }, g).textContent = t.open ? "−" : "+";
  }
  const order = Int32Array.from(personOfBox.keys()).sort((a, b) => boxes[4 * a] - boxes[4 * b]);
  return {
    boxes, personOfBox, width: layout.width, height: layout.height, boxColour, chart: kind,
    boxCount: n, isReference: new Uint8Array(n), groups: ownGroups, shownGroups: persons,
    lineCells: [{ g: linesGroup, holder: linesHolder, x0: -Infinity, y0: -Infinity, x1: Infinity, y1: Infinity }],
    lineCellShown: new Uint8Array(1), boxesOf: ownBoxesOf, wedgesOf: people.map(() => []), isRound: false, shown: new Uint8Array(n),
    byLeft: order, widest: nodes.reduce((w, node) => Math.max(w, node.width), 0),
    farLines: [{ path: far, colour: "#5a5a5a", width: 1.2, dashes: [] }], litLines: lit, litBars: [], litWedges: [],
    viewBox: `0 0 ${layout.width} ${layout.height}`, layer,
  };
}

/// Swaps scenes keeping the selection's marks and the highlight right.
function swapScene(scene) {
  for (const b of selected >= 0 ? boxesOf[selected] : []) group(b).classList.remove("selected");
  for (const g of shownGroups.children) g.classList.remove("lit");
  useScene(scene);
  for (const b of selected >= 0 ? boxesOf[selected] : []) group(b).classList.add("selected");
  highlightPeople(selected >= 0 ? selectionLineage(selected) : null);
}

/// Shows person k's own chart of `kind` with `generations` rows open above and below
/// (`toggled`: branches opened or closed by hand). `push`: a new entry in the history.
/// What is shown, or null (nobody, or no such kind).
function showOwn(k, kind, generations, toggled, push) {
  if (!(k >= 0 && k < people.length) || !OWN_KINDS.includes(kind)) return null;
  generations = Math.max(1, Math.min(OWN_MAX_GENERATIONS, Math.round(+generations) || 4));
  cancelAnimationFrame(flight);  // a glide to a box of the scene left
  if (own) {
    own.layer.remove();
    useScene(mainScene);
  } else {
    mainScene = sceneNow();
    mainView = opened ? { scale: view.scale, x: view.x, y: view.y } : null;  // none yet: Home when left
  }
  const layout = ownLayout(k, kind, generations, ownRelatives, ownSize, toggled);
  const scene = ownScene(layout, kind);
  useScene(mainScene);
  svg.append(scene.layer);
  svg.classList.add("own");
  own = { focus: k, kind, generations, toggled, layout, layer: scene.layer, scene };
  swapScene(scene);
  ownChoice.kind = kind;
  ownChoice.generations = generations;
  showOwnControls();
  ownHome();
  if (push) history.pushState(null, "", ownHash(selected));
  return ownSummary();
}

/// Back to the whole chart, in the view it had.
function leaveOwn(push) {
  if (!own) return false;
  cancelAnimationFrame(flight);
  own.layer.remove();
  own = null;
  svg.classList.remove("own");
  swapScene(mainScene);
  showOwnControls();
  if (mainView) setView(mainView.scale, mainView.x, mainView.y); else home();
  if (selected >= 0 && placesOf(selected).length > 0) bringIntoView(placesOf(selected)[0]);
  if (push) history.pushState(null, "", selected >= 0 ? "#" + encodeURIComponent(people[selected].id) : location.pathname + location.search);
  return true;
}

function ownSummary() {
  return own && { id: people[own.focus].id, kind: own.kind, generations: own.generations, boxes: own.layout.nodes.length,
                  persons: new Set(own.layout.nodes.map((n) => n.k)).size, truncated: own.layout.truncated };
}

/// The own chart's opening view: the focus with as many generations as fit with names
/// read without effort (READ_PIXELS), at least the nearest one, beside the panel; where
/// that one has names under OWN_LEAST_PIXELS, the focus in the middle at READ_PIXELS.
function ownHome() {
  const area = freeArea(), nodes = own.layout.nodes;
  let best = null;
  for (let depth = 1; ; depth++) {
    const list = [];
    nodes.forEach((n, b) => { if (n.depth <= depth) list.push(b); });
    const v = showing(list, area);
    if (best && v.scale * data.nameSize < READ_PIXELS) break;
    best = v;
    if (list.length === nodes.length) break;
  }
  if (best.scale * data.nameSize < OWN_LEAST_PIXELS) {
    // Even the nearest generation is too wide to read (Victoria's nine children, spread by
    // their 41 children: 2.7 px): the focus in the middle at a readable scale, its row beside it.
    const s = Math.min(1, READ_PIXELS / data.nameSize), [fx] = middleOf(boxRect(0));
    best = { scale: s, x: (area.left + area.right) / 2 - fx * s, y: 0 };
    const rows = [];
    nodes.forEach((n, b) => { if (n.depth <= 1) rows.push(b); });
    const extent = extentOf(rows.map(boxRect));
    best.y = centredOffset(extent, area, s)[1];
  }
  setView(best.scale, best.x, best.y);
  mode = "home";
}

/// The hash of the own chart shown, with person k selected (−1: nobody).
function ownHash(k) {
  return "#chart=" + own.kind + "&focus=" + encodeURIComponent(people[own.focus].id) + "&generations=" + own.generations
    + (k >= 0 ? "&person=" + encodeURIComponent(people[k].id) : "");
}

/// The hash's own chart: { focus, kind, generations, person } (positions; person −1), or null.
function ownFromHash() {
  if (!location.hash.startsWith("#chart=")) return null;
  const q = new URLSearchParams(location.hash.slice(1));
  const focus = personIndex.get(q.get("focus") ?? "") ?? -1, kind = q.get("chart");
  if (focus < 0 || !OWN_KINDS.includes(kind)) return null;
  return { focus, kind, generations: +q.get("generations") || 4, person: personIndex.get(q.get("person") ?? "") ?? -1 };
}

/// Shows what the hash says (Back, Forward, a link, the opening): that own chart, or the
/// whole chart. True when it is an own chart.
function ownFollowHash() {
  const wanted = ownFromHash();
  if (!wanted) { if (own) leaveOwn(false); return false; }
  if (!own || own.focus !== wanted.focus || own.kind !== wanted.kind || own.generations !== Math.min(OWN_MAX_GENERATIONS, Math.max(1, Math.round(wanted.generations)))) {
    showOwn(wanted.focus, wanted.kind, wanted.generations, new Map(), false);
  }
  return true;
}

/// Opens or closes the branch whose toggle is under viewport point (px, py), keeping that
/// person's box where it was in the window. False when there is no toggle there.
function ownToggleAt(px, py) {
  if (!own) return false;
  const x = (px - view.x) / view.scale, y = (py - view.y) / view.scale;
  const reach = Math.max(9, 12 / view.scale);
  const t = own.layout.toggles.find((t) => Math.hypot(t.x - x, t.y - y) <= reach);
  if (!t) return false;
  toggleOwn(t.k, t.side, !t.open);
  return true;
}

function toggleOwn(k, side, open) {
  const before = own.layout.nodes.find((n) => n.k === k && (n.side === side || n.side === "focus"));
  if (!before) return false;
  const toggled = new Map(own.toggled);
  toggled.set(side + ":" + k, open);
  const scale = view.scale, sx = before.x * scale + view.x, sy = before.y * scale + view.y;
  showOwn(own.focus, own.kind, own.generations, toggled, false);
  const after = own.layout.nodes.find((n) => n.k === k && n.side === before.side && n.depth === before.depth) ?? own.layout.nodes[0];
  setView(scale, sx - after.x * scale, sy - after.y * scale);
  mode = null;
  return true;
}

// The toolbar's controls while an own chart shows: its kind, the generations, the way back.
const ownControls = document.createElement("span");
ownControls.id = "own-controls";
ownControls.hidden = true;
const ownKind = document.createElement("select");
ownKind.id = "own-kind";
ownKind.setAttribute("aria-label", "Chart");
for (const kind of OWN_KINDS) ownKind.append(new Option(kind[0].toUpperCase() + kind.slice(1), kind));
const ownGenerations = document.createElement("select");
ownGenerations.id = "own-generations";
ownGenerations.setAttribute("aria-label", "Generations");
ownGenerations.title = "Generations shown";
for (let g = 1; g <= OWN_MAX_GENERATIONS; g++) ownGenerations.append(new Option(g + " gen.", String(g)));
const ownLeave = document.createElement("button");
ownLeave.type = "button";
ownLeave.id = "own-leave";
ownLeave.title = "Back to the whole chart";
ownLeave.textContent = "Whole chart";
ownControls.append(ownKind, ownGenerations, ownLeave);
toolbar.append(ownControls);
ownKind.addEventListener("change", () => showOwn(own.focus, ownKind.value, own.generations, new Map(), true));
ownGenerations.addEventListener("change", () => showOwn(own.focus, own.kind, +ownGenerations.value, new Map(), true));
ownLeave.addEventListener("click", () => leaveOwn(true));

function showOwnControls() {
  ownControls.hidden = !own;
  if (own) {
    ownKind.value = own.kind;
    ownGenerations.value = String(own.generations);
  }
  frameBox = measure();
}

// The panel's "Chart of this person".
const ownButton = document.createElement("button");
ownButton.type = "button";
ownButton.id = "own-chart";
ownButton.textContent = "Chart of this person";
ownButton.title = "This person's ancestors, descendants or hourglass, drawn here";
relateButton.after(ownButton);
ownButton.addEventListener("click", () => {
  if (selected >= 0) showOwn(selected, ownChoice.kind, ownChoice.generations, new Map(), true);
});
window.addEventListener("popstate", () => {
  ownFollowHash();
  const k = personFromHash();
  if (k !== selected) select(k, true);
});

/// Bug 16: a deep pedigree (an ancestor or hourglass page whose grandparents stand so far
/// apart that names would be under READ_PIXELS to show them: royal92's Elizabeth II, 3,000 pt)
/// opens on the focus's own chart instead, with the most generations (4 at most, 2 at least)
/// that fit the window with names read without effort; Whole chart shows the page's chart.
/// True when it did.
function openDeepPedigree() {
  if (!(data.chart === "ancestors" || data.chart === "hourglass") || boxCount === 0) return false;
  const focus = data.personOfBox[0], area = freeArea();
  const grandparents = (people[focus].parents || []).flatMap((k) => people[k].parents || []);
  if (grandparents.length === 0) return false;
  const near = [focus, ...(people[focus].parents || []), ...grandparents].map(primaryBox).filter((b) => b !== undefined);
  if (showing(near, area).scale * data.nameSize >= READ_PIXELS) return false;
  for (let generations = 4; generations >= 2; generations--) {
    const layout = ownLayout(focus, data.chart, generations, ownRelatives, ownSize);
    const extent = [0, 0, layout.width, layout.height];
    if (generations > 2 && fittingScale(extent, area, 1, 0) * data.nameSize < READ_PIXELS) continue;
    showOwn(focus, data.chart, generations, new Map(), false);
    return true;
  }
  return false;
}

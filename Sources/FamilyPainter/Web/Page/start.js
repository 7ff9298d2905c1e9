/// The chart as a standalone SVG file: the page's SVG with every person, without the
/// viewer's state.
function svgText() {
  const ownShown = own;
  if (ownShown) useScene(mainScene);  // a person's own chart is shown: the whole chart all the same
  try {
    return wholeSVGText();
  } finally {
    if (ownShown) useScene(ownShown.scene);
  }
}

function wholeSVGText() {
  const copy = svg.cloneNode(true);
  copy.classList.remove("own");
  copy.querySelector("g.own-chart")?.remove();
  copy.removeAttribute("style");
  copy.classList.remove("far");
  copy.setAttribute("width", data.width + "pt");
  copy.setAttribute("height", data.height + "pt");
  for (let b = 0; b < boxCount; b++) group(b);
  copy.querySelector("g.persons").replaceChildren(...groups.map((g) => g.cloneNode(true)));
  // Every line and bar, in the document order of the SVG the page was made with (not in cells).
  copy.querySelectorAll("g.lines, g.couples").forEach((holder, h) => holder.replaceChildren(...lineElements[h].map((e) => e.cloneNode(true))));
  copy.classList.remove("highlighting");
  for (const element of copy.querySelectorAll(".selected, .lit")) element.classList.remove("selected", "lit");
  return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(copy) + "\n";
}

document.getElementById("download").addEventListener("click", () => {
  const url = URL.createObjectURL(new Blob([svgText()], { type: "image/svg+xml" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = (data.title || "family-chart").replace(/[\\/:*?"<>|\u0000-\u001f]+/g, " ").trim().slice(0, 100) + ".svg";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
});

window.addEventListener("beforeprint", showAll);
window.addEventListener("afterprint", () => setView(view.scale, view.x, view.y));

const first = personFromHash();
if (ownFollowHash()) {  // a person's own chart (#chart=…)
  if (first >= 0) { select(first, false); cancelAnimationFrame(flight); ownHome(); }
} else if (first >= 0) {
  const { width, height } = size();
  const b = primaryBox(first), d = data.boxes, scale = clampScale(1.5);
  setView(scale, width / 2 - (d[4 * b] + d[4 * b + 2] / 2) * scale, height / 2 - (d[4 * b + 1] + d[4 * b + 3] / 2) * scale);
  select(first, false);
  cancelAnimationFrame(flight);
  const area = freeArea(), s = view.scale;  // beside the panel at once, no glide on opening
  setView(s, (area.left + area.right) / 2 - (d[4 * b] + d[4 * b + 2] / 2) * s, (area.top + area.bottom) / 2 - (d[4 * b + 1] + d[4 * b + 3] / 2) * s);
} else if (openDeepPedigree()) {
  // a deep pedigree: the focus's own chart, a few generations (own-chart.js)
} else if (fitScale() * data.nameSize >= READ_PIXELS || people.length <= 1) {  // the whole chart, when its names can be read
  fit();
} else {
  home();
}
draw();
opened = true;
const panBy = (dx, dy) => setView(view.scale, view.x + dx, view.y + dy);
/// Where person `id`'s (primary) box is in the window: x, y, width, height in CSS pixels.
function screenBox(id) {
  const k = personIndex.get(id) ?? -1;
  if (k < 0) return null;
  const s = view.scale;
  if (boxesOf[k].length === 0) {
    // A person drawn only as a wedge (a fan): the point in the middle of their first wedge.
    const w = data.wedges || [];
    for (let j = 0; j + 6 < w.length; j += 7) {
      if (w[j + 6] !== k) continue;
      const r = (w[j + 2] + w[j + 3]) / 2, a = (w[j + 4] + w[j + 5]) / 2 * Math.PI / 180;
      return { x: (w[j] + r * Math.cos(a)) * s + view.x, y: (w[j + 1] + r * Math.sin(a)) * s + view.y, width: 0, height: 0 };
    }
    return null;
  }
  const b = primaryBox(k), d = data.boxes;
  return { x: d[4 * b] * s + view.x, y: d[4 * b + 1] * s + view.y, width: d[4 * b + 2] * s, height: d[4 * b + 3] * s };
}
window.familyChart = {
  view, fit, home, zoomBy, panBy, screenBox, svgText,
  select: (id) => choose(personIndex.get(id) ?? -1, true),
  showChart: (id, kind = "ancestors", generations = 4) => showOwn(personIndex.get(id) ?? -1, kind, generations, new Map(), true),
  wholeChart: () => leaveOwn(true),
  chart: () => ownSummary() || null,
  toggleBranch: (id, side, open) => !!own && personIndex.has(id) && toggleOwn(personIndex.get(id), side, open),
  selected: () => (selected >= 0 ? people[selected].id : null),
  relate: relateIds,
  find: (query, limit = 50) => find(query).slice(0, limit).map((k) => people[k].id),
  count: (query) => find(query).length,
  highlight: (ids) => highlightPeople(ids ? ids.map((id) => personIndex.get(id)).filter((k) => k !== undefined) : null),
  lineage: (id) => (personIndex.has(id) ? lineage(personIndex.get(id)).map((k) => people[k].id) : []),
  theme: setTheme,
  shownGroups: () => shownGroups.childElementCount,
  ready: true,
};
})();

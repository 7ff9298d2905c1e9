// "Relate to…": the panel's button, the banner while the second person is chosen,
// and the panel's section that names the relationship.
let relateFrom = -1;
const relateButton = document.createElement("button");
relateButton.type = "button";
relateButton.id = "relate-to";
relateButton.textContent = "Relate to…";
relateButton.title = "How is another person related to this one? Click their box or search for them.";
relateButton.hidden = !kin;
const relationSection = document.createElement("section");
relationSection.id = "detail-relation";
relationSection.hidden = true;
const relationText = document.createElement("div");
const clearButton = document.createElement("button");
clearButton.type = "button";
clearButton.textContent = "Clear";
const relationHeading = document.createElement("h3");
relationHeading.textContent = "Relationship";
relationSection.append(relationHeading, relationText, clearButton);
const idLine = panel.querySelector(".detail-id");
if (idLine) idLine.after(relateButton, relationSection); else panel.append(relateButton, relationSection);
const banner = document.createElement("div");
banner.id = "relate-banner";
banner.setAttribute("role", "status");
banner.hidden = true;
const bannerText = document.createElement("span");
const cancelButton = document.createElement("button");
cancelButton.type = "button";
cancelButton.textContent = "Cancel";
banner.append(bannerText, cancelButton);
document.body.append(banner);

function startRelating() {
  if (selected < 0 || !kin) return;
  relateFrom = selected;
  bannerText.textContent = `Relate ${kinName(selected)} to whom? Click a box or search for a name. `;
  banner.hidden = false;
  document.getElementById("search").focus();
}

function stopRelating() {
  relateFrom = -1;
  banner.hidden = true;
}

/// Called by `choose`: while "Relate to…" waits, the chosen person is the second one.
function relatePicked(k) {
  if (relateFrom < 0 || k < 0) return false;
  if (k === relateFrom) return true;  // the same person: keep waiting
  const a = relateFrom;
  stopRelating();
  showRelation(a, k);
  return true;
}

/// Ends the relationship view: the selection's own highlight (its lineage) returns.
function clearRelation() {
  relationSection.hidden = true;
  highlightPeople(selected >= 0 ? lineage(selected) : null);
}

/// Highlights the path from a to b (the page's highlight: its boxes, the lines and
/// bars between them; the rest dimmed), names it, and shows it.
function showRelation(a, b) {
  const answer = kinAnswer(a, b);
  const path = answer.path.map((id) => personIndex.get(id));
  if (selected !== a) select(a, false);
  highlightPeople(path);
  relationText.replaceChildren(...answer.sentences.map((s) => { const p = document.createElement("p"); p.textContent = s; return p; }));
  relationSection.hidden = false;
  showBoxes(nearbyBoxes(path));
}

/// One box per person of `path`: the first person's own, then for each the box
/// nearest the one before (a reference may stand beside the path).
function nearbyBoxes(path) {
  if (path.length === 0) return [];
  const d = data.boxes, list = [primaryBox(path[0])];
  const distance = (b, c) => Math.hypot(d[4 * b] - d[4 * c], d[4 * b + 1] - d[4 * c + 1]);
  for (const k of path.slice(1)) {
    const before = list[list.length - 1];
    list.push(boxesOf[k].reduce((best, b) => (distance(b, before) < distance(best, before) ? b : best)));
  }
  return list;
}

/// Shows the boxes `list` beside the panel, as close as 1.5 at most: all of them when
/// they fit at a scale where names can be read, else the longest run from the first
/// that does (the highlighted path leads on).
function showBoxes(list) {
  if (list.length === 0) return;
  cancelAnimationFrame(flight);
  const d = data.boxes, { width, height } = size();
  const room = { left: 8, top: 52, right: width - (panel.hidden ? 8 : panel.offsetWidth + 16), bottom: height - 8 };
  const readable = clampScale(1.01 * READABLE_PIXELS / data.nameSize);
  let left = Infinity, top = Infinity, right = -Infinity, bottom = -Infinity, scale = 1.5;
  for (const b of list) {
    const l = Math.min(left, d[4 * b]), t = Math.min(top, d[4 * b + 1]);
    const r = Math.max(right, d[4 * b] + d[4 * b + 2]), u = Math.max(bottom, d[4 * b + 1] + d[4 * b + 3]);
    const fits = Math.min(1.5, (room.right - room.left) / (r - l + 24), (room.bottom - room.top) / (u - t + 24));
    if (fits < readable && left !== Infinity) break;
    [left, top, right, bottom, scale] = [l, t, r, u, Math.max(fits, readable)];
  }
  scale = clampScale(scale);
  setView(scale, (room.left + room.right) / 2 - (left + right) / 2 * scale, (room.top + room.bottom) / 2 - (top + bottom) / 2 * scale);
}

relateButton.addEventListener("click", startRelating);
cancelButton.addEventListener("click", stopRelating);
clearButton.addEventListener("click", clearRelation);
window.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && relateFrom >= 0) { stopRelating(); event.stopPropagation(); }
}, true);

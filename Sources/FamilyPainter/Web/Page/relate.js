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
  highlightPeople(selected >= 0 ? selectionLineage(selected) : null);
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
  showPlaces(nearbyPlaces(path));
}

/// One place per person of `path` (a rectangle in chart points: a box, or a fan's wedge):
/// the first person's own, then for each the one nearest the one before (a reference may
/// stand beside the path). A person drawn nowhere is left out.
function nearbyPlaces(path) {
  const list = [];
  for (const k of path) {
    const places = placesOf(k);
    if (places.length > 0) list.push(list.length === 0 ? places[0] : nearestRect(places, list[list.length - 1]));
  }
  return list;
}

/// Shows `places` in the part of the window the panel leaves free (beside it, or above it
/// where it is a sheet at the bottom of a narrow window), as close as 1.5 at most: all of
/// them when they fit at a scale where names are read without effort (READ_PIXELS), else
/// the longest run from the first that does (the highlighted path leads on).
function showPlaces(places) {
  if (places.length === 0) return;
  cancelAnimationFrame(flight);
  const area = freeArea();
  const run = fitRun(places, area, clampScale(READ_PIXELS / data.nameSize), 1.5, 24);
  const scale = clampScale(run.scale);
  const [x, y] = centredOffset(run.extent, area, scale);
  setView(scale, x, y);
}

relateButton.addEventListener("click", startRelating);
cancelButton.addEventListener("click", stopRelating);
clearButton.addEventListener("click", clearRelation);
window.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && relateFrom >= 0) { stopRelating(); event.stopPropagation(); }
}, true);

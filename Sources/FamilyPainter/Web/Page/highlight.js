const lit = new Uint8Array(people.length);
let lighting = false;
let litLines = null, litBars = null, litWedges = null;

/// Everyone reached from k through `key` ("parents" or "children") again and again, who is
/// not `seen` yet (each marked seen as found).
function reached(k, key, seen) {
  const found = [], stack = [k];
  while (stack.length) {
    for (const r of people[stack.pop()][key] || []) {
      if (!seen[r]) { seen[r] = 1; found.push(r); stack.push(r); }
    }
  }
  return found;
}

/// Person `k` with all their ancestors and descendants (positions in `people`).
function lineage(k) {
  const seen = new Uint8Array(people.length);
  seen[k] = 1;
  return [k].concat(reached(k, "parents", seen), reached(k, "children", seen));
}

/// What a selection highlights: `lineage(k)`, and the other parent of each descendant (a
/// partner who is no blood relative belongs with the children they share: Jacqueline
/// Bouvier with John F. Kennedy's children).
function selectionLineage(k) {
  const seen = new Uint8Array(people.length);
  seen[k] = 1;
  const up = reached(k, "parents", seen), down = reached(k, "children", seen), found = [k].concat(up, down);
  for (const d of down) {
    for (const p of people[d].parents || []) if (!seen[p]) { seen[p] = 1; found.push(p); }
  }
  return found;
}

/// A person group with the class `lit` as the highlight says.
function light(g) {
  const on = lighting && lit[data.personOfBox[g.familyBox]] === 1;
  if (g.classList.contains("lit") !== on) g.classList.toggle("lit", on);
  return g;
}

/// Highlights the people `list` (positions; null: nobody, nothing dimmed).
function highlightPeople(list) {
  lit.fill(0);
  lighting = Array.isArray(list);
  if (lighting) for (const k of list) if (k >= 0 && k < people.length) lit[k] = 1;
  svg.classList.toggle("highlighting", lighting);
  for (const g of shownGroups.children) light(g);
  const all = (holder, selector) => lineElements[lineHolders.findIndex((h) => h.matches(holder))]?.filter((e) => e.matches(selector)) ?? [];
  litLines ??= all("g.lines", "path").map((path) => [path, personIndex.get(path.getAttribute("data-child"))]);
  for (const [path, c] of litLines) {
    const on = lighting && c !== undefined && lit[c] === 1 && (people[c].parents || []).some((p) => lit[p] === 1);
    if (path.classList.contains("lit") !== on) path.classList.toggle("lit", on);
  }
  litBars ??= all("g.couples", "path.couple").map((path, i) => [path, data.bars[i]]);
  for (const [path, pair] of litBars) {
    const on = lighting && !!pair && lit[pair[0]] === 1 && lit[pair[1]] === 1;
    if (path.classList.contains("lit") !== on) path.classList.toggle("lit", on);
  }
  // A fan's wedges (always in the document: a round chart has no person groups to cull).
  litWedges ??= [...svg.querySelectorAll("g.wedge-person")].map((g) => [g, personIndex.get(g.dataset.id)]);
  for (const [g, k] of litWedges) {
    const on = lighting && k !== undefined && lit[k] === 1;
    if (g.classList.contains("lit") !== on) g.classList.toggle("lit", on);
  }
  if (!frame) frame = requestAnimationFrame(draw);
  return lighting ? list.length : 0;
}

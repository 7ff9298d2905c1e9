const kinElement = document.getElementById("kinship-data");
const kin = kinElement ? JSON.parse(kinElement.textContent) : null;
const MAX_RELATIONS = 16;

function kinParents(k) {
  const f = kin.birth[k];
  return f >= 0 ? kin.families[f][0] : [];
}

/// Generations from k up to each ancestor through birth families (k itself 0),
/// breadth-first, and the persons in the order reached.
function kinDistances(k) {
  const distance = new Map([[k, 0]]), order = [k];
  for (let head = 0; head < order.length; head++) {
    const p = order[head];
    for (const q of kinParents(p)) {
      if (!distance.has(q)) { distance.set(q, distance.get(p) + 1); order.push(q); }
    }
  }
  return { distance, order };
}

/// The children of c on a nearest line toward the person `up` was measured from.
function kinLinesDown(c, up, generation, only) {
  const children = [];
  for (const f of only === undefined ? kin.unions[c] : [only]) {
    for (const child of kin.families[f][1]) {
      if (up.distance.get(child) === generation - 1 && kin.birth[child] === f && !children.includes(child)) children.push(child);
    }
  }
  return children;
}

/// The persons below `ancestors` down to the measured person: the first child on a
/// nearest line at each step; below a couple, a child of the couple's own family.
function kinDescent(ancestors, up, generation) {
  if (generation === 0) return [];
  const line = [];
  let current = ancestors[0];
  if (ancestors.length === 2) {
    const f = kin.unions[current].find((u) => kin.families[u][0].length === 2
      && kin.families[u][0][0] === ancestors[0] && kin.families[u][0][1] === ancestors[1]);
    const child = f === undefined ? undefined : kinLinesDown(current, up, generation, f)[0];
    if (child !== undefined) { line.push(child); current = child; }
  }
  for (let g = generation - line.length; g > 0; g--) {
    current = kinLinesDown(current, up, g)[0];
    line.push(current);
  }
  return line;
}

function ordinalDigits(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return n + (teen ? "th" : ["th", "st", "nd", "rd"][n % 10] || "th");
}
const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth"];
const TIMES = ["once", "twice", "three times", "four times", "five times", "six times", "seven times", "eight times",
               "nine times", "ten times", "eleven times", "twelve times"];

/// What b is to a in words (KinshipTerm.english).
function kinTerm(a, b, half, gender) {
  const word = (male, female, neutral) => (gender === "male" ? male : gender === "female" ? female : neutral);
  const lineal = (n, base) => n === 1 ? base : n === 2 ? "grand" + base : n === 3 ? "great-grand" + base
    : n === 4 ? "great-great-grand" + base : ordinalDigits(n - 2) + " great-grand" + base;
  const collateral = (n, base) => {
    const term = n === 2 ? base : n === 3 ? "great-" + base : n === 4 ? "great-great-" + base : ordinalDigits(n - 2) + " great-" + base;
    return half ? "half-" + term : term;
  };
  if (a === 0) return lineal(b, word("son", "daughter", "child"));
  if (b === 0) return lineal(a, word("father", "mother", "parent"));
  if (a === 1 && b === 1) return (half ? "half-" : "") + word("brother", "sister", "sibling");
  if (a === 1) return collateral(b, word("nephew", "niece", "nephew or niece"));
  if (b === 1) return collateral(a, word("uncle", "aunt", "uncle or aunt"));
  const degree = Math.min(a, b) - 1, removed = Math.abs(a - b);
  let term = (ORDINALS[degree - 1] || ordinalDigits(degree)) + " cousin";
  if (removed > 0) term += " " + (TIMES[removed - 1] || removed + " times") + " removed";
  return half ? "half " + term : term;
}

/// The links from p in the marriage-path search's order: birth parents, children
/// born to each family, partners.
function kinSteps(p) {
  const named = (q, words) => words[people[q].gender === "male" ? 0 : people[q].gender === "female" ? 1 : 2];
  const steps = kinParents(p).map((q) => ({ from: p, to: q, link: named(q, ["father", "mother", "parent"]) }));
  for (const f of kin.unions[p]) {
    for (const c of kin.families[f][1]) {
      if (kin.birth[c] === f) steps.push({ from: p, to: c, link: named(c, ["son", "daughter", "child"]) });
    }
  }
  const partners = new Set();  // in marriage order, each once
  for (const f of kin.unions[p]) for (const q of kin.families[f][0]) if (q !== p) partners.add(q);
  for (const q of partners) steps.push({ from: p, to: q, link: named(q, ["husband", "wife", "partner"]) });
  return steps;
}

function kinMarriagePath(a, b) {
  const came = new Map([[a, null]]), queue = [a];
  search: for (let head = 0; head < queue.length; head++) {
    for (const step of kinSteps(queue[head])) {
      if (came.has(step.to)) continue;
      came.set(step.to, step);
      if (step.to === b) break search;
      queue.push(step.to);
    }
  }
  if (!came.has(b)) return [];
  const path = [];
  for (let p = b; p !== a; p = came.get(p).from) path.push(came.get(p));
  return path.reverse();
}

/// Every relationship of b to a (positions in `people`), as `Kinship` finds them.
function kinRelate(a, b) {
  const up = kinDistances(a), down = kinDistances(b);
  const common = down.order.filter((p) => up.distance.has(p));
  const answer = { relationships: [], omitted: 0, marriagePath: [] };
  if (common.length === 0) {
    answer.marriagePath = kinMarriagePath(a, b);
    return answer;
  }
  const above = new Set(), queue = common.flatMap(kinParents);
  for (let head = 0; head < queue.length; head++) {
    const p = queue[head];
    if (!above.has(p)) { above.add(p); queue.push(...kinParents(p)); }
  }
  const nearest = common.filter((c) => !above.has(c)).sort((x, y) => kin.order[x] - kin.order[y]);
  const isNearest = new Set(nearest), grouped = new Set();
  const samePair = (p, c) => up.distance.get(p) === up.distance.get(c) && down.distance.get(p) === down.distance.get(c);
  const found = [];
  for (const c of nearest) {
    if (grouped.has(c)) continue;
    grouped.add(c);
    let ancestors = [c];
    couple: for (const f of kin.unions[c]) {
      const partners = kin.families[f][0];
      for (const p of partners) {
        if (p !== c && isNearest.has(p) && !grouped.has(p) && samePair(p, c)) {
          grouped.add(p);
          ancestors = partners;
          break couple;
        }
      }
    }
    found.push({ ancestors, a: up.distance.get(c), b: down.distance.get(c) });
  }
  found.sort((x, y) => (x.a + x.b) - (y.a + y.b) || Math.min(x.a, x.b) - Math.min(y.a, y.b)
    || kin.order[x.ancestors[0]] - kin.order[y.ancestors[0]]);
  answer.omitted = Math.max(0, found.length - MAX_RELATIONS);
  answer.relationships = found.slice(0, MAX_RELATIONS).map(({ ancestors, a: ga, b: gb }) => {
    let half = false;
    if (ancestors.length === 1 && ga >= 1 && gb >= 1) {
      const familiesA = new Set(kinLinesDown(ancestors[0], up, ga).map((c) => kin.birth[c]));
      half = !kinLinesDown(ancestors[0], down, gb).some((c) => familiesA.has(kin.birth[c]));
    }
    const path = kinDescent(ancestors, up, ga).reverse().concat(ancestors, kinDescent(ancestors, down, gb));
    return { term: kinTerm(ga, gb, half, people[b].gender), generationsUpFromA: ga, generationsDownToB: gb, half,
             commonAncestors: ancestors, path };
  });
  return answer;
}

function kinName(k) {
  return people[k].name.replace(/^[ \t]+|[ \t]+$/g, "") || people[k].id;
}

/// The sentences of `familychart relate`'s text output.
function kinSentences(a, b, answer) {
  const nameA = kinName(a), nameB = kinName(b);
  if (answer.relationships.length > 0) {
    const lines = answer.relationships.map((r) => `${nameB} is ${nameA}'s ${r.term} (common ancestor${r.commonAncestors.length === 1 ? "" : "s"}: `
      + r.commonAncestors.map(kinName).join(" and ") + ")");
    if (answer.omitted > 0) {
      lines.push(`and ${answer.omitted} more relationship${answer.omitted === 1 ? "" : "s"} (only the nearest ${MAX_RELATIONS} are listed)`);
    }
    return lines;
  }
  const steps = answer.marriagePath;
  if (steps.length === 0) return ["no blood relationship found, and no path through parents, children and partners joins them"];
  const chain = steps.slice(0, -1).map((s) => s.link);
  const of = chain.length === 0 ? nameA : `${nameA}'s ` + chain.join("'s ");
  return ["no blood relationship found", `${nameB} is the ${steps[steps.length - 1].link} of ${of}`];
}

/// `familyChart.relate(a, b)`: what b is to a (ids, `I52` or `@I52@`) — `term` (the
/// nearest relationship's words, or "no blood relationship found"), `path` (ids from
/// a through the nearest common ancestors, or along the marriage path, to b), and
/// the whole answer as `familychart relate --format json` gives it, with its
/// `sentences`; null for an unknown id, the same person twice, or a page made
/// without its family.
function relateIds(aId, bId) {
  const bare = (id) => (String(id).length > 2 && /^@.*@$/.test(id) ? String(id).slice(1, -1) : String(id));
  const a = people.findIndex((p) => p.id === bare(aId)), b = people.findIndex((p) => p.id === bare(bId));
  if (!kin || a < 0 || b < 0 || a === b) return null;
  return kinAnswer(a, b);
}

function kinAnswer(a, b) {
  const answer = kinRelate(a, b);
  const id = (k) => people[k].id;
  const relationships = answer.relationships.map((r) => ({ ...r, commonAncestors: r.commonAncestors.map(id), path: r.path.map(id) }));
  const marriagePath = answer.marriagePath.map((s) => ({ from: id(s.from), to: id(s.to), link: s.link }));
  const path = relationships.length > 0 ? relationships[0].path
    : answer.marriagePath.length > 0 ? [id(a)].concat(marriagePath.map((s) => s.to)) : [];
  return {
    term: relationships.length > 0 ? relationships[0].term : "no blood relationship found",
    path, a: id(a), b: id(b), relationships, truncated: answer.omitted > 0, marriagePath,
    sentences: kinSentences(a, b, answer),
  };
}

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

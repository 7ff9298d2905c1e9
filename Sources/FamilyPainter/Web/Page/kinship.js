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

/// The first child of c (born to one of c's families, or to `only`) on a shortest line
/// down to the person `up` was measured from, `generation` generations below c
/// (Kinship.firstLineDown).
function kinFirstLineDown(c, up, generation, only) {
  for (const f of only === undefined ? kin.unions[c] : [only]) {
    for (const child of kin.families[f][1]) {
      if (up.distance.get(child) === generation - 1 && kin.birth[child] === f) return child;
    }
  }
  return undefined;
}

const KIN_PAIRED = 8;  // KinshipLine.childrenPaired
/// c's children toward the person `up` was measured from, shortest first, at most
/// KIN_PAIRED; c itself at length 0 (KinshipLine.children).
function kinSides(c, up, only) {
  if (up.distance.get(c) === 0) return [{ child: undefined, length: 0 }];
  const sides = [], seen = new Set();
  for (const f of only === undefined ? kin.unions[c] : [only]) {
    for (const child of kin.families[f][1]) {
      if (kin.birth[child] !== f || !up.distance.has(child) || seen.has(child)) continue;
      seen.add(child);
      sides.push({ child, length: up.distance.get(child) + 1, index: sides.length });
    }
  }
  sides.sort((x, y) => x.length - y.length || x.index - y.index);
  return sides.slice(0, KIN_PAIRED);
}

/// From a side's child down to the person: the first child on a shortest line at each step.
function kinDescent(side, up) {
  if (side.child === undefined) return [];
  const line = [side.child];
  let current = side.child;
  for (let g = side.length - 1; g > 0; g--) {
    current = kinFirstLineDown(current, up, g);  // its distance is g: a child at g − 1 exists
    line.push(current);
  }
  return line;
}

/// c's line of relationship (KinshipLine.best): the shortest pair of its children whose
/// lines down share nobody and do not both pass another common ancestor.
function kinLine(c, up, down, common, only) {
  const sidesA = kinSides(c, up, only), sidesB = kinSides(c, down, only);
  const pairs = [];
  sidesA.forEach((x, i) => sidesB.forEach((y, j) => {
    if (x.child !== undefined && x.child === y.child) return;
    const split = x.child !== undefined && y.child !== undefined && kin.birth[x.child] !== kin.birth[y.child];
    pairs.push({ total: x.length + y.length, split: split ? 1 : 0, i, j });
  }));
  pairs.sort((p, q) => p.total - q.total || p.split - q.split || p.i - q.i || p.j - q.j);
  for (const pair of pairs) {
    const towardA = kinDescent(sidesA[pair.i], up), towardB = kinDescent(sidesB[pair.j], down);
    const onA = new Set(towardA);
    if (towardB.some((p) => onA.has(p))) continue;
    const meets = (line) => line.slice(0, -1).some((p) => common.has(p));
    if (meets(towardA) && meets(towardB)) continue;
    return { a: sidesA[pair.i].length, b: sidesB[pair.j].length, towardA, towardB };
  }
  return null;
}

/// How the persons on a line belong to the families climbed (KinshipLine.link): "step",
/// else "adopted", else "foster"; "birth" when all are by birth.
const KIN_LINKS = ["birth", "adopted", "foster", "step"];
function kinLink(persons) {
  const kinds = new Set(persons.map((p) => (kin.via ? kin.via[p] : 0)));
  for (const k of [3, 1, 2]) if (kinds.has(k)) return KIN_LINKS[k];
  return "birth";
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
  const commonList = down.order.filter((p) => up.distance.has(p));
  const answer = { relationships: [], omitted: 0, marriagePath: [] };
  if (commonList.length === 0) {
    answer.marriagePath = kinMarriagePath(a, b);
    return answer;
  }
  const common = new Set(commonList), lines = new Map();
  for (const c of commonList) {
    const line = kinLine(c, up, down, common);
    if (line) lines.set(c, line);
  }
  const withLines = [...lines.keys()].sort((x, y) => kin.order[x] - kin.order[y]);
  const grouped = new Set(), found = [];
  for (const c of withLines) {
    if (grouped.has(c)) continue;
    grouped.add(c);
    let ancestors = [c], line = lines.get(c);
    couple: for (const f of kin.unions[c]) {
      const partners = kin.families[f][0];
      for (const p of partners) {
        if (p === c || !lines.has(p) || grouped.has(p) || lines.get(p).a !== line.a || lines.get(p).b !== line.b) continue;
        // A couple when both partners' lines are alike and go through their own family.
        const own = kinLine(c, up, down, common, f);
        if (!own || own.a !== line.a || own.b !== line.b) continue;
        grouped.add(p);
        ancestors = partners;
        line = own;
        break couple;
      }
    }
    found.push({ ancestors, line });
  }
  found.sort((x, y) => (x.line.a + x.line.b) - (y.line.a + y.line.b) || Math.min(x.line.a, x.line.b) - Math.min(y.line.a, y.line.b)
    || kin.order[x.ancestors[0]] - kin.order[y.ancestors[0]]);
  answer.omitted = Math.max(0, found.length - MAX_RELATIONS);
  answer.relationships = found.slice(0, MAX_RELATIONS).map(({ ancestors, line }) => {
    const split = line.towardA.length > 0 && line.towardB.length > 0 && kin.birth[line.towardA[0]] !== kin.birth[line.towardB[0]];
    const by = kinLink(line.towardA.concat(line.towardB));
    const half = ancestors.length === 1 && split && by === "birth";
    const path = line.towardA.slice().reverse().concat(ancestors, line.towardB);
    return { term: kinTerm(line.a, line.b, half, people[b].gender, by), generationsUpFromA: line.a, generationsDownToB: line.b, half, by,
             commonAncestors: ancestors, path };
  });
  return answer;
}

function kinName(k) {
  return people[k].name.replace(/^[ \t]+|[ \t]+$/g, "") || people[k].id;
}

const KIN_WORDED_LINKS = 4;  // Kinship.wordedLinks
/// The relationships, those with the same words (neither half nor lineal) together at
/// the place of the first (Kinship.grouped).
function kinGrouped(relationships) {
  const groups = [], index = new Map();
  for (const r of relationships) {
    const collateral = r.generationsUpFromA > 0 && r.generationsDownToB > 0 && !r.half;
    if (collateral && index.has(r.term)) { groups[index.get(r.term)].push(r); continue; }
    if (collateral) index.set(r.term, groups.length);
    groups.push([r]);
  }
  return groups;
}
/// "double first cousin", "triple …", "quadruple …", "5-fold …" (Kinship.multiple).
function kinMultiple(count, term) {
  return count === 1 ? term : count === 2 ? "double " + term : count === 3 ? "triple " + term
    : count === 4 ? "quadruple " + term : `${count}-fold ${term}`;
}

/// The sentences of `familychart relate`'s text output.
function kinSentences(a, b, answer) {
  const nameA = kinName(a), nameB = kinName(b);
  if (answer.relationships.length > 0) {
    const lines = kinGrouped(answer.relationships).map((group) => {
      const one = group.length === 1 && group[0].commonAncestors.length === 1;
      return `${nameB} is ${nameA}'s ${kinMultiple(group.length, group[0].term)} (common ancestor${one ? "" : "s"}: `
        + group.map((r) => r.commonAncestors.map(kinName).join(" and ")).join("; ") + ")";
    });
    if (answer.omitted > 0) {
      lines.push(`and ${answer.omitted} more relationship${answer.omitted === 1 ? "" : "s"} (only the nearest ${MAX_RELATIONS} are listed)`);
    }
    return lines;
  }
  const steps = answer.marriagePath;
  if (steps.length === 0) return ["no blood relationship found, and no path through parents, children and partners joins them"];
  if (steps.length > KIN_WORDED_LINKS) {
    return [`no blood relationship found; the nearest connection runs through ${steps.length} links of parents, children and partners`];
  }
  const chain = steps.slice(0, -1).map((s) => s.link);
  const of = chain.length === 0 ? nameA : `${nameA}'s ` + chain.join("'s ");
  return [`no blood relationship found; ${nameB} is the ${steps[steps.length - 1].link} of ${of}`];
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

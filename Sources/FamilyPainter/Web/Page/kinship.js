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
/// Complexity: O(children of c's families) (Kinship.linesDown).
function kinLinesDown(c, up, generation, only) {
  const children = [], seen = new Set();
  for (const f of only === undefined ? kin.unions[c] : [only]) {
    for (const child of kin.families[f][1]) {
      if (up.distance.get(child) === generation - 1 && kin.birth[child] === f && !seen.has(child)) {
        seen.add(child);
        children.push(child);
      }
    }
  }
  return children;
}

/// The first of kinLinesDown's children, found without listing the rest (Kinship.firstLineDown).
function kinFirstLineDown(c, up, generation, only) {
  for (const f of only === undefined ? kin.unions[c] : [only]) {
    for (const child of kin.families[f][1]) {
      if (up.distance.get(child) === generation - 1 && kin.birth[child] === f) return child;
    }
  }
  return undefined;
}

/// The persons below `ancestors` down to the measured person: the first child on a
/// nearest line at each step; below a couple, a child of the couple's own family.
/// Complexity: O(the children of the persons on the line).
function kinDescent(ancestors, up, generation) {
  if (generation === 0) return [];
  const line = [];
  let current = ancestors[0];
  if (ancestors.length === 2) {
    const f = kin.unions[current].find((u) => kin.families[u][0].length === 2
      && kin.families[u][0][0] === ancestors[0] && kin.families[u][0][1] === ancestors[1]);
    const child = f === undefined ? undefined : kinFirstLineDown(current, up, generation, f);
    if (child !== undefined) { line.push(child); current = child; }
  }
  for (let g = generation - line.length; g > 0; g--) {
    current = kinFirstLineDown(current, up, g);  // its distance is g: a child at g − 1 exists
    line.push(current);
  }
  return line;
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

"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { load } = require("./load.js");

/// The page's kinship rules (kinship.js) over `kin` data as KinshipData writes it, with
/// `people` as the page's chart data has them.
function relater(people, kin) {
  const document = { getElementById: (id) => (id === "kinship-data" ? { textContent: JSON.stringify(kin) } : null) };
  return load(["kinship-words.js", "kinship.js"], { document, people });
}

/// scripts/hostile_inputs.py's wide pedigree: one parent (0) with `width` children (a power
/// of two) who pair up, their children in pairs, … down to one person A; B is one more
/// child of the parent. Returns the page's people and kin data, and A's and B's positions.
function widePedigree(width) {
  const people = [{ id: "C", name: "Root", gender: "male" }, { id: "B", name: "Other", gender: "female" }];
  const kin = { order: [0, 1], birth: [-1, 0], unions: [[0], []], families: [[[0], [1]]] };
  const add = (id, gender, birth) => {
    people.push({ id, name: id, gender });
    kin.order.push(kin.order.length);
    kin.birth.push(birth);
    kin.unions.push([]);
    return people.length - 1;
  };
  let row = [];
  for (let i = 0; i < width; i++) {
    const t = add("T" + i, i % 2 ? "female" : "male", 0);
    kin.families[0][1].push(t);
    row.push(t);
  }
  while (row.length > 1) {
    const below = [];
    for (let i = 0; i + 1 < row.length; i += 2) {
      const f = kin.families.length;
      kin.families.push([[row[i], row[i + 1]], []]);
      kin.unions[row[i]].push(f);
      kin.unions[row[i + 1]].push(f);
      const child = add("P" + f, below.length % 2 ? "female" : "male", f);
      kin.families[f][1].push(child);
      below.push(child);
    }
    row = below;
  }
  return { people, kin, a: row[0], b: 1 };
}

test("the wide pedigree's answer is the command's", () => {
  const { people, kin, a, b } = widePedigree(1024);
  const run = relater(people, kin);
  const answer = JSON.parse(run(`JSON.stringify(kinAnswer(${a}, ${b}))`));
  assert.equal(answer.term, "9th great-aunt");  // 11 up from A to the parent, 1 down to B
  assert.deepEqual(answer.path.slice(-3), ["T0", "C", "B"]);
  assert.equal(answer.path.length, 13);
});

/// Elements looked at by list searches and lookups in the page's context while `expression`
/// runs: Array includes/indexOf/find/findIndex/some count the elements they pass, Map and
/// Set lookups one each. No clock: the work itself, counted.
function work(run, expression) {
  run(`globalThis.__work = 0;
    for (const name of ["includes", "indexOf", "find", "findIndex", "some"]) {
      const original = Array.prototype[name];
      Array.prototype[name] = function (...rest) { globalThis.__work += this.length; return original.apply(this, rest); };
    }
    for (const [type, names] of [[Map, ["get", "has"]], [Set, ["has"]]]) for (const name of names) {
      const original = type.prototype[name];
      type.prototype[name] = function (...rest) { globalThis.__work += 1; return original.apply(this, rest); };
    }`);
  run(expression);
  return run("globalThis.__work");
}

test("relating on a wide pedigree costs work in proportion to its size (issue 49, R8)", () => {
  const counts = [2048, 4096, 8192].map((width) => {
    const { people, kin, a, b } = widePedigree(width);
    return work(relater(people, kin), `kinAnswer(${a}, ${b})`);
  });
  // Before: each child on the line searched the list of those found (children.includes),
  // about width²/2 elements: ×4 per doubling.
  for (let k = 1; k < counts.length; k++) {
    assert.ok(counts[k] / counts[k - 1] < 2.3, `work ${counts.join(" → ")}: ×${(counts[k] / counts[k - 1]).toFixed(2)} for twice the persons`);
  }
});

/// Two brothers married two sisters; a third child of the brothers' parents is adopted.
function doubleCousins() {
  const people = ["G1", "G2", "H1", "H2", "Brother1", "Brother2", "Sister1", "Sister2", "A", "B", "Adopted"]
    .map((id, k) => ({ id, name: id, gender: [0, 2, 4, 5, 8, 10].includes(k) ? "male" : "female" }));
  const kin = {
    order: people.map((_, k) => k),
    birth: [-1, -1, -1, -1, 0, 0, 1, 1, 2, 3, 0],
    unions: [[0], [0], [1], [1], [2], [3], [2], [3], [], [], []],
    families: [[[0, 1], [4, 5, 10]], [[2, 3], [6, 7]], [[4, 6], [8]], [[5, 7], [9]]],
    via: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
  };
  return relater(people, kin);
}

test("double first cousins are one sentence, each line kept (issue 51)", () => {
  const run = doubleCousins();
  const answer = JSON.parse(run("JSON.stringify(kinAnswer(8, 9))"));
  assert.deepEqual(answer.relationships.map((r) => r.term), ["first cousin", "first cousin"]);
  assert.deepEqual(answer.sentences, ["B is A's double first cousin (common ancestors: G1 and G2; H1 and H2)"]);
  const adopted = JSON.parse(run("JSON.stringify(kinAnswer(4, 10))"));
  assert.equal(adopted.term, "adopted brother");
  assert.equal(adopted.relationships[0].by, "adopted");
  assert.equal(JSON.parse(run("JSON.stringify(kinAnswer(8, 10))")).term, "uncle by adoption");
});

"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { load } = require("./load.js");

const run = load("own-layout.js");
// A family as parents and children lists; every box 100 × 40 unless said.
run(`
  var parents = {}, children = {};
  function family(child, father, mother) {
    parents[child] = [father, mother].filter((p) => p !== undefined);
    for (const p of parents[child]) (children[p] ||= []).push(child);
  }
  function relatives(k, side) { return (side === "up" ? parents[k] : children[k]) || []; }
  function size(k) { return k === 99 ? [200, 60] : [100, 40]; }
  function layout(focus, kind, generations, toggled) {
    return JSON.stringify(ownLayout(focus, kind, generations, relatives, size, new Map(toggled || [])));
  }
`);
const call = (expression) => JSON.parse(run(expression));
// A full pedigree of 0: 1, 2 its parents, 3, 4 of 1, 5, 6 of 2, 7…14 above.
run(`family(0, 1, 2); family(1, 3, 4); family(2, 5, 6); family(3, 7, 8); family(4, 9, 10); family(5, 11, 12); family(6, 13, 14);`);

function overlaps(nodes) {
  for (const a of nodes) for (const b of nodes) {
    if (a === b) continue;
    if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) return [a.k, b.k];
  }
  return null;
}
const centre = (n) => n.x + n.width / 2;
const byPerson = (nodes) => new Map(nodes.map((n) => [n.k, n]));

test("ancestors: one row per generation, the focus at the bottom, parents centred over their child", () => {
  const chart = call(`layout(0, "ancestors", 3)`);
  assert.deepEqual(chart.nodes.map((n) => n.k), [0, 1, 2, 3, 4, 5, 6]);
  const at = byPerson(chart.nodes);
  const rows = [...new Set(chart.nodes.map((n) => n.y))].sort((a, b) => b - a);
  assert.equal(rows.length, 3);
  assert.deepEqual(chart.nodes.map((n) => rows.indexOf(n.y)), [0, 1, 1, 2, 2, 2, 2]);
  for (const [child, a, b] of [[0, 1, 2], [1, 3, 4], [2, 5, 6]]) {
    assert.equal((centre(at.get(a)) + centre(at.get(b))) / 2, centre(at.get(child)));
    assert.ok(at.get(a).x < at.get(b).x, "father left of mother");
  }
  assert.equal(overlaps(chart.nodes), null);
  assert.equal(chart.lines.length, 6);
  assert.deepEqual(chart.lines.map((l) => [l.child, l.parent]), [[0, 1], [0, 2], [1, 3], [1, 4], [2, 5], [2, 6]]);
  // Whose branch goes on: the grandparents (closed at the limit), and the focus and parents (open).
  assert.deepEqual(chart.toggles.map((t) => [t.k, t.open]), [[0, true], [1, true], [2, true], [3, false], [4, false], [5, false], [6, false]]);
  // Everything inside the chart's size.
  for (const n of chart.nodes) assert.ok(n.x >= 0 && n.y >= 0 && n.x + n.width <= chart.width && n.y + n.height <= chart.height);
});

test("the generation limit and a person's branch opened or closed", () => {
  assert.deepEqual(call(`layout(0, "ancestors", 2)`).nodes.map((n) => n.k), [0, 1, 2]);
  assert.deepEqual(call(`layout(0, "ancestors", 4)`).nodes.length, 15);
  assert.deepEqual(call(`layout(0, "ancestors", 2, [["up:2", true]])`).nodes.map((n) => n.k), [0, 1, 2, 5, 6]);
  assert.deepEqual(call(`layout(0, "ancestors", 4, [["up:1", false]])`).nodes.map((n) => n.k), [0, 1, 2, 5, 6, 11, 12, 13, 14]);
});

test("an uneven pedigree packs close: a lone line of ancestors does not push its neighbours away", () => {
  run(`family(20, 21, 22); family(21, 23); family(23, 24); family(22, 25, 26);`);
  const chart = call(`layout(20, "ancestors", 6)`);
  assert.equal(overlaps(chart.nodes), null);
  const at = byPerson(chart.nodes);
  assert.equal(at.get(22).x - (at.get(21).x + 100) <= 16 + 100, true);  // parents near each other
  assert.equal(centre(at.get(23)), centre(at.get(21)));  // a lone parent right over the child
});

test("descendants: each person centred over their children, no overlaps, rows downwards", () => {
  run(`family(31, 30); family(32, 30); family(33, 30); family(34, 31); family(35, 31); family(36, 33); family(37, 36); family(38, 36);`);
  const chart = call(`layout(30, "descendants", 6)`);
  assert.equal(overlaps(chart.nodes), null);
  const at = byPerson(chart.nodes);
  assert.equal(centre(at.get(30)), (centre(at.get(31)) + centre(at.get(33))) / 2);
  assert.equal(centre(at.get(31)), (centre(at.get(34)) + centre(at.get(35))) / 2);
  assert.ok(at.get(34).y > at.get(31).y && at.get(31).y > at.get(30).y);
  assert.deepEqual(chart.lines.find((l) => l.child === 37), { d: chart.lines.find((l) => l.child === 37).d, child: 37, parent: 36 });
});

test("hourglass: ancestors above and descendants below the focus, both centred on it", () => {
  run(`family(40, 41, 42); family(43, 40); family(44, 40);`);
  const chart = call(`layout(40, "hourglass", 4)`);
  const at = byPerson(chart.nodes);
  assert.ok(at.get(41).y < at.get(40).y && at.get(43).y > at.get(40).y);
  assert.equal(centre(at.get(40)), (centre(at.get(41)) + centre(at.get(42))) / 2);
  assert.equal(centre(at.get(40)), (centre(at.get(43)) + centre(at.get(44))) / 2);
  assert.equal(overlaps(chart.nodes), null);
});

test("boxes of different sizes stand on their row and do not overlap", () => {
  run(`family(50, 99, 51); family(99, 52, 53);`);
  const chart = call(`layout(50, "ancestors", 4)`);
  const at = byPerson(chart.nodes);
  assert.equal(overlaps(chart.nodes), null);
  assert.equal(at.get(99).y + 60, at.get(51).y + 40);  // bottoms in line
});

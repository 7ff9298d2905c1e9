"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { load } = require("./load.js");

const run = load("view-fit.js");
const call = (expression) => JSON.parse(run(`JSON.stringify(${expression})`));
const close = (actual, expected) => actual.forEach((v, i) => assert.ok(Math.abs(v - expected[i]) < 1e-9, `${actual} ≠ ${expected}`));

test("a wedge's bounds take in the arcs' ends and the points due east, south, west or north it passes", () => {
  // Centre (100, 100), radii 10 to 20. A quarter from east to south (y runs down).
  close(call("wedgeBounds([100, 100, 10, 20, 0, 90, 0], 0)"), [100, 100, 20, 20]);
  // From 45° to 135°: it passes due south at the outer radius.
  const h = 20 * Math.SQRT1_2, i = 10 * Math.SQRT1_2;
  close(call("wedgeBounds([100, 100, 10, 20, 45, 135, 0], 0)"), [100 - h, 100 + i, 2 * h, 20 - i]);
  // A whole disc (the centre of a 360° fan), and a wedge past 360°.
  close(call("wedgeBounds([0, 0, 0, 30, -90, 270, 0], 0)"), [-30, -30, 60, 60]);
  close(call("wedgeBounds([0, 0, 10, 20, 350, 370, 0], 0)"), [10 * Math.cos(10 * Math.PI / 180), -20 * Math.sin(10 * Math.PI / 180),
    20 - 10 * Math.cos(10 * Math.PI / 180), 40 * Math.sin(10 * Math.PI / 180)]);
  // The second wedge of a list.
  close(call("wedgeBounds([0, 0, 0, 1, 0, 1, 0, 100, 100, 10, 20, 0, 90, 1], 7)"), [100, 100, 20, 20]);
});

test("the scale that fits, and the offset that centres", () => {
  const area = "{ left: 0, top: 50, right: 400, bottom: 350 }";
  assert.equal(call(`fittingScale([0, 0, 200, 100], ${area}, 4, 0)`), 2);
  assert.equal(call(`fittingScale([0, 0, 200, 100], ${area}, 1.5, 0)`), 1.5);
  assert.equal(call(`fittingScale([0, 0, 1000, 100], ${area}, 4, 24)`), 0.376);
  assert.deepEqual(call(`centredOffset([100, 100, 300, 200], ${area}, 2)`), [-200, -100]);
  assert.deepEqual(call("extentOf([[0, 0, 10, 10], [-5, 20, 10, 10]])"), [-5, 0, 10, 30]);
});

test("a run of places shown as long as it stays readable", () => {
  // Boxes 100 wide, 200 apart, in a 424-pixel area with 24 to spare: at scale 1 or more the
  // first two fit (300 wide), three would need 500.
  const places = "[[0, 0, 100, 40], [200, 0, 100, 40], [400, 0, 100, 40], [600, 0, 100, 40]]";
  const area = "{ left: 0, top: 0, right: 424, bottom: 400 }";
  assert.deepEqual(call(`fitRun(${places}, ${area}, 1, 1.5, 24)`), { count: 2, extent: [0, 0, 300, 40], scale: 400 / 300 });
  assert.deepEqual(call(`fitRun(${places}, ${area}, 0.5, 1.5, 24)`), { count: 4, extent: [0, 0, 700, 40], scale: 400 / 700 });
  // The first always counts, at the least scale when even it does not fit.
  assert.deepEqual(call(`fitRun([[0, 0, 1000, 40]], ${area}, 1, 1.5, 24)`), { count: 1, extent: [0, 0, 1000, 40], scale: 1 });
  assert.deepEqual(call(`nearestRect([[0, 0, 1, 1], [90, 90, 1, 1], [40, 40, 1, 1]], [100, 100, 1, 1])`), [90, 90, 1, 1]);
});

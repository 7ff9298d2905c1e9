"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { load } = require("./load.js");

const run = load(["fold.js", "search-query.js"]);
const call = (expression) => JSON.parse(run(`JSON.stringify(${expression})`));

test("years and spans of years are told from words", () => {
  assert.deepEqual(call(`parseQuery("john 1917")`), { words: ["john"], years: [[1917, 1917]] });
  assert.deepEqual(call(`parseQuery("henry 1490–1500")`), { words: ["henry"], years: [[1490, 1500]] });
  assert.deepEqual(call(`parseQuery("henry 1500 - 1490")`), { words: ["henry"], years: [[1490, 1500]] });
  assert.deepEqual(call(`parseQuery("anna garcia 19")`), { words: ["anna", "garcia", "19"], years: [] });
  assert.deepEqual(call(`parseQuery("p10193")`), { words: ["p10193"], years: [] });
  assert.deepEqual(call(`parseQuery(fold("  Kennedy  1917 "))`), { words: ["kennedy"], years: [[1917, 1917]] });
});

test("a person's years: of birth and death, else the box's line", () => {
  assert.deepEqual(call(`lifeYears({ born: 19170529, died: 19631122, detail: "1917–1963" })`), [1917, 1963]);
  assert.deepEqual(call(`lifeYears({ born: 19260421 })`), [1926]);
  assert.deepEqual(call(`lifeYears({ detail: "b. 1491" })`), [1491]);
  assert.deepEqual(call(`lifeYears({ detail: "age 30" })`), []);
});

test("every span must hold a year", () => {
  assert.equal(call("yearsMatch([1917, 1963], [[1917, 1917]])"), true);
  assert.equal(call("yearsMatch([1917, 1963], [[1960, 1970]])"), true);
  assert.equal(call("yearsMatch([1917, 1963], [[1917, 1917], [1963, 1963]])"), true);
  assert.equal(call("yearsMatch([1917, 1963], [[1918, 1962]])"), false);
  assert.equal(call("yearsMatch([], [[1917, 1917]])"), false);
});

"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { load } = require("./load.js");

const run = load("kinship-words.js");
const term = (a, b, half, gender) => run(`kinTerm(${a}, ${b}, ${half}, ${JSON.stringify(gender)})`);

test("lines up and down", () => {
  assert.equal(term(0, 1, false, "male"), "son");
  assert.equal(term(0, 2, false, "female"), "granddaughter");
  assert.equal(term(3, 0, false, "unknown"), "great-grandparent");
  assert.equal(term(4, 0, false, "male"), "great-great-grandfather");
  assert.equal(term(0, 5, false, "female"), "3rd great-granddaughter");
  assert.equal(term(13, 0, false, "male"), "11th great-grandfather");
});

test("siblings, aunts and nephews, half or whole", () => {
  assert.equal(term(1, 1, false, "female"), "sister");
  assert.equal(term(1, 1, true, "male"), "half-brother");
  assert.equal(term(2, 1, false, "male"), "uncle");
  assert.equal(term(1, 3, true, "female"), "half-great-niece");
  assert.equal(term(15, 1, false, "male"), "13th great-uncle");
});

test("cousins, removed", () => {
  assert.equal(term(2, 2, false, "male"), "first cousin");
  assert.equal(term(3, 2, false, "female"), "first cousin once removed");
  assert.equal(term(3, 3, true, "male"), "half second cousin");
  assert.equal(term(28, 26, false, "male"), "25th cousin twice removed");
  assert.equal(term(2, 16, false, "unknown"), "first cousin 14 times removed");
});

test("every ordinal has its suffix", () => {
  const suffixes = [[1, "st"], [2, "nd"], [3, "rd"], [4, "th"], [11, "th"], [12, "th"], [13, "th"], [21, "st"], [102, "nd"], [111, "th"]];
  for (const [n, suffix] of suffixes) assert.equal(run(`ordinalDigits(${n})`), n + suffix);
});

test("adoption, fostering and step links say so (issue 51)", () => {
  const by = (a, b, gender, link) => run(`kinTerm(${a}, ${b}, false, ${JSON.stringify(gender)}, ${JSON.stringify(link)})`);
  assert.equal(by(1, 1, "male", "adopted"), "adopted brother");
  assert.equal(by(1, 1, "female", "foster"), "foster sister");
  assert.equal(by(1, 1, "male", "step"), "stepbrother");
  assert.equal(by(1, 0, "male", "adopted"), "adoptive father");
  assert.equal(by(0, 1, "female", "step"), "stepdaughter");
  assert.equal(by(2, 2, "male", "adopted"), "first cousin by adoption");
  assert.equal(by(1, 2, "male", "step"), "step-nephew");
  assert.equal(run(`kinTerm(1, 1, true, "male", "adopted")`), "adopted brother", "an adopted sibling is not a half-sibling");
});

"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { load } = require("./load.js");

const run = load("fold.js");
const fold = (text) => run(`fold(${JSON.stringify(text)})`);

test("case and marks do not matter", () => {
  assert.equal(fold("Müller"), "muller");
  assert.equal(fold("Élodie ÅNGSTRÖM"), "elodie angstrom");
  assert.equal(fold("Zoë"), "zoe");
});

test("letters that are not a base letter with marks fold as a reader types them", () => {
  assert.equal(fold("Łódź"), "lodz");
  assert.equal(fold("Sørensen"), "sorensen");
  assert.equal(fold("Straße"), "strasse");
  assert.equal(fold("Yılmaz"), "yilmaz");
  assert.equal(fold("Ærwin"), "aerwin");
  assert.equal(fold("Þórr Óðinsson"), "thorr odinsson");
});

test("other scripts keep their letters", () => {
  assert.equal(fold("王小明"), "王小明");
  assert.equal(fold("Меншиков"), "меншиков");
  assert.equal(fold("Ὀδυσσεύς"), "οδυσσευσ");
});

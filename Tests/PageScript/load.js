// Loads pure files of the page's script (Sources/FamilyPainter/Web/Page) into one fresh
// JavaScript context, as the page joins them (in strict mode), and returns a function that
// evaluates an expression there: `const run = load("fold.js"); run("fold('Łódź')")`;
// several files as a list, with the page's globals they read: `load(["a.js", "b.js"], { people })`.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");

const folder = path.join(__dirname, "..", "..", "Sources", "FamilyPainter", "Web", "Page");

/// `globals`: what the files read from the page (e.g. `document`, `people`), when not pure.
function load(files, globals = {}) {
  if (typeof files === "string") files = [files];
  const context = vm.createContext({ ...globals });
  for (const file of files) {
    vm.runInContext('"use strict";\n' + fs.readFileSync(path.join(folder, file), "utf8"), context, { filename: file });
  }
  return (expression) => vm.runInContext(expression, context);
}

module.exports = { load, folder };

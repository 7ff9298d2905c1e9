const searchInput = document.getElementById("search");
const resultBox = document.getElementById("result-box");
const resultList = document.getElementById("results");
const resultCount = document.getElementById("result-count");
const keys = people.map((p) => fold(p.name + "\u0001" + (p.second || "") + "\u0001" + p.id + (p.married ? "\u0001" + p.married : "")));
const foldedIds = people.map((p) => fold(p.id));
const PAGE = 50;
let results = [];
let listed = 0;
let active = 0;

/// The keys with every run of other characters than letters and digits as one space
/// (and one in front), to find word starts: made at the first search.
let spacedKeys = null;
function startWords(k, words) {
  spacedKeys ??= keys.map((key) => " " + key.replace(/[^\p{L}\p{N}]+/gu, " "));
  for (const w of words) if (!spacedKeys[k].includes(" " + w)) return false;
  return true;
}

/// Each person's years of birth and death, made at the first search by year.
let searchYears = null;

/// Everybody matching `query`, best first: an id equal to it, then those whose name (second
/// name, id or married name) holds every word and whose years hold every year of it.
function find(query) {
  const q = fold(query.trim());
  if (!q) return [];
  const { words, years: spans } = parseQuery(q);
  if (spans.length > 0) searchYears ??= people.map(lifeYears);
  const found = [];
  search: for (let k = 0; k < people.length; k++) {
    if (foldedIds[k] === q) { found.push([0, k]); continue; }
    const key = keys[k];
    for (const w of words) if (!key.includes(w)) continue search;
    if (spans.length > 0 && !yearsMatch(searchYears[k], spans)) continue;
    const rank = startWords(k, words) ? 1 : 2;
    found.push([rank, k]);
  }
  found.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return found.map((f) => f[1]);
}

function showResults(list) {
  results = list;
  active = 0;
  listed = 0;
  resultList.replaceChildren();
  if (!searchInput.value.trim()) {
    hideResults();
    return;
  }
  resultCount.textContent = list.length === 0 ? "Nobody found" : list.length === 1 ? "1 found" : list.length + " found";
  more();
  resultBox.hidden = false;
  searchInput.setAttribute("aria-expanded", "true");
  markActive();
}

function hideResults() {
  resultBox.hidden = true;
  searchInput.setAttribute("aria-expanded", "false");
  searchInput.removeAttribute("aria-activedescendant");
}

/// The next 50 results, and below them an option that lists the next 50 after those.
function more() {
  resultList.querySelector(".more")?.remove();
  const end = Math.min(results.length, listed + PAGE);
  for (let i = listed; i < end; i++) {
    const k = results[i];
    const li = document.createElement("li");
    li.setAttribute("role", "option");
    li.id = "result-" + i;
    li.append(isolated(people[k].name));
    if (people[k].second) li.append(labelled("second", people[k].second));
    if (people[k].detail) li.append(labelled("dates", people[k].detail));
    li.append(labelled("id", people[k].id));
    li.addEventListener("pointerdown", (event) => event.preventDefault());
    li.addEventListener("click", () => { chooseResult(i); });
    resultList.append(li);
  }
  listed = end;
  if (listed < results.length) {
    const li = document.createElement("li");
    li.setAttribute("role", "option");
    li.id = "result-more";
    li.className = "more";
    li.textContent = `Show ${Math.min(PAGE, results.length - listed)} more (${listed} of ${results.length} shown)`;
    li.addEventListener("pointerdown", (event) => event.preventDefault());
    li.addEventListener("click", () => { active = listed; more(); markActive(); });
    resultList.append(li);
  }
}

function labelled(className, text) {
  const span = document.createElement("span");
  span.className = className;
  span.append(isolated(text));
  return span;
}

/// Text in a <bdi>, so a right-to-left name or a stray bidi control cannot
/// reorder what stands around it.
function isolated(text) {
  const bdi = document.createElement("bdi");
  bdi.textContent = text;
  return bdi;
}

function markActive() {
  [...resultList.children].forEach((li, i) => li.setAttribute("aria-selected", String(i === active)));
  const li = resultList.children[active];
  if (li) {
    searchInput.setAttribute("aria-activedescendant", li.id);
    li.scrollIntoView({ block: "nearest" });
  } else {
    searchInput.removeAttribute("aria-activedescendant");
  }
}

function chooseResult(i) {
  if (i === listed && listed < results.length) {  // "show more"
    more();
    markActive();
    return;
  }
  if (i < 0 || i >= results.length) return;
  choose(results[i], true);
  hideResults();
}

searchInput.addEventListener("input", () => showResults(find(searchInput.value)));
searchInput.addEventListener("keydown", (event) => {
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    event.preventDefault();
    const count = resultList.children.length;
    if (count === 0) return;
    active = (active + (event.key === "ArrowDown" ? 1 : count - 1)) % count;
    markActive();
  } else if (event.key === "Enter") {
    event.preventDefault();
    if (resultBox.hidden) showResults(find(searchInput.value));
    chooseResult(active);
  }
});
searchInput.addEventListener("blur", () => setTimeout(hideResults, 150));
searchInput.addEventListener("focus", () => { if (searchInput.value.trim()) showResults(find(searchInput.value)); });

const panel = document.getElementById("details");
const announcer = document.getElementById("announce");
let selected = -1;

/// Selects person `k` and records it in the hash, so that history has it (the hash
/// change that follows finds them selected already); `fly` glides there. Nobody
/// (k outside the people) is no choice: false.
function choose(k, fly) {
  if (!(k >= 0 && k < people.length)) return false;
  if (relatePicked(k)) return true;  // the second person of "Relate to…"
  select(k, fly);
  const hash = own ? ownHash(k) : "#" + encodeURIComponent(people[k].id);  // in a person's own chart, its hash too
  if (location.hash !== hash) location.hash = hash;
  return true;
}

function personFromHash() {
  if (location.hash.startsWith("#chart=")) return ownFromHash()?.person ?? -1;
  if (location.hash.length < 2) return -1;
  let id;
  try { id = decodeURIComponent(location.hash.slice(1)); } catch { return -1; }
  return personIndex.get(id) ?? -1;
}

function select(k, fly) {
  for (const b of selected >= 0 ? boxesOf[selected] : []) group(b).classList.remove("selected");
  for (const g of svg.querySelectorAll("g.wedge-person.selected")) g.classList.remove("selected");
  selected = k;
  if (k < 0) {
    panel.hidden = true;
    highlightPeople(null);
    if (!frame) frame = requestAnimationFrame(draw);
    return;
  }
  for (const b of boxesOf[k]) group(b).classList.add("selected");
  // A fan's person: their wedges (the first, and any repeat) are marked instead.
  for (const g of svg.querySelectorAll("g.wedge-person")) {
    if (g.dataset.id !== people[k].id) continue;
    g.classList.add("selected");
    g.parentNode.appendChild(g);  // over its neighbours, whose edges it shares
  }
  fill(people[k]);
  panel.hidden = false;
  highlightPeople(selectionLineage(k));
  announcer.textContent = people[k].name + (people[k].detail ? ", " + people[k].detail : "");
  const place = placesOf(k)[0];  // the own box, or a fan's person's first wedge
  if (place) { if (fly) flyTo(place); else bringIntoView(place); }
  if (!frame) frame = requestAnimationFrame(draw);
}

function primaryBox(k) {
  return boxesOf[k].find((b) => !isReference[b]) ?? boxesOf[k][0];
}

function closeDetails() {
  if (selected < 0) return;
  const inside = panel.contains(document.activeElement);
  history.pushState(null, "", own ? ownHash(-1) : location.pathname + location.search);
  select(-1, false);
  if (inside || document.activeElement === document.body) viewport.focus();  // never lost to the page
}

function fill(person) {
  document.getElementById("detail-name").replaceChildren(isolated(person.name));
  setText("detail-second", person.second);
  setText("detail-dates", person.detail);
  document.getElementById("detail-id").replaceChildren(isolated(person.id));
  const link = document.getElementById("detail-link");
  link.hidden = !person.url;
  if (person.url) link.href = person.url;
  const photo = document.getElementById("detail-photo");
  const use = boxesOf[selected].length > 0 ? group(primaryBox(selected)).querySelector("use.photo") : null;  // a wedge has no photo
  const image = use && svg.getElementById(use.getAttribute("href").slice(1));
  photo.hidden = !image;
  if (image) photo.src = image.getAttribute("href");
  facts(person.facts, person.detail, person.partnerNames);
  const notes = document.getElementById("detail-notes");
  notes.replaceChildren(...(person.notes || []).map((text) => {
    const p = document.createElement("p");
    p.append(isolated(text));
    return p;
  }));
  notes.hidden = !person.notes;
  setText("detail-sources", person.sources ? person.sources + (person.sources === 1 ? " source cited" : " sources cited") : "");
  list("detail-parents", person.parents);
  list("detail-partners", person.partners);
  list("detail-children", person.children);
  list("detail-siblings", siblings(selected));
}

/// The person's events and facts, in order of date: what, with whom or what value,
/// when, where; not a fact that only repeats the line under the name ("age 62").
/// A partner off the chart is named once per person (`names`; a fact's `withName` is
/// its place there), not once per fact.
function facts(items, said, names) {
  const ol = document.getElementById("detail-facts");
  ol.replaceChildren();
  for (const fact of items || []) {
    const bare = !fact.date && !fact.place && fact.with === undefined && fact.withName === undefined;
    if (bare && said && (fact.what + " " + (fact.value || "")).trim().toLowerCase() === said.toLowerCase()) continue;
    const li = document.createElement("li");
    const what = document.createElement("span");
    what.className = "what";
    what.textContent = fact.what;
    li.append(what);
    if (fact.value) li.append(" ", isolated(fact.value));
    if (fact.with !== undefined) li.append(" ", personButton(fact.with));
    else if (fact.withName !== undefined && names) li.append(" ", isolated(names[fact.withName]));
    if (fact.date || fact.place) {
      const when = document.createElement("span");
      when.className = "when";
      if (fact.date) when.append(isolated(fact.date));
      if (fact.date && fact.place) when.append(", ");
      if (fact.place) when.append(isolated(fact.place));
      li.append(when);
    }
    ol.append(li);
  }
  ol.hidden = ol.childElementCount === 0;
}

/// The other children of the person's parents, by date of birth (the chart's order where it is not known).
function siblings(k) {
  const seen = new Set([k]), found = [];
  for (const p of people[k].parents || []) {
    for (const c of people[p].children || []) if (!seen.has(c)) { seen.add(c); found.push(c); }
  }
  const born = (c) => people[c].born ?? Infinity;
  return found.sort((a, b) => (born(a) === born(b) ? 0 : born(a) < born(b) ? -1 : 1) || a - b);
}

function setText(id, text) {
  const element = document.getElementById(id);
  element.replaceChildren(text ? isolated(text) : "");
  element.hidden = !text;
}

/// A relative's name as a button that selects them and glides there; the keyboard's
/// focus moves to the new name, so it is never lost when the panel is rebuilt.
function personButton(k) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "person-link";
  button.append(isolated(people[k].name));
  button.addEventListener("click", () => {
    choose(k, true);
    document.getElementById("detail-name").focus();
  });
  return button;
}

/// Relatives as buttons, each with their dates.
function list(sectionId, members) {
  const ul = document.querySelector(`#${sectionId} ul`);
  ul.replaceChildren();
  for (const k of members || []) {
    const li = document.createElement("li");
    const bullet = document.createElement("span");
    bullet.className = "bullet";
    bullet.setAttribute("aria-hidden", "true");
    bullet.textContent = "•";
    const text = document.createElement("span");
    text.append(personButton(k));
    if (people[k].detail) text.append(" ", labelled("dates", people[k].detail));
    li.append(bullet, text);
    ul.append(li);
  }
}

document.getElementById("close-details").addEventListener("click", closeDetails);
// Back, Forward, or a link to another person of the page.
window.addEventListener("hashchange", () => {
  ownFollowHash();
  const k = personFromHash();
  if (k !== selected) select(k, true);
});

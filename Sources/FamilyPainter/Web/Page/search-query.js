// What a search asks (pure): its words, and its years.

/// The folded query's words to find in names, and its years as spans [from, to]: a word of
/// three or four digits is a year ("1917"), two joined by a dash a span ("1490–1500",
/// "1490 - 1500").
function parseQuery(folded) {
  const words = [], years = [];
  for (const w of folded.replace(/(\d)\s*[-–—]\s*(\d)/g, "$1-$2").split(/\s+/)) {
    if (!w) continue;
    const m = /^(\d{3,4})(?:-(\d{3,4}))?$/.exec(w);
    if (m) {
      const a = Number(m[1]), b = Number(m[2] ?? m[1]);
      years.push([Math.min(a, b), Math.max(a, b)]);
    } else {
      words.push(w);
    }
  }
  return { words, years };
}

/// A person's years for the search: of birth and death (`born`, `died`: yyyymmdd), else the
/// years their box's line shows ("1917–1963", "b. 1926").
function lifeYears(person) {
  const years = [];
  for (const date of [person.born, person.died]) if (typeof date === "number") years.push(Math.floor(date / 10000));
  if (years.length === 0 && person.detail) for (const m of person.detail.matchAll(/\d{3,4}/g)) years.push(Number(m[0]));
  return years;
}

/// Whether every span of `spans` holds one of `years`.
function yearsMatch(years, spans) {
  return spans.every(([from, to]) => years.some((y) => y >= from && y <= to));
}

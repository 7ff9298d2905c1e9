/// Letters that are not a base letter with marks, as a reader would type them.
const LETTERS = { "ł": "l", "ø": "o", "ß": "ss", "ẞ": "ss", "ı": "i", "æ": "ae", "œ": "oe", "þ": "th", "ð": "d", "đ": "d",
                  "ħ": "h", "ŀ": "l", "ŉ": "n", "ŋ": "ng", "ĸ": "k", "ſ": "s", "ƒ": "f", "ς": "σ" };
const fold = (text) => {
  const folded = text.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase();
  return /^[\x00-\x7f]*$/.test(folded) ? folded : folded.replace(/[łøßẞıæœþðđħŀŉŋĸſƒς]/g, (c) => LETTERS[c]);
};

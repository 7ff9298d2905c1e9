function ordinalDigits(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return n + (teen ? "th" : ["th", "st", "nd", "rd"][n % 10] || "th");
}
const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth"];
const TIMES = ["once", "twice", "three times", "four times", "five times", "six times", "seven times", "eight times",
               "nine times", "ten times", "eleven times", "twelve times"];

/// What b is to a in words (KinshipTerm.english), `by` a line's link ("birth",
/// "adopted", "foster", "step").
function kinTerm(a, b, half, gender, by) {
  const term = kinBloodTerm(a, b, half && (by || "birth") === "birth", gender);
  if (by === "adopted") return b === 0 ? "adoptive " + term : a <= 1 ? "adopted " + term : term + " by adoption";
  if (by === "foster") return a <= 1 || b === 0 ? "foster " + term : term + " by fostering";
  if (by === "step") return a <= 1 && b <= 1 ? "step" + term : "step-" + term;
  return term;
}

function kinBloodTerm(a, b, half, gender) {
  const word = (male, female, neutral) => (gender === "male" ? male : gender === "female" ? female : neutral);
  const lineal = (n, base) => n === 1 ? base : n === 2 ? "grand" + base : n === 3 ? "great-grand" + base
    : n === 4 ? "great-great-grand" + base : ordinalDigits(n - 2) + " great-grand" + base;
  const collateral = (n, base) => {
    const term = n === 2 ? base : n === 3 ? "great-" + base : n === 4 ? "great-great-" + base : ordinalDigits(n - 2) + " great-" + base;
    return half ? "half-" + term : term;
  };
  if (a === 0) return lineal(b, word("son", "daughter", "child"));
  if (b === 0) return lineal(a, word("father", "mother", "parent"));
  if (a === 1 && b === 1) return (half ? "half-" : "") + word("brother", "sister", "sibling");
  if (a === 1) return collateral(b, word("nephew", "niece", "nephew or niece"));
  if (b === 1) return collateral(a, word("uncle", "aunt", "uncle or aunt"));
  const degree = Math.min(a, b) - 1, removed = Math.abs(a - b);
  let term = (ORDINALS[degree - 1] || ordinalDigits(degree)) + " cousin";
  if (removed > 0) term += " " + (TIMES[removed - 1] || removed + " times") + " removed";
  return half ? "half " + term : term;
}

/// The English words for what B is to A, given the generations from A up to their
/// nearest common ancestor (`up`, a) and from there down to B (`down`, b), whether the
/// lines meet in one person only (`half`), and B's gender (male → the first word, female →
/// the second, unknown → the neutral one), and how the line's persons belong to their
/// families (`by`: "adopted brother", "adoptive father", "stepson", "foster sister", "first
/// cousin by adoption", "step-nephew"). The rules are in docs/using.md's `relate` section;
/// the page's script (`Sources/FamilyPainter/Web/Page/kinship-words.js`) writes the same words.
public enum KinshipTerm {
    public static func english(up a: Int, down b: Int, half: Bool, by link: ChildLink = .birth, gender: Gender) -> String {
        let term = english(up: a, down: b, half: half && link == .birth, gender: gender)
        switch link {
        case .birth: return term
        case .adopted:
            if b == 0 { return "adoptive " + term }
            return a <= 1 ? "adopted " + term : term + " by adoption"
        case .foster:
            return a <= 1 || b == 0 ? "foster " + term : term + " by fostering"
        case .step:
            return a <= 1 && b <= 1 ? "step" + term : "step-" + term
        }
    }

    static func english(up a: Int, down b: Int, half: Bool, gender: Gender) -> String {
        precondition(a >= 0 && b >= 0 && a + b > 0, "a relationship spans at least one generation")
        func word(_ male: String, _ female: String, _ neutral: String) -> String {
            switch gender {
            case .male: return male
            case .female: return female
            case .unknown: return neutral
            }
        }
        /// "grand…", "great-grand…", "great-great-grand…", "3rd great-grand…" for n = 2, 3, 4, 5…
        func lineal(_ n: Int, _ base: String) -> String {
            switch n {
            case 1: return base
            case 2: return "grand" + base
            case 3: return "great-grand" + base
            case 4: return "great-great-grand" + base
            default: return ordinalDigits(n - 2) + " great-grand" + base
            }
        }
        /// "…", "great-…", "great-great-…", "3rd great-…" for n = 2, 3, 4, 5…
        func collateral(_ n: Int, _ base: String) -> String {
            let term: String
            switch n {
            case 2: term = base
            case 3: term = "great-" + base
            case 4: term = "great-great-" + base
            default: term = ordinalDigits(n - 2) + " great-" + base
            }
            return half ? "half-" + term : term
        }
        if a == 0 { return lineal(b, word("son", "daughter", "child")) }
        if b == 0 { return lineal(a, word("father", "mother", "parent")) }
        if a == 1 && b == 1 { return (half ? "half-" : "") + word("brother", "sister", "sibling") }
        if a == 1 { return collateral(b, word("nephew", "niece", "nephew or niece")) }
        if b == 1 { return collateral(a, word("uncle", "aunt", "uncle or aunt")) }
        let removed = abs(a - b)
        var term = ordinalWord(min(a, b) - 1) + " cousin"
        if removed > 0 { term += " " + timesWord(removed) + " removed" }
        return half ? "half " + term : term
    }

    /// "first" … "twelfth", then "13th", "21st"…
    static func ordinalWord(_ n: Int) -> String {
        let words = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth"]
        return n >= 1 && n <= words.count ? words[n - 1] : ordinalDigits(n)
    }

    /// "once", "twice", "three times" … "twelve times", then "13 times".
    static func timesWord(_ n: Int) -> String {
        let words = ["once", "twice", "three times", "four times", "five times", "six times", "seven times", "eight times",
                     "nine times", "ten times", "eleven times", "twelve times"]
        return n >= 1 && n <= words.count ? words[n - 1] : "\(n) times"
    }

    /// "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "102nd".
    static func ordinalDigits(_ n: Int) -> String {
        let suffix: String
        switch (n % 10, n % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }
}

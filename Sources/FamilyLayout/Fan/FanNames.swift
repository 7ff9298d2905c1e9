import FamilyModel

/// What a fan cell can say about its person, and the forms to try from the richest to the
/// barest: the given names and the surname on lines of their own with the life years
/// under them; then the whole name on one line; then the first given name with the
/// surname; then the given names as initials; then without the years; then the surname
/// alone. Where the file marks no surname and the last word was taken for one (royalty:
/// "Louise Caroline Alberta"), the short form is the first given name ("Louise", never
/// "Alberta" or "L. C. Alberta"). The surname is never shortened. A mark (a repeated person's
/// "= 12") takes the years' place and is never left out. `FanChart` keeps the forms
/// chosen in one ring unique (`nameKey`).
struct FanLabelContent {
    var given: String?
    var surname: String
    var years: String?
    var mark: String?
    /// The surname was guessed from the name's words (no surname marked in the file).
    var surnameIsGuessed = false

    init(given: String?, surname: String, years: String?, mark: String?, surnameIsGuessed: Bool = false) {
        self.given = given.flatMap { $0.isEmpty ? nil : $0 }
        self.surname = surname
        self.years = years
        self.mark = mark
        self.surnameIsGuessed = surnameIsGuessed
    }

    /// The person's name split into given names and the rest (the surname with any
    /// suffix), as the input marks it (GEDCOM) or, unmarked, at the surname's first word
    /// (`NameAbbreviation`'s rule: a particle, else the last word).
    init(person: Person, years: String?, mark: String?) {
        let name = person.name
        var given: String?
        var surname = name
        var guessed = false
        if let span = person.nameParts?.surname, !span.isEmpty {
            let (before, _, _) = span.split(name)
            let rest = name.unicodeScalars.dropFirst(before.unicodeScalars.count)
            given = before.trimmingCharacters(in: " ")
            surname = String(String.UnicodeScalarView(rest)).trimmingCharacters(in: " ")
        } else {
            // No surname marked (seed JSON, or royalty: "Magdalena Augusta of Anhalt-Zerbst"):
            // lines break before a particle, else before the last word.
            let words = name.split(separator: " ")
            if words.count > 1 {
                let particle = words.dropFirst().firstIndex { GivenNameInitials.particles.contains(String($0)) }
                // The last word is a surname only after another name ("Charles II", "Philip I the Handsome" stay whole).
                let last = words.count - 1
                let split = particle ?? (Self.isName(words[last]) && Self.isName(words[last - 1]) ? last : nil)
                if let split {
                    given = words[..<split].joined(separator: " ")
                    surname = words[split...].joined(separator: " ")
                    guessed = particle == nil
                }
            }
        }
        if surname.isEmpty, let g = given { surname = g; given = nil }
        self.init(given: given, surname: surname, years: years, mark: mark, surnameIsGuessed: guessed)
    }

    /// A capitalised word with small letters: "Anna", "McDonald", "Saxe-Coburg" (not "II", "the").
    static func isName(_ word: Substring) -> Bool {
        guard let first = word.first, first.isUppercase else { return false }
        return word.contains(where: \.isLowercase) && word.allSatisfy { $0.isLetter || $0 == "-" || $0 == "'" || $0 == "’" }
    }

    /// The forms to try, richest first; each a list of lines.
    var forms: [[String]] {
        var names: [[String]] = []
        if let given {
            names.append([given, surname])
            names.append([given + " " + surname])
            let first = Self.firstGivenName(given)
            if surnameIsGuessed {
                // No surname in the file ("Leopold George Duncan"): the last word is a given
                // name too, and "Leopold Duncan" or "Duncan" alone would read as a surname.
                names.append(first.map { [$0] } ?? [surname])
                // Told apart from another of that first name: "Victoria A. O."
                if let first {
                    let rest = GivenNameInitials.shorten(Substring(String(given.dropFirst(first.count)) + " " + surname))
                    if !rest.isEmpty { names.append([first + " " + rest]) }
                }
                return Self.withTail(names, mark: mark, years: years)
            }
            if let first, first != given {
                names.append([first, surname])
                names.append([first + " " + surname])
            }
            let short = GivenNameInitials.shorten(Substring(given))
            if short != given {
                names.append([short, surname])
                names.append([short + " " + surname])
            }
        }
        names.append([surname])
        return Self.withTail(names, mark: mark, years: years)
    }

    /// Each name form with the years or mark under it, then without the years (a mark is
    /// never left out), then the mark alone.
    static func withTail(_ names: [[String]], mark: String?, years: String?) -> [[String]] {
        let tail = mark ?? years
        var forms: [[String]] = []
        if let tail { forms += names.map { $0 + [tail] } }
        if mark == nil || tail == nil { forms += names }
        if let mark { forms.append([mark]) }
        return forms
    }
}

extension FanLabelContent {
    /// The given names up to the first one that is a name (titles before it kept):
    /// "Anastasia Nikolaevna" → "Anastasia", "Sir Thomas More" → "Sir Thomas".
    static func firstGivenName(_ given: String) -> String? {
        var kept: [Substring] = []
        for word in given.split(separator: " ") {
            kept.append(word)
            if isName(word) && !GivenNameInitials.isTitle(word) { return kept.joined(separator: " ") }
        }
        return nil
    }

    /// What a form says of the person's name, without the years or mark: labels in one ring
    /// must not say the same.
    func nameKey(of form: [String]) -> String {
        let tail = mark ?? years
        return (form.last == tail && tail != nil ? form.dropLast() : form[...]).joined(separator: " ")
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        var s = self[...]
        while s.first == set { s = s.dropFirst() }
        while s.last == set { s = s.dropLast() }
        return String(s)
    }
}

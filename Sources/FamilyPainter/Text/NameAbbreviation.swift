import FamilyModel

/// Shortens names that do not fit a box, the way genealogists write them: the given
/// names to initials (`GivenNameInitials`), never the surname, a particle, a title or a suffix.
public enum NameAbbreviation {
    /// "Johann Sebastian Bach" → "J. S. Bach" for a name whose parts the input did not
    /// mark (seed JSON): the given names are guessed as the words before the surname,
    /// which starts at a particle ("von", "de"…), else is the word before a lowercase
    /// suffix ("… Montgomery the Third"), else is the last word. Words that are not
    /// capitalised names ("VIII", "2nd") stay whole. Nil when nothing changes (one word,
    /// or no spaces as in 王小明).
    public static func abbreviatingGivenNames(_ name: String) -> String? {
        let words = name.split(separator: " ")
        guard words.count > 1 else { return nil }
        let surname: Int
        if let p = words.firstIndex(where: { $0.first?.isLowercase == true }) {
            surname = GivenNameInitials.particles.contains(String(words[p])) ? p : max(0, p - 1)
        } else {
            surname = words.count - 1
        }
        guard surname > 0 else { return nil }
        let given = words[..<surname].joined(separator: " ")
        let text = ([GivenNameInitials.shorten(Substring(given))] + words[surname...].map(String.init)).joined(separator: " ")
        return text == name ? nil : text
    }

    /// The name with the given names at `given` (as the input marks them: GEDCOM's part
    /// before the slashes) shortened to initials and everything else kept as it is:
    /// "Наталья Николаевна Гончарова (Пушкина, Ланская)" → "Н. Н. Гончарова (Пушкина, Ланская)".
    /// Nil when nothing changes.
    public static func abbreviatingGivenNames(_ name: String, given: NameSpan) -> String? {
        let (before, inside, after) = given.split(name)
        let short = GivenNameInitials.shorten(inside)
        guard short != inside else { return nil }
        return before + short + after
    }
}

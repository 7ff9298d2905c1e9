/// Shortens names that do not fit a box, the way genealogists write them.
public enum NameAbbreviation {
    /// Words that start a surname ("Maximiliana von Sachsen"): the given names end before them.
    private static let particles: Set<String> = ["von", "van", "vom", "zu", "de", "del", "della", "der", "den", "du", "da",
                                                 "das", "di", "dos", "le", "la", "ter", "ten", "y", "bin", "ibn", "al", "of"]

    /// "Johann Sebastian Bach" → "J. S. Bach": the given names cut to their initials. The
    /// given names are the words before the surname, which starts at a particle ("von",
    /// "de"…), else is the word before a lowercase suffix ("… Montgomery the Third"), else
    /// the last word. Words that are not capitalised names ("VIII", "2nd") stay whole. Nil
    /// when nothing changes (one word, or no spaces as in 王小明).
    public static func abbreviatingGivenNames(_ name: String) -> String? {
        let words = name.split(separator: " ").map(String.init)
        guard words.count > 1 else { return nil }
        let surname: Int
        if let p = words.firstIndex(where: { $0.first?.isLowercase == true }) {
            surname = Self.particles.contains(words[p]) ? p : max(0, p - 1)
        } else {
            surname = words.count - 1
        }
        var result = words
        for k in 0..<surname {
            let word = words[k]
            guard let first = word.first, first.isUppercase, word.dropFirst().contains(where: \.isLowercase) else { continue }
            result[k] = String(first) + "."
        }
        let text = result.joined(separator: " ")
        return text == name ? nil : text
    }
}

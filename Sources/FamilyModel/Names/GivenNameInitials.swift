/// Shortens given names to initials the way genealogists write them: "Johann Sebastian"
/// → "J. S.", "Jean-Pierre" → "J.-P.". Only capitalised words are shortened: a title
/// ("Sir", "Dr."), a word with a full stop, a numeral ("VIII", "3rd"), a nickname in
/// quotes and a particle stay whole, and after a particle ("Uthman Ibn Affan") nothing
/// more is shortened: the particle starts a patronymic or a surname.
public enum GivenNameInitials {
    /// Words that start a surname or patronymic: the given names end before them.
    public static let particles: Set<String> = ["von", "van", "vom", "zu", "de", "del", "della", "der", "den", "du", "da",
                                                "das", "di", "dos", "le", "la", "ter", "ten", "y", "bin", "ibn", "bint", "ben",
                                                "bat", "al", "el", "of", "mac", "ap", "ferch"]

    /// Titles that stay whole in front of the given names.
    static let titles: Set<String> = ["sir", "lord", "lady", "dame", "king", "queen", "prince", "princess", "saint", "st",
                                      "dr", "mr", "mrs", "ms", "miss", "rev", "fr", "capt", "col", "gen", "prof", "emperor",
                                      "empress", "duke", "duchess", "count", "countess", "baron", "baroness", "tsar", "czar"]

    /// Whether `word` is a title that stays whole ("Sir", "Princess").
    public static func isTitle(_ word: Substring) -> Bool { titles.contains(word.lowercased()) }

    /// `given` with each capitalised given name cut to its initial; words joined by single
    /// spaces as they are in `given`.
    public static func shorten(_ given: Substring) -> String {
        var result = ""
        result.reserveCapacity(given.utf8.count)
        var keepRest = false
        var first = true
        for word in given.split(separator: " ", omittingEmptySubsequences: true) {
            if !result.isEmpty { result += " " }
            if !first, particles.contains(word.lowercased()) { keepRest = true }
            first = false
            result += keepRest ? String(word) : initials(of: word)
        }
        return result
    }

    /// "Johann" → "J.", "Jean-Pierre" → "J.-P."; anything that is no capitalised name is kept.
    static func initials(of word: Substring) -> String {
        guard !word.hasSuffix("."), !titles.contains(word.lowercased()) else { return String(word) }
        let pieces = word.split(separator: "-", omittingEmptySubsequences: false)
        guard pieces.allSatisfy(isCapitalisedName) else { return String(word) }
        return pieces.map { String($0.first!) + "." }.joined(separator: "-")
    }

    /// An upper-case letter followed by letters some of which are lower case ("Anna", "McDonald", not "VIII").
    private static func isCapitalisedName(_ word: Substring) -> Bool {
        guard let first = word.first, first.isUppercase, word.count > 1 else { return false }
        return word.dropFirst().contains(where: \.isLowercase) && word.allSatisfy { $0.isLetter || $0 == "'" || $0 == "’" }
    }
}

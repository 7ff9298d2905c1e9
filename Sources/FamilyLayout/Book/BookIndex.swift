import FamilyModel

/// One line of a book's index of names.
public struct BookIndexEntry: Equatable, Sendable {
    /// The person's scene id.
    public var id: String
    /// Surname first where the name has one ("Windsor, Elizabeth"); else the name as drawn.
    public var heading: String
    /// Birth–death years, as the boxes say them.
    public var years: String?
    /// The page of the person's own box.
    public var page: Int
    /// Every page that shows the person by name (their box, references, tags), ascending.
    public var pages: [Int]
    /// The letter the entry is filed under ("W"; a non-Latin name's first character).
    public var letter: String
}

/// The index of a book: every person of the chart once, by surname then given names
/// (`NameCollation`), with every page they appear on.
public enum BookIndex {
    /// - Complexity: O(n log n) for n boxes and tags.
    public static func entries(book: Book, scene: Scene, graph: FamilyGraph? = nil) -> [BookIndexEntry] {
        var person: [String: Person] = [:]
        if let graph { for p in graph.persons { person[p.id] = person[p.id] ?? p } }
        var pages: [String: Set<Int>] = [:]
        for page in book.pages {
            for box in page.scene.persons where !box.isReference { pages[box.id, default: []].insert(page.number) }
            for link in page.links where link.isNamed { for id in link.persons { pages[id, default: []].insert(page.number) } }
        }
        var entries: [(surname: String, given: String, entry: BookIndexEntry)] = []
        var seen = Set<String>()
        for (b, box) in scene.persons.enumerated() where !box.isReference && seen.insert(box.id).inserted {
            let (surname, given) = parts(of: box, person: person[box.id])
            let heading = surname.isEmpty || given.isEmpty || !isLatin(surname) ? (person[box.id]?.name ?? box.name) : "\(surname), \(given)"
            let years = person[box.id]?.lifeYears
            let first = (surname.isEmpty ? given : surname).first.map { String($0).uppercased() } ?? "?"
            let letter = NameCollation.key(first).first.map { $0 < 0x1000 ? String(UnicodeScalar(UInt8($0 - 0x20))) : first } ?? first
            entries.append((surname, given, BookIndexEntry(id: box.id, heading: heading, years: years, page: book.pageOfBox[b],
                                                           pages: (pages[box.id] ?? [book.pageOfBox[b]]).sorted(), letter: letter)))
        }
        // Keys made once: surname, given names, then years and id break ties.
        let keys = entries.map { e in
            (NameCollation.key(e.surname), e.surname.unicodeScalars.map(\.value), NameCollation.key(e.given),
             e.given.unicodeScalars.map(\.value))
        }
        let order = entries.indices.sorted { i, j in
            let (a, b) = (keys[i], keys[j])
            if a.0 != b.0 { return a.0.lexicographicallyPrecedes(b.0) }
            if a.1 != b.1 { return a.1.lexicographicallyPrecedes(b.1) }
            if a.2 != b.2 { return a.2.lexicographicallyPrecedes(b.2) }
            if a.3 != b.3 { return a.3.lexicographicallyPrecedes(b.3) }
            return (entries[i].entry.years ?? "", entries[i].entry.id) < (entries[j].entry.years ?? "", entries[j].entry.id)
        }
        return order.map { entries[$0].entry }
    }

    /// The surname and the given names of a box: from the input's marks (GEDCOM), else the
    /// last word of a Latin name, or the first character of a CJK one.
    static func parts(of box: PersonBox, person: Person?) -> (surname: String, given: String) {
        let name = person?.name ?? box.name
        if let parts = person?.nameParts, let span = parts.surname, !span.isEmpty {
            let surname = String(span.text(in: name)).trimmingSpaces
            let given = parts.given.map { String($0.text(in: name)).trimmingSpaces } ?? String(span.split(name).before).trimmingSpaces
            return (surname, given)
        }
        var words = name.split(separator: " ").map(String.init)
        if let first = name.unicodeScalars.first, first.value >= 0x2E80 {
            // East Asian names put the family name first: its own word, or its first character.
            if words.count > 1 { return (words[0], words.dropFirst().joined(separator: " ")) }
            return name.unicodeScalars.count > 1 ? (String(first), String(name.unicodeScalars.dropFirst())) : ("", name)
        }
        // Suffixes are not surnames ("Jr.", "III", "the Third"); a particle starts one ("von Sachsen").
        var suffix: [String] = []
        while words.count > 1, let last = words.last, suffixes.contains(last.lowercased().trimmingCharacters(".,")) {
            suffix.insert(words.removeLast(), at: 0)
            if words.count > 1, words.last == "the" { suffix.insert(words.removeLast(), at: 0) }
        }
        guard words.count > 1 else { return ("", name) }
        var start = words.count - 1
        while start > 1, particles.contains(words[start - 1].lowercased()) { start -= 1 }
        if let particle = words.indices.dropFirst().first(where: { particles.contains(words[$0].lowercased()) && $0 < start }) { start = particle }
        return (words[start...].joined(separator: " "), (Array(words[..<start]) + suffix).joined(separator: " "))
    }

    static let suffixes: Set<String> = ["jr", "sr", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "2nd", "3rd", "junior", "senior",
                                        "first", "second", "third", "fourth", "fifth", "elder", "younger", "great"]
    static let particles: Set<String> = ["von", "van", "de", "der", "den", "du", "da", "di", "del", "della", "la", "le", "zu", "ten", "ter",
                                         "bin", "bint", "ibn", "ben", "bat", "mac", "af", "av", "dos", "das"]

    private static func isLatin(_ text: String) -> Bool {
        text.unicodeScalars.first.map { $0.value < 0x250 } ?? true
    }
}

extension String {
    fileprivate func trimmingCharacters(_ set: String) -> String {
        var s = Substring(self)
        while let c = s.last, set.contains(c) { s.removeLast() }
        return String(s)
    }

    fileprivate var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}

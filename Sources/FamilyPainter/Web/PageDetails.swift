import FamilyModel

/// What the interactive page's details panel tells about each person beyond the chart:
/// their events and facts in order of date with places (GEDCOM's birth, baptism, death,
/// burial, occupation, education, marriages…; for seed JSON the birth and death years and
/// the age), their notes and how many sources the file cites, and the dates that order
/// their relatives (birth, and the marriage with each partner). Taken from the graph by
/// person id; the page shows what it holds for the people in its chart.
public struct PageDetails: Sendable {
    public struct Fact: Sendable, Equatable {
        /// What happened, in words: "Born", "Occupation", "Married".
        public var what: String
        /// The value ("Senator"), the date in words ("29 May 1917"), the place.
        public var value: String?
        public var date: String?
        public var place: String?
        /// For a couple's event: the other partner's id and name.
        public var partner: String?
        public var partnerName: String?
        var key: DateKey?
    }

    public struct Entry: Sendable {
        public var facts: [Fact] = []
        public var notes: [String] = []
        public var sources = 0
        public var born: DateKey?
        /// The date of death, for the search by year.
        public var died: DateKey?
        /// The surnames of a woman's husbands (their partners), for the search by married name.
        public var marriedNames: [String] = []
        /// The date each partner married this person, by partner id.
        public var married: [String: DateKey] = [:]
    }

    public var entries: [String: Entry] = [:]

    public init() {}

    /// - Complexity: O(n + u) for n persons and u unions (and their facts).
    public init(graph: FamilyGraph) {
        entries.reserveCapacity(graph.count)
        for (i, person) in graph.persons.enumerated() {
            var facts = person.facts.map(Self.fact)
            if !person.facts.contains(where: { $0.tag == "BIRT" }), let year = person.birthYear {
                facts.insert(Fact(what: "Born", date: String(year), key: DateKey(year: year)), at: 0)
            }
            if !person.facts.contains(where: { $0.tag == "DEAT" }), let year = person.deathYear {
                facts.append(Fact(what: "Died", date: String(year), key: DateKey(year: year)))
            }
            if let age = person.age, person.deathYear == nil { facts.append(Fact(what: "Age", value: String(age))) }
            var entry = Entry(notes: person.notes, sources: person.sourceCount, born: person.birthDate)
            entry.died = person.facts.first { $0.tag == "DEAT" && $0.dateKey != nil }?.dateKey ?? person.deathYear.map { DateKey(year: $0) }
            for u in graph.unionsOf[i] {
                let union = graph.unions[u]
                let other = union.partners.first { $0 != i }
                let partner = other.map { graph.persons[$0].id }
                if let partner, let date = union.marriageDate { entry.married[partner] = date }
                if person.gender == .female, let other, let surname = Self.surname(of: graph.persons[other]), !entry.marriedNames.contains(surname) {
                    entry.marriedNames.append(surname)
                }
                // A couple's events in the order they happen (a file may list DIV before MARR).
                let order = ["ENGA", "MARB", "MARC", "MARL", "MARS", "MARR", "DIVF", "DIV", "ANUL"]
                for fact in union.facts.sorted(by: { (order.firstIndex(of: $0.tag) ?? 5) < (order.firstIndex(of: $1.tag) ?? 5) }) {
                    var made = Self.fact(fact)
                    made.partner = partner
                    made.partnerName = other.map { graph.persons[$0].name }
                    facts.append(made)
                }
                if union.facts.isEmpty && union.isDivorced {
                    facts.append(Fact(what: "Divorced", partner: partner, partnerName: other.map { graph.persons[$0].name }, key: union.marriageDate))
                }
            }
            // An event with nothing to tell ("1 BIRT" alone) is left out, not shown as a bare "Born".
            entry.facts = Self.inOrder(facts.filter { $0.value?.isEmpty == false || $0.date != nil || $0.place?.isEmpty == false || $0.partnerName != nil })
            entries[person.id] = entry
        }
    }

    /// Facts in order of date: by year; within a year birth first, then baptism, …, death
    /// and burial last (a christening dated only "1917" after a birth on 29 May 1917);
    /// an undated fact keeps its place after the fact it follows in the file.
    static func inOrder(_ facts: [Fact]) -> [Fact] {
        let rank: [String: Int] = ["Born": 0, "Christened": 1, "Baptised": 1, "Blessed": 1, "Died": 8, "Buried": 9, "Cremated": 9, "Probate": 10]
        var borrowed = (key: Int.min, rank: 0)
        let keyed = facts.enumerated().map { index, fact -> (year: Int, rank: Int, key: Int, index: Int) in
            if let key = fact.key { borrowed = (key.value, rank[fact.what] ?? 5) }
            return (borrowed.key == Int.min ? Int.min : borrowed.key / 10_000, borrowed.rank, borrowed.key, index)
        }
        return keyed.sorted { ($0.year, $0.rank, $0.key, $0.index) < ($1.year, $1.rank, $1.key, $1.index) }.map { facts[$0.index] }
    }

    static func fact(_ fact: LifeFact) -> Fact {
        Fact(what: fact.type.map { fact.tag == "EVEN" || fact.tag == "FACT" ? $0 : (words[fact.tag] ?? fact.tag) + " (\($0))" }
                ?? words[fact.tag] ?? fact.tag,
             value: fact.value, date: fact.date.map { DateText.words(gedcom: $0) }.flatMap { $0.isEmpty ? nil : $0 }, place: fact.place,
             key: fact.dateKey)
    }

    /// A person's surname: the name's own (GEDCOM's /Surname/), else its last word.
    static func surname(of person: Person) -> String? {
        if let span = person.nameParts?.surname {
            let text = span.text(in: person.name).split(separator: " ").joined(separator: " ")
            if !text.isEmpty { return text }
        }
        return person.name.split(separator: " ").last.map(String.init)
    }

    /// GEDCOM's event and fact tags in English words.
    static let words: [String: String] = [
        "BIRT": "Born", "CHR": "Christened", "BAPM": "Baptised", "BLES": "Blessed", "ADOP": "Adopted", "CONF": "Confirmed",
        "FCOM": "First communion", "BARM": "Bar mitzvah", "BASM": "Bat mitzvah", "ORDN": "Ordained", "GRAD": "Graduated",
        "EDUC": "Education", "OCCU": "Occupation", "RETI": "Retired", "RESI": "Lived", "EMIG": "Emigrated", "IMMI": "Immigrated",
        "NATU": "Naturalised", "CENS": "Census", "RELI": "Religion", "TITL": "Title", "NATI": "Nationality", "PROP": "Property",
        "DSCR": "Description", "DEAT": "Died", "BURI": "Buried", "CREM": "Cremated", "PROB": "Probate", "WILL": "Will",
        "EVEN": "Event", "FACT": "Fact", "ENGA": "Engaged", "MARB": "Marriage banns", "MARC": "Marriage contract",
        "MARL": "Marriage licence", "MARS": "Marriage settlement", "MARR": "Married", "DIVF": "Divorce filed", "DIV": "Divorced",
        "ANUL": "Annulled"]
}

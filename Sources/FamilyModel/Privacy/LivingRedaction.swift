/// Hides living persons so a chart can be shared publicly.
///
/// Rule: everyone counts as living unless the input records a death (a death date, a
/// `DEAT` record, `"living": false`) or a birth certainly more than `yearsOfLife` (110)
/// years ago. `"living": true` always counts as living. Where the input is vague the
/// person is living: an open range (`AFT 1920`), a phrase-only date, a birth in the
/// future, a death in the future or before the birth (no recorded death); `ABT`, `EST` and `CAL` births
/// count ten years later than written, `BEF` and `BET … AND …` by their latest year. The
/// seed's age gives a birth year (`currentYear − age`). A living person's name becomes
/// `label`, and their id, second name, dates, age, photo, facts, notes and marriages' facts are dropped; gender and
/// family links stay, so the chart keeps its shape.
public struct LivingRedaction: Sendable {
    public var label = "Living"
    /// The year "now" for the rule.
    public var currentYear: Int
    public var yearsOfLife = 110

    public init(currentYear: Int, label: String = "Living") {
        self.currentYear = currentYear
        self.label = label
    }

    /// Which persons count as living.
    /// - Complexity: O(n).
    public func living(in graph: FamilyGraph) -> [Bool] {
        graph.persons.map(isLiving)
    }

    /// Whether `person` counts as living (see the type's rule).
    public func isLiving(_ person: Person) -> Bool {
        if person.isLiving == true { return true }
        if hasRecordedDeath(person) { return false }
        guard let born = latestBirthYear(person), born <= currentYear else { return true }
        return currentYear - born <= yearsOfLife
    }

    /// A death the input records, not one in the future.
    private func hasRecordedDeath(_ person: Person) -> Bool {
        guard person.isLiving == false else { return false }
        if let year = person.deathYear, year > currentYear { return false }
        if let death = person.lifeDates?.death, let earliest = death.earliestYear, earliest > currentYear { return false }
        // A death before the birth (year 0, 1990 for a birth in 2015) is a mistake, or a
        // way to show a living person's name: it counts as unknown (issue 49, R12).
        if let died = person.lifeDates?.death?.latestYear ?? person.deathYear,
           let born = person.lifeDates?.birth?.earliestYear ?? person.birthYear, died < born {
            return false
        }
        return true
    }

    /// The latest year the person can have been born in, or nil when the input does not
    /// bound it (no birth, an open range, a phrase).
    private func latestBirthYear(_ person: Person) -> Int? {
        if let date = person.lifeDates?.birth {
            switch date.qualifier {
            case .after, .phraseOnly: return nil
            case .period where date.end == nil: return nil
            case .about, .estimated, .calculated: return date.latestYear.map { $0 + 10 }
            default: return date.latestYear
            }
        }
        return person.birthYear ?? person.age.map { currentYear - $0 }
    }

    /// The graph with living persons hidden, and how many were.
    public func apply(to graph: FamilyGraph) -> (graph: FamilyGraph, redacted: Int) {
        let living = living(in: graph)
        var persons = graph.persons
        var count = 0
        for i in persons.indices where living[i] {
            count += 1
            var person = Person(id: "living-\(count)", name: label, gender: persons[i].gender, generation: persons[i].generation,
                                indexInGeneration: persons[i].indexInGeneration)
            person.isLiving = true
            persons[i] = person
        }
        // A living person's marriages (dates, places) go with their name.
        let hidden = Set(graph.unions.indices.filter { graph.unions[$0].partners.contains { living[$0] } })
        return (graph.replacingPersons(persons, withoutFacts: hidden), count)
    }
}

/// Hides living persons so a chart can be shared publicly.
///
/// Rule: a person counts as living when the input says so (`"living": true`), or when
/// it records no death (no death date, no `DEAT` record, not `"living": false`) and they
/// were born within the last `yearsOfLife` years (from the birth year, or the seed's age).
/// A person with neither a birth year nor an age nor a death counts as living when one
/// of their partners or children does (someone married to or parent of a living person
/// is likely alive). A living person's name becomes `label`, and their id, second name,
/// dates, age, photo, facts, notes and marriages' facts are dropped; gender and family links stay, so the chart keeps its shape.
public struct LivingRedaction: Sendable {
    public var label = "Living"
    /// The year "now" for the rule.
    public var currentYear: Int
    public var yearsOfLife = 100

    public init(currentYear: Int, label: String = "Living") {
        self.currentYear = currentYear
        self.label = label
    }

    /// Which persons count as living.
    /// - Complexity: O(n + e).
    public func living(in graph: FamilyGraph) -> [Bool] {
        var result = [Bool](repeating: false, count: graph.count)
        var undated: [Int] = []
        for (i, person) in graph.persons.enumerated() {
            if let flag = person.isLiving {
                result[i] = flag
                continue
            }
            if let born = person.birthYear ?? person.age.map({ currentYear - $0 }) {
                result[i] = currentYear - born < yearsOfLife
            } else {
                undated.append(i)
            }
        }
        for i in undated {
            result[i] = graph.unionsOf[i].contains { u in
                let union = graph.unions[u]
                return union.partners.contains { $0 != i && result[$0] } || union.children.contains { result[$0] }
            }
        }
        return result
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

import FamilyModel

/// A family built person by person for kinship tests.
struct KinshipTestFamily {
    var persons: [Person] = []
    var unions: [Union] = []

    @discardableResult
    mutating func person(_ gender: Gender = .male, _ name: String? = nil) -> Int {
        let i = persons.count
        persons.append(Person(id: "P\(i)", name: name ?? "Person \(i)", gender: gender, generation: 0, indexInGeneration: i))
        return i
    }

    /// A family of `partners` with `children` born to it.
    mutating func family(_ partners: [Int], _ children: [Int] = []) {
        unions.append(Union(partners: partners, children: children))
    }

    /// A new child of `partners` (a new family each call).
    mutating func child(of partners: [Int], _ gender: Gender = .male) -> Int {
        let c = person(gender)
        family(partners, [c])
        return c
    }

    /// A line of `length` persons below `top` (each the only child of the one above and an
    /// unrelated partner), the last one of `gender`; `[top]` when `length` is 0.
    mutating func line(below top: Int, length: Int, last gender: Gender = .male) -> [Int] {
        var line = [top]
        for k in 0..<length {
            let partner = person(persons[line.last!].gender == .male ? .female : .male)
            let parents = persons[line.last!].gender == .male ? [line.last!, partner] : [partner, line.last!]
            line.append(child(of: parents, k == length - 1 ? gender : (k % 2 == 0 ? .female : .male)))
        }
        return line
    }

    var graph: FamilyGraph { FamilyGraph(persons: persons, unions: unions, hasFixedGenerations: false) }
}

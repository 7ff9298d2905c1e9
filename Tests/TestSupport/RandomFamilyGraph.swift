import FamilyModel

/// Random whole-family files for invariant tests: founder families, marriages between
/// branches and families (in-laws with parents, cousins), remarriages, single parents,
/// marriages across generations, adopted children in a second family and persons with no
/// family at all. Reproducible for a seed.
public struct RandomFamilyGraph {
    public var persons: Int
    public var seed: UInt64

    public init(persons: Int, seed: UInt64) {
        self.persons = persons
        self.seed = seed
    }

    public func make() -> FamilyGraph {
        var random = SplitMix64(seed: seed)
        var people: [Person] = []
        var unions: [Union] = []
        var generation: [Int] = []
        var parentsOf: [[Int]] = []
        func add(_ g: Int, parents: [Int] = []) -> Int {
            let i = people.count
            var person = Person(id: "P\(i)", name: "Person \(i)", gender: random.next(2) == 0 ? .male : .female, generation: 0,
                                indexInGeneration: i, birthYear: 1800 + 25 * g + random.next(20))
            person.line = i + 1
            people.append(person)
            generation.append(g)
            parentsOf.append(parents)
            return i
        }
        func isAncestor(_ a: Int, of b: Int) -> Bool {
            var stack = parentsOf[b], seen = Set<Int>()
            while let x = stack.popLast() {
                if x == a { return true }
                if seen.insert(x).inserted { stack += parentsOf[x] }
            }
            return false
        }
        for _ in 0..<max(1, persons / 40) { _ = add(0) }
        var g = 0
        while people.count < persons {
            var current = people.indices.filter { generation[$0] == g }
            if current.isEmpty { current = [add(g)] }
            current.shuffle(using: &random)
            var k = 0
            while k < current.count && people.count < persons {
                let a = current[k]
                var partners: [Int] = []
                switch random.next(10) {
                case 0: partners = []  // single parent
                case 1, 2: partners = [add(g)]  // married in, no parents known
                case 3: partners = [add(g), add(g)]  // remarried
                default:
                    if k + 1 < current.count { partners = [current[k + 1]]; k += 1 } else { partners = [add(g)] }
                }
                if random.next(12) == 0, let b = people.indices.first(where: { generation[$0] == g + 1 || generation[$0] == g - 1 }),
                   !isAncestor(a, of: b), !isAncestor(b, of: a), b != a {
                    partners.append(b)  // across generations
                }
                for b in partners {
                    let union = unions.count
                    unions.append(Union(partners: [a, b], children: []))
                    for _ in 0..<random.next(4) where people.count < persons {
                        let child = add(g + 1, parents: [a, b])
                        unions[union].children.append(child)
                        unions[union].childLinks.append(.birth)
                    }
                }
                if partners.isEmpty {
                    let union = unions.count
                    unions.append(Union(partners: [a], children: []))
                    for _ in 0..<(1 + random.next(3)) where people.count < persons {
                        unions[union].children.append(add(g + 1, parents: [a]))
                        unions[union].childLinks.append(.birth)
                    }
                }
                k += 1
            }
            g += 1
            if random.next(3) == 0 {  // an in-law family: parents one generation up, a child who marries in later
                let father = add(g - 1), mother = add(g - 1)
                let child = add(g, parents: [father, mother])
                unions.append(Union(partners: [father, mother], children: [child]))
            }
        }
        // Adoptions: a child also raised in another, earlier family.
        for _ in 0..<(persons / 60) {
            let c = random.next(people.count)
            guard let u = unions.indices.randomElement(using: &random), unions[u].partners.allSatisfy({ $0 < c }),
                  !unions[u].children.contains(c), !unions[u].partners.contains(c) else { continue }
            unions[u].children.append(c)
            unions[u].childLinks.append(.adopted)
        }
        // Persons with no family at all.
        for _ in 0..<(persons / 50) { _ = add(0) }
        return FamilyGraph(persons: people, unions: unions, hasFixedGenerations: false)
    }
}

extension SplitMix64 {
    /// A value in `0..<bound`.
    mutating func next(_ bound: Int) -> Int { Int(below(UInt64(bound))) }
}

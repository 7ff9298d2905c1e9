/// Generates synthetic descendant families of any size, reproducibly: the same
/// `persons`, `seed` and `roots` give the same family on every machine.
///
/// Shape: each person of a generation marries with probability 3/4 (the spouse joins the
/// same generation) and the couple has 0–5 children; a few unmarried persons have a child
/// alone. Growth stops at `persons`; a family that dies out starts a new tree. Names mix
/// Chinese and Latin scripts, with the occasional very long one.
public struct SyntheticFamily {
    public var persons: Int
    public var seed: UInt64
    public var roots: Int

    public init(persons: Int, seed: UInt64 = 1, roots: Int = 1) {
        self.persons = persons
        self.seed = seed
        self.roots = max(1, roots)
    }

    /// A chain of `persons` generations, one person each, every one the child of the one
    /// above: the deepest possible family, for testing that nothing recurses per level.
    public func generateChain() -> FamilyData {
        var random = SplitMix64(seed: seed)
        var generations: [[Person]] = []
        generations.reserveCapacity(persons)
        for g in 0..<persons {
            let children = g + 1 < persons ? ["p\(g + 2)"] : []
            let (name, parts) = Names.pick(&random)
            var person = Person(id: "p\(g + 1)", name: name, gender: random.coin() ? .male : .female, childrenIDs: children, generation: g)
            person.nameParts = parts
            generations.append([person])
        }
        return FamilyData(generations: generations)
    }

    public func generate() -> FamilyData {
        var random = SplitMix64(seed: seed)
        var generations: [[Person]] = []
        var count = 0

        func add(_ generation: Int, gender: Gender, age: Int) -> (Int, Int) {
            count += 1
            while generations.count <= generation { generations.append([]) }
            let (name, parts) = Names.pick(&random)
            var person = Person(id: "p\(count)", name: name, gender: gender, age: age,
                                generation: generation, indexInGeneration: generations[generation].count)
            person.nameParts = parts
            generations[generation].append(person)
            return (generation, generations[generation].count - 1)
        }

        var frontier: [(Int, Int)] = []
        for _ in 0..<min(roots, persons) { frontier.append(add(0, gender: random.coin() ? .male : .female, age: 90)) }
        let childCounts = [0, 1, 1, 2, 2, 2, 3, 3, 4, 5]
        while count < persons {
            if frontier.isEmpty { frontier = [add(0, gender: random.coin() ? .male : .female, age: 90)] }
            var next: [(Int, Int)] = []
            for (g, i) in frontier where count < persons {
                let parent = generations[g][i]
                let childAge = max(1, (parent.age ?? 60) - 28)
                if random.below(4) < 3 {
                    let (sg, si) = add(g, gender: parent.gender == .male ? .female : .male,
                                       age: max(1, (parent.age ?? 60) + Int(random.below(7)) - 3))
                    generations[g][i].coupleID = generations[sg][si].id
                    generations[sg][si].coupleID = parent.id
                    let kids = min(childCounts[Int(random.below(UInt64(childCounts.count)))], persons - count)
                    for _ in 0..<kids {
                        let (cg, ci) = add(g + 1, gender: random.coin() ? .male : .female, age: childAge)
                        let childID = generations[cg][ci].id
                        generations[g][i].childrenIDs.append(childID)
                        generations[sg][si].childrenIDs.append(childID)
                        next.append((cg, ci))
                    }
                } else if random.below(5) == 0 {
                    let (cg, ci) = add(g + 1, gender: random.coin() ? .male : .female, age: childAge)
                    generations[g][i].childrenIDs.append(generations[cg][ci].id)
                    next.append((cg, ci))
                }
            }
            frontier = next
        }
        return FamilyData(generations: generations)
    }
}

private enum Names {
    static let surnames = ["王", "李", "张", "刘", "陈", "杨", "Smith", "García", "Müller", "Nguyen", "O'Brien", "Kowalski"]
    static let given = ["明", "华", "秀英", "建国", "Anna", "José", "Ming", "Fatima", "Olga", "Kenji", "Zoë", "Ingrid",
                        "Alexander-Maximilian Theodor"]

    /// A name and where its given name and surname are.
    static func pick(_ random: inout SplitMix64) -> (String, NameParts) {
        let surname = surnames[Int(random.below(UInt64(surnames.count)))]
        let name = given[Int(random.below(UInt64(given.count)))]
        let (s, g) = (surname.unicodeScalars.count, name.unicodeScalars.count)
        // Chinese surnames precede the given name without a space when both are Chinese.
        let chinese = surname.unicodeScalars.first!.value > 0x2E80 && name.unicodeScalars.first!.value > 0x2E80
        if chinese { return (surname + name, NameParts(given: NameSpan(s, s + g), surname: NameSpan(0, s))) }
        return (name + " " + surname, NameParts(given: NameSpan(0, g), surname: NameSpan(g + 1, g + 1 + s)))
    }
}

/// A tiny, fast, well-mixed PRNG (Steele, Lea & Flood's SplitMix64), so generated
/// families do not depend on the platform's random number generator.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (bound > 0), by multiply-shift (bias negligible here).
    public mutating func below(_ bound: UInt64) -> UInt64 {
        UInt64((UInt128(next()) &* UInt128(bound)) >> 64)
    }

    public mutating func coin() -> Bool { next() & 1 == 1 }
}

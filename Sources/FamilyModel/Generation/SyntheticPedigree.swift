/// Synthetic ancestries for ancestor and hourglass charts, reproducibly: one person (the
/// focus, in the last generation) and their ancestors, generation by generation upward,
/// until `persons` are made. With `collapse` (a share from 0 to 1) that many persons of a
/// generation are given the parents of an earlier person of the same generation (they
/// are siblings), so those parents appear on two lines of the focus's pedigree:
/// pedigree collapse, as cousin marriages make it. The result is seed JSON's shape (one
/// spouse each, every child exactly one generation below), so it can be written as JSON
/// or GEDCOM.
public struct SyntheticPedigree {
    public var persons: Int
    public var collapse: Double
    public var seed: UInt64

    public init(persons: Int, collapse: Double = 0, seed: UInt64 = 1) {
        self.persons = max(1, persons)
        self.collapse = min(max(collapse, 0), 1)
        self.seed = seed
    }

    public func generate() -> FamilyData {
        var random = SplitMix64(seed: seed)
        // Levels from the focus up: level 0 is the focus.
        var levels: [[Person]] = []
        var count = 0
        func make(_ gender: Gender, level: Int) -> Person {
            count += 1
            var person = Person(id: "p\(count)", name: "\(gender == .male ? "Father" : gender == .female ? "Mother" : "Focus") \(count)",
                                gender: gender, generation: 0)
            person.birthYear = 2000 - 27 * level + Int(random.below(9))
            return person
        }
        levels.append([make(.unknown, level: 0)])
        var level = 0
        while count < persons {
            var parents: [Person] = []
            // Parents of each person of this level: new, or (collapse) those of a sibling on another line.
            var couples: [(father: Int, mother: Int)] = []
            var coupleOf = [Int](repeating: -1, count: levels[level].count)
            for k in levels[level].indices where count < persons {
                let partnerIndex = k ^ 1  // the other half of this person's own couple
                let shares = level > 0 && !couples.isEmpty && Double(random.below(1_000_000)) / 1_000_000 < collapse
                if shares {
                    let choices = couples.indices.filter { coupleOf[partnerIndex] != $0 }
                    if let pick = choices.isEmpty ? nil : choices[Int(random.below(UInt64(choices.count)))] {
                        coupleOf[k] = pick
                        continue
                    }
                }
                guard count + 2 <= persons else { break }
                parents.append(make(.male, level: level + 1))
                parents.append(make(.female, level: level + 1))
                couples.append((parents.count - 2, parents.count - 1))
                coupleOf[k] = couples.count - 1
            }
            guard !parents.isEmpty else { break }
            for (a, b) in couples {
                parents[a].coupleID = parents[b].id
                parents[b].coupleID = parents[a].id
            }
            for (k, person) in levels[level].enumerated() where coupleOf[k] >= 0 {
                let couple = couples[coupleOf[k]]
                parents[couple.father].childrenIDs.append(person.id)
                parents[couple.mother].childrenIDs.append(person.id)
            }
            levels.append(parents)
            level += 1
        }
        // Seed JSON lists the oldest generation first.
        var generations: [[Person]] = levels.reversed()
        for g in generations.indices {
            for i in generations[g].indices {
                generations[g][i].generation = g
                generations[g][i].indexInGeneration = i
            }
        }
        return FamilyData(generations: generations)
    }
}

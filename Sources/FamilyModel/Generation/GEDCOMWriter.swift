/// Writes a seed-shaped family as GEDCOM 5.5.1 (UTF-8): an `INDI` per person (name with
/// its surname between slashes, sex, birth year from the age as of `referenceYear`,
/// `FAMS`/`FAMC`) and a `FAM` per couple or single parent with children. Used to test and
/// time the GEDCOM import on the same families as the seed JSON. Ids must not contain `@`.
public struct GEDCOMWriter {
    public var referenceYear: Int

    public init(referenceYear: Int = 2026) { self.referenceYear = referenceYear }

    public func write(_ data: FamilyData) -> String {
        let persons = data.allPersons
        var index: [String: Int] = [:]
        for (i, p) in persons.enumerated() { index[p.id] = i }
        // One family per couple (keyed by its first-listed member) or single parent with children.
        var familyOf = [Int](repeating: -1, count: persons.count)
        var families: [(partners: [Int], children: [Int])] = []
        var childFamily = [Int](repeating: -1, count: persons.count)
        for (i, p) in persons.enumerated() where familyOf[i] < 0 {
            let spouse = p.coupleID.flatMap { index[$0] }
            guard spouse != nil || !p.childrenIDs.isEmpty else { continue }
            familyOf[i] = families.count
            if let spouse { familyOf[spouse] = families.count }
            var children: [Int] = []
            for id in p.childrenIDs + (spouse.map { persons[$0].childrenIDs } ?? []) {
                if let c = index[id], childFamily[c] < 0 {
                    childFamily[c] = families.count
                    children.append(c)
                }
            }
            families.append(([i] + (spouse.map { [$0] } ?? []), children))
        }
        var out = "0 HEAD\n1 SOUR FamilyChart\n1 GEDC\n2 VERS 5.5.1\n2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n"
        out.reserveCapacity(persons.count * 90)
        for (i, p) in persons.enumerated() {
            out += "0 @\(p.id)@ INDI\n1 NAME \(Self.nameValue(p))\n"
            switch p.gender {
            case .male: out += "1 SEX M\n"
            case .female: out += "1 SEX F\n"
            case .unknown: out += "1 SEX U\n"
            }
            if let age = p.age, (0...150).contains(age) { out += "1 BIRT\n2 DATE \(referenceYear - age)\n" }
            if familyOf[i] >= 0 { out += "1 FAMS @F\(familyOf[i] + 1)@\n" }
            if childFamily[i] >= 0 { out += "1 FAMC @F\(childFamily[i] + 1)@\n" }
        }
        for (f, family) in families.enumerated() {
            out += "0 @F\(f + 1)@ FAM\n"
            let ordered = family.partners.count == 2 && persons[family.partners[0]].gender == .female
                ? family.partners.reversed() : family.partners
            for (k, p) in ordered.enumerated() {
                let role = family.partners.count == 1 ? (persons[p].gender == .female ? "WIFE" : "HUSB") : (k == 0 ? "HUSB" : "WIFE")
                out += "1 \(role) @\(persons[p].id)@\n"
            }
            for c in family.children { out += "1 CHIL @\(persons[c].id)@\n" }
        }
        return out + "0 TRLR\n"
    }

    /// The `NAME` value: the surname between slashes (`Ming /杨/`, `/杨/明`), where the
    /// person's name parts put it, else the last word (`Anna /Smith/`); a name of one word
    /// has no surname.
    static func nameValue(_ person: Person) -> String {
        if let surname = person.nameParts?.surname, !surname.isEmpty {
            let (before, inside, after) = surname.split(person.name)
            return before + "/" + inside + "/" + after
        }
        guard let space = person.name.lastIndex(of: " ") else { return person.name }
        return person.name[...space] + "/" + person.name[person.name.index(after: space)...] + "/"
    }
}

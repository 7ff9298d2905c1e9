import Foundation

/// The genealogy in a GEDCOM file: individuals and families with their links, read from
/// `INDI` and `FAM` records (5.5.1 and 7.0 use the same tags for what a chart needs).
/// Unknown tags are ignored; links are checked, each problem naming its line.
public struct GEDCOMDocument: Sendable {
    public struct Individual: Equatable, Sendable {
        public var id: String
        /// The name with the slashes around the surname removed ("John Smith").
        public var name: String
        public var surname: String?
        public var sex: Gender
        /// Years of birth and death when the dates have one.
        public var birthYear: Int?
        public var deathYear: Int?
        /// Families where this person is a partner (`FAMS`), and a child (`FAMC`), in file order.
        public var spouseFamilies: [String]
        public var childFamilies: [String]
        public var line: Int
    }

    public struct Family: Equatable, Sendable {
        public var id: String
        /// `HUSB` then `WIFE` (either may be missing; same-sex couples just have two).
        public var partners: [String]
        public var children: [String]
        public var line: Int
    }

    public var individuals: [Individual] = []
    public var families: [Family] = []
    /// Links that could not be followed (they are dropped) and repaired oddities.
    public var warnings: [GEDCOMWarning] = []
    /// Level-0 records in the file, of any kind (header and trailer included).
    public var recordCount = 0

    /// Reads the records of a parsed file.
    /// - Complexity: O(n) in the number of records and links.
    public init(records: [GEDCOMNode]) {
        var firstLine: [String: Int] = [:]  // keyed by tag and id
        recordCount = records.count
        for record in records {
            guard let xref = record.xref, record.tag == "INDI" || record.tag == "FAM" else { continue }
            if let line = firstLine[record.tag + " " + xref] {
                warnings.append(.duplicateRecord(line: record.line, id: xref, firstLine: line))
                continue
            }
            firstLine[record.tag + " " + xref] = record.line
            if record.tag == "INDI" { individuals.append(Self.individual(record, id: xref)) } else {
                families.append(Self.family(record, id: xref))
            }
        }
        checkLinks()
    }

    private static func individual(_ record: GEDCOMNode, id: String) -> Individual {
        // PAF exports (royal92) write spaces inside names as underscores.
        let rawName = (record.child("NAME")?.value ?? "").replacingOccurrences(of: "_", with: " ")
        var surname: String?
        if let first = rawName.firstIndex(of: "/") {
            let after = rawName[rawName.index(after: first)...]
            surname = String(after.prefix { $0 != "/" }).trimmingSpaces.nilIfEmpty
        }
        let name = rawName.split(separator: "/", omittingEmptySubsequences: true).map { $0.trimmingSpaces }
            .filter { !$0.isEmpty }.joined(separator: " ")
        return Individual(id: id, name: name, surname: surname, sex: Gender(loose: record.child("SEX")?.value),
                          birthYear: year(record.child("BIRT")?.child("DATE")?.value),
                          deathYear: year(record.child("DEAT")?.child("DATE")?.value),
                          spouseFamilies: record.children("FAMS").compactMap(\.pointer),
                          childFamilies: record.children("FAMC").compactMap(\.pointer), line: record.line)
    }

    private static func family(_ record: GEDCOMNode, id: String) -> Family {
        let partners = (record.children("HUSB") + record.children("WIFE")).compactMap(\.pointer).filter { $0 != "VOID" }
        return Family(id: id, partners: partners, children: record.children("CHIL").compactMap(\.pointer).filter { $0 != "VOID" },
                      line: record.line)
    }

    /// The last four-digit number in a date ("ABT 1850", "12 MAR 1901", "BET 1900 AND 1910" → 1910).
    static func year(_ date: String?) -> Int? {
        guard let date else { return nil }
        var best: Int?
        var digits = ""
        for character in date + " " {
            if character.isASCII, character.isNumber { digits.append(character); continue }
            if digits.count == 4 || digits.count == 3, let value = Int(digits) { best = value }
            digits = ""
        }
        return best
    }

    /// Drops links to records that do not exist, and repeated children, with warnings.
    private mutating func checkLinks() {
        let people = Dictionary(individuals.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let familyIndex = Dictionary(families.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        for f in families.indices {
            let family = families[f]
            for partner in family.partners where people[partner] == nil {
                warnings.append(.missingRecord(line: family.line, from: family.id, to: partner))
            }
            var seen = Set<String>()
            var children: [String] = []
            for child in family.children {
                if people[child] == nil {
                    warnings.append(.missingRecord(line: family.line, from: family.id, to: child))
                } else if !seen.insert(child).inserted {
                    warnings.append(.childListedTwice(line: family.line, family: family.id, child: child))
                } else {
                    children.append(child)
                }
            }
            families[f].children = children
            families[f].partners = family.partners.filter { people[$0] != nil }
        }
        for i in individuals.indices {
            let person = individuals[i]
            for link in person.spouseFamilies + person.childFamilies where familyIndex[link] == nil {
                warnings.append(.missingRecord(line: person.line, from: person.id, to: link))
            }
            individuals[i].spouseFamilies = person.spouseFamilies.filter { familyIndex[$0] != nil }
            individuals[i].childFamilies = person.childFamilies.filter { familyIndex[$0] != nil }
        }
    }
}

private extension StringProtocol {
    var trimmingSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}

private extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}

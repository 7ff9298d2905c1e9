/// The genealogy in a GEDCOM file: individuals and families with their links, read from
/// `INDI` and `FAM` records (5.5.1 and 7.0 use the same tags for what a chart needs).
/// Unknown tags are ignored; links are checked, each problem naming its line.
public struct GEDCOMDocument: Sendable {
    public struct Individual: Equatable, Sendable {
        public var id: String
        /// The name with the slashes around the surname removed ("John Smith"), see `GEDCOMNameReader`.
        public var name: String
        public var surname: String?
        /// Where the given names and the surname are in `name`.
        public var nameParts: NameParts?
        public var sex: Gender
        /// Years of birth and death (Gregorian; for a range, the later end) when the dates have one.
        public var birthYear: Int?
        public var deathYear: Int?
        /// The birth and death dates as written (qualifier, calendar, range, phrase); nil
        /// when they are plain years or missing (`birthYear` and `deathYear` say all).
        public var lifeDates: LifeDates?
        /// The birth date as far as it is known, for ordering siblings.
        public var birthDate: DateKey?
        /// Whether there is a death record (`DEAT`, with or without a date).
        public var hasDeathRecord: Bool
        /// The first `OBJE` `FILE` (inline, or in a linked `OBJE` record).
        public var photo: String?
        /// The name's translation (7.0 `TRAN`) or romanised/phonetic form (5.5.1 `ROMN`,
        /// `FONE`), else a `NAME` of `TYPE MARRIED`.
        public var secondName: String?
        /// How the person belongs to each family they are a child of (`FAMC.PEDI`, `ADOP`).
        public var childLinks: [String: ChildLink]
        /// Families where this person is a partner (`FAMS`), and a child (`FAMC`), in file order.
        public var spouseFamilies: [String]
        public var childFamilies: [String]
        public var line: Int
        /// Events and facts with their dates and places (`BIRT`, `CHR`, `OCCU`, …), in file order.
        public var facts: [LifeFact] = []
        /// Notes, inline or from `NOTE` records, in file order.
        public var notes: [String] = []
        /// Source citations (`SOUR`) anywhere in the record.
        public var sourceCount = 0
        /// `spouseFamilies` and `childFamilies` as indices in `families`.
        var spouseFamilyIndices: [Int] = []
        var childFamilyIndices: [Int] = []
    }

    public struct Family: Equatable, Sendable {
        public var id: String
        /// `HUSB` then `WIFE` (either may be missing; same-sex couples just have two).
        public var partners: [String]
        public var children: [String]
        public var line: Int
        /// `DIV` (divorce) recorded, unless its value says it did not happen (`DIV N`, as PAF writes).
        public var isDivorced: Bool
        public var marriageDate: DateKey?
        /// `CHIL` `_FREL`/`_MREL` (Family Tree Maker, gedcom4j): a non-birth link of either parent.
        public var childLinks: [String: ChildLink]
        /// The couple's events (`MARR`, `DIV`, `ENGA`, …) with dates and places, in file order.
        public var facts: [LifeFact] = []
        /// `partners` and `children` as indices in `individuals`.
        var partnerIndices: [Int] = []
        var childIndices: [Int] = []
    }

    public internal(set) var individuals: [Individual] = []
    public internal(set) var families: [Family] = []
    /// Links that could not be followed (they are dropped) and repaired oddities.
    public var warnings: [GEDCOMWarning] = []
    /// Level-0 records in the file, of any kind (header and trailer included).
    public var recordCount = 0
    /// The file's own title for a chart: the header's `FILE` name (without folder and
    /// extension), else the first line of its `NOTE`; nil when it has neither.
    public var title: String?
    /// The id of the file's home person (the one its program opened on), when the header
    /// names one with a pointer (`HomePerson.tags`: `1 _HOME @I12@`); not checked here.
    public var homePerson: String?
    /// Index of each individual and family by id.
    public private(set) var individualIndex: [String: Int] = [:]
    public private(set) var familyIndex: [String: Int] = [:]
    /// The tag of every other record with an id (`SOUR`, `NOTE`, `OBJE`…), so a link to one
    /// is reported as a link to the wrong kind of record.
    private var otherRecords: [String: String] = [:]

    /// Reads the records of a parsed file.
    /// - Complexity: O(n) in the number of records and links.
    public init<Records: Collection<GEDCOMNode>>(records: Records) {
        recordCount = records.count
        individualIndex.reserveCapacity(recordCount)
        familyIndex.reserveCapacity(recordCount / 2)
        individuals.reserveCapacity(recordCount)
        // GEDCOM 7 (and some 5.5.1 writers) keep media in OBJE records that persons point to.
        var mediaFiles: [String: String] = [:]
        for record in records where record.tag == "OBJE" {
            if let xref = record.xref, let file = Self.firstFile(of: record) { mediaFiles[xref] = file }
        }
        if let head = records.first, head.tag == "HEAD" {
            title = Self.title(of: head)
            homePerson = HomePerson.pointer(in: head)
        }
        var noteRecords: [String: String] = [:]
        for record in records where record.tag == "NOTE" {
            if let xref = record.xref, let text = record.value, !text.isEmpty { noteRecords[xref] = text }
        }
        let tree = records.first?.tree
        let personFacts = TagMask(Self.personFactTags, tree: tree), familyFacts = TagMask(Self.familyFactTags, tree: tree)
        for record in records {
            guard let xref = record.xref else { continue }
            switch record.tag {
            case "INDI":
                // One lookup for the usual case (a new id); a duplicate puts the first back.
                if let first = individualIndex.updateValue(individuals.count, forKey: xref) {
                    individualIndex[xref] = first
                    warnings.append(.duplicateRecord(line: record.line, id: xref, firstLine: individuals[first].line))
                    continue
                }
                var individual = Self.individual(record, id: xref, mediaFiles: mediaFiles, warnings: &warnings)
                individual.facts = Self.facts(of: record, tags: personFacts, warnings: &warnings)
                individual.notes = record.children("NOTE").compactMap { note in
                    let text = note.pointer.flatMap { noteRecords[$0] } ?? note.value
                    return Self.cleaned(text)
                }
                individual.sourceCount = Self.sourceCount(record)
                individuals.append(individual)
            case "FAM":
                if let first = familyIndex.updateValue(families.count, forKey: xref) {
                    familyIndex[xref] = first
                    warnings.append(.duplicateRecord(line: record.line, id: xref, firstLine: families[first].line))
                    continue
                }
                var family = Self.family(record, id: xref, warnings: &warnings)
                family.facts = Self.facts(of: record, tags: familyFacts, warnings: &warnings)
                families.append(family)
            default:
                if otherRecords[xref] == nil { otherRecords[xref] = record.tag }
            }
        }
        checkLinks()
    }

    private static func individual(_ record: GEDCOMNode, id: String, mediaFiles: [String: String],
                                   warnings: inout [GEDCOMWarning]) -> Individual {
        // One pass over the record's lines, keeping positions: looking each tag up in turn
        // would copy every matching structure, several times per person.
        let lines = record.children
        var names: [Int] = [], childFamilies: [Int] = [], spouseFamilies: [String] = [], adoptions: [Int] = [], objects: [Int] = []
        var sex: Int?, birth: Int?, death: Int?
        for k in lines.indices {
            switch lines[k].tag {
            case "NAME": names.append(k)
            case "FAMC": childFamilies.append(k)
            case "FAMS": if let family = lines[k].pointer { spouseFamilies.append(family) }
            case "SEX": if sex == nil { sex = k }
            case "BIRT": if birth == nil { birth = k }
            case "DEAT": if death == nil { death = k }
            case "ADOP": adoptions.append(k)
            case "OBJE": objects.append(k)
            default: continue
            }
        }
        let (name, nameParts, surname) = names.first.map { personName(lines[$0]) } ?? ("", nil, nil)
        let birthDate = birth.flatMap { lines[$0].child("DATE") }.flatMap { date($0, warnings: &warnings) }
        let deathDate = death.flatMap { lines[$0].child("DATE") }.flatMap { date($0, warnings: &warnings) }
        var links: [String: ChildLink] = [:]
        for k in childFamilies {
            guard let family = lines[k].pointer, let pedigree = lines[k].child("PEDI")?.value else { continue }
            links[family] = ChildLink(loose: pedigree)
        }
        for k in adoptions {
            if let family = lines[k].child("FAMC")?.pointer { links[family] = .adopted }
        }
        var photo: String?
        for k in objects {
            if let file = Self.firstFile(of: lines[k]) ?? lines[k].pointer.flatMap({ mediaFiles[$0] }) {
                photo = file
                break
            }
        }
        var second: String?
        if let first = names.first {
            // TRAN first, then ROMN, then FONE, as the standard lists them.
            let ordered = ["TRAN", "ROMN", "FONE"].lazy.compactMap { tag in lines[first].children.first { $0.tag == tag && $0.value != nil }?.value }
            let married = names.dropFirst().lazy.map { lines[$0] }.first { $0.child("TYPE")?.value?.uppercased() == "MARRIED" }
            second = (ordered.first ?? married?.value).map { GEDCOMNameReader.read($0).name }
        }
        return Individual(id: id, name: name, surname: surname, nameParts: nameParts, sex: Gender(loose: sex.flatMap { lines[$0].value }),
                          birthYear: birthDate?.latestYear, deathYear: deathDate?.latestYear,
                          lifeDates: LifeDates.unlessPlainYears(birth: birthDate, death: deathDate),
                          birthDate: birthDate?.sortKey, hasDeathRecord: death != nil, photo: photo,
                          secondName: second?.isEmpty == false && second != name ? second : nil,
                          childLinks: links, spouseFamilies: spouseFamilies,
                          childFamilies: childFamilies.compactMap { lines[$0].pointer }, line: record.line)
    }

    /// A `NAME` structure as display name, parts and surname (see `GEDCOMNameReader`).
    static func personName(_ name: GEDCOMNode) -> (name: String, parts: NameParts?, surname: String?) {
        var pieces = GEDCOMNameReader.Pieces()
        for piece in name.children {
            switch piece.tag {
            case "NPFX": pieces.prefix = piece.value
            case "GIVN": pieces.given = piece.value
            case "SPFX": pieces.surnamePrefix = piece.value
            case "SURN": pieces.surname = piece.value
            case "NSFX": pieces.suffix = piece.value
            default: continue
            }
        }
        return GEDCOMNameReader.read(name.value ?? "", pieces: pieces)
    }

    /// A `DATE` structure (with GEDCOM 7's `PHRASE`) as a date; a value that is no date
    /// is a warning, and shows the year found in it, if any.
    static func date(_ node: GEDCOMNode, warnings: inout [GEDCOMWarning]) -> GenealogyDate? {
        let text = node.value ?? ""
        switch GEDCOMDateReader.read(text, phrase: node.child("PHRASE")?.value) {
        case .empty: return nil
        case .date(let date): return date
        case .unreadable:
            let year = Self.year(text)
            warnings.append(.unreadableDate(line: node.line, text: String(text.prefix(60)), year: year))
            return year.map { GenealogyDate(qualifier: .interpreted, start: DatePoint(year: $0), phrase: text) }
        }
    }

    /// The header's `FILE` (its last path component, without `.ged`, underscores as
    /// spaces; an "Untitled" name is no title) or the first line of its `NOTE`.
    static func title(of head: GEDCOMNode) -> String? {
        if let file = head.child("FILE")?.value {
            var name = Substring(file.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last ?? "")
            for suffix in [".ged", ".gedcom", ".GED", ".GEDCOM"] where name.hasSuffix(suffix) { name = name.dropLast(suffix.count) }
            let words = DrawnText.title(name.replacing("_", with: " "))
            if let words, !words.lowercased().hasPrefix("untitled") { return words }
        }
        guard let note = head.child("NOTE")?.value else { return nil }
        return DrawnText.title(note.prefix(while: { $0 != "\n" }))
    }

    /// The first non-empty `FILE` of a multimedia structure.
    private static func firstFile(of object: GEDCOMNode) -> String? {
        object.children("FILE").lazy.compactMap(\.value).first { !$0.isEmpty }
    }

    private static func family(_ record: GEDCOMNode, id: String, warnings: inout [GEDCOMWarning]) -> Family {
        // One pass over the record's lines (looking each tag up in turn made an array per tag).
        var partners: [String] = [], wives: [String] = [], listed: [GEDCOMNode] = []
        var isDivorced = false
        var marriage: GEDCOMNode?
        for line in record.children {
            switch line.tag {
            case "HUSB": if let pointer = line.pointer, pointer != "VOID" { partners.append(pointer) }
            case "WIFE": if let pointer = line.pointer, pointer != "VOID" { wives.append(pointer) }
            case "CHIL": listed.append(line)
            case "DIV": if !isDivorced { isDivorced = !Self.saysNo(line) }
            case "MARR": if marriage == nil { marriage = line }
            default: continue
            }
        }
        partners += wives
        var links: [String: ChildLink] = [:]
        var children: [String] = []
        children.reserveCapacity(listed.count)
        for child in listed {
            guard let pointer = child.pointer else { continue }
            if pointer != "VOID" { children.append(pointer) }
            let kinds = ["_FREL", "_MREL", "PEDI"].compactMap { child.child($0)?.value }.map { ChildLink(loose: $0) }
            if let kind = kinds.first(where: { $0 != .birth }) { links[pointer] = kind }
        }
        return Family(id: id, partners: partners, children: children, line: record.line, isDivorced: isDivorced,
                      marriageDate: marriage?.child("DATE").flatMap { date($0, warnings: &warnings) }?.sortKey,
                      childLinks: links)
    }

    /// Events and facts kept of one person or family: a family of a million bare `1 MARR`
    /// lines made a 1 GB page (each a fact in the panel) and 2.5 GB of memory (issue 49, R1).
    public static let maximumFactsPerRecord = 1_000

    /// The person events and attributes kept as facts (GEDCOM 5.5.1 and 7.0).
    static let personFactTags: Set<String> = [
        "BIRT", "CHR", "BAPM", "BLES", "ADOP", "CONF", "FCOM", "BARM", "BASM", "ORDN", "GRAD", "EDUC", "OCCU", "RETI",
        "RESI", "EMIG", "IMMI", "NATU", "CENS", "RELI", "TITL", "NATI", "PROP", "DSCR", "DEAT", "BURI", "CREM", "PROB",
        "WILL", "EVEN", "FACT"]
    /// The family events kept as facts.
    static let familyFactTags: Set<String> = ["ENGA", "MARB", "MARC", "MARL", "MARS", "MARR", "DIVF", "DIV", "ANUL", "RESI", "CENS", "EVEN", "FACT"]

    /// A record's events and facts with `tags`, in file order, each with its value, `TYPE`,
    /// date (as written, with its key) and place; an event its value denies (`DIV N`) is left out.
    /// At most `maximumFactsPerRecord` are kept (a warning says how many more were left out).
    static func facts(of record: GEDCOMNode, tags: TagMask, warnings: inout [GEDCOMWarning]) -> [LifeFact] {
        var facts: [LifeFact] = []
        var leftOut = 0
        defer {
            if leftOut > 0 { warnings.append(.factsLeftOut(line: record.line, id: record.xref ?? "", kept: facts.count, total: facts.count + leftOut)) }
        }
        for line in record.children where tags.contains(line) && !saysNo(line) {
            guard facts.count < maximumFactsPerRecord else {
                leftOut += 1
                continue
            }
            let date = line.child("DATE")
            let value = cleaned(line.value).flatMap { $0.uppercased() == "Y" ? nil : $0 }
            let place = cleaned(line.child("PLAC")?.value.map(tidyPlace))
            var ignored: [GEDCOMWarning] = []  // an unreadable date is reported once, by the life years
            let key = date.flatMap { Self.date($0, warnings: &ignored) }?.sortKey
            facts.append(LifeFact(tag: line.tag, type: cleaned(line.child("TYPE")?.value), value: value, date: cleaned(date?.value),
                                  dateKey: key, place: place))
        }
        return facts
    }

    /// A place without the empty parts exports leave ("Brookline, , Norfolk County, MA" → "Brookline, Norfolk County, MA").
    static func tidyPlace(_ place: String) -> String {
        place.split(separator: ",", omittingEmptySubsequences: false).compactMap { cleaned(String($0)) }.joined(separator: ", ")
    }

    /// Text without white space at either end; nil when nothing is left.
    /// - Complexity: O(white space at the ends) to find them, one copy of the rest (none
    ///   when nothing is trimmed). Trimming through reversed collections built the result
    ///   a character at a time: a 16 MB note took 3.5–6 s to parse (issue 49, R10).
    static func cleaned(_ text: String?) -> String? {
        guard let text, let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace }) else { return nil }
        if first == text.startIndex, text.index(after: last) == text.endIndex { return text }
        return String(text[first...last])
    }

    /// Source citations anywhere in a record.
    static func sourceCount(_ node: GEDCOMNode) -> Int { node.descendantCount("SOUR") }

    /// An event whose value denies it: `DIV N` (PAF's "not divorced"), `NO`.
    private static func saysNo(_ event: GEDCOMNode) -> Bool {
        guard let value = event.value?.trimmingSpaces.uppercased() else { return false }
        return value == "N" || value == "NO"
    }

    /// For a value `GEDCOMDateReader` cannot read: the last number of three or four digits in it ("ABT 1850", "12 MAR 1901",
    /// "BET 1900 AND 1910" → 1910), negative for dates before the common era ("ABT 990 BC",
    /// GEDCOM 7's "990 BCE", "B.C.").
    static func year(_ date: String?) -> Int? {
        guard let date else { return nil }
        var best: Int?
        var value = 0, digits = 0
        for byte in date.utf8 {
            if byte >= 0x30 && byte <= 0x39 {
                if digits < 5 { value = value * 10 + Int(byte - 0x30) }
                digits += 1
                continue
            }
            if digits == 3 || digits == 4 { best = value }
            value = 0
            digits = 0
        }
        if digits == 3 || digits == 4 { best = value }
        if let year = best, Self.endsWithEra(date) { return -year }
        return best
    }

    /// Whether a date ends in "BC", "BCE" or "B.C." (any case), read from its last bytes.
    private static func endsWithEra(_ date: String) -> Bool {
        let tail = date.utf8.suffix(4).map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
        func ends(_ text: String) -> Bool { tail.count >= text.utf8.count && tail.suffix(text.utf8.count).elementsEqual(text.utf8) }
        return ends("BC") || ends("BCE") || ends("B.C.")
    }

    /// Why a link to `to` (which should be an `expected` record) cannot be followed: no
    /// such record, or one of another kind.
    private func unfollowed(line: Int, from: String, to: String, expected: String) -> GEDCOMWarning {
        let found = expected == "INDI" ? (familyIndex[to] != nil ? "FAM" : otherRecords[to])
            : (individualIndex[to] != nil ? "INDI" : otherRecords[to])
        guard let found else { return .missingRecord(line: line, from: from, to: to) }
        return .wrongRecordType(line: line, from: from, to: to, expected: expected, found: found)
    }

    /// Drops links to records that do not exist, and repeated children, with warnings;
    /// keeps the links that remain as indices too (each id is looked up once).
    private mutating func checkLinks() {
        let people = individualIndex
        for f in families.indices {
            let line = families[f].line, id = families[f].id
            var partners: [Int] = []
            partners.reserveCapacity(families[f].partners.count)
            for partner in families[f].partners {
                if let p = people[partner] { partners.append(p) } else {
                    warnings.append(unfollowed(line: line, from: id, to: partner, expected: "INDI"))
                }
            }
            if partners.count != families[f].partners.count { families[f].partners.removeAll { people[$0] == nil } }
            families[f].partnerIndices = partners
            let listed = families[f].children
            var seen = Set<Int>(minimumCapacity: listed.count > 1 ? listed.count : 0)
            var children: [Int] = []
            children.reserveCapacity(listed.count)
            for child in listed {
                if let c = people[child] {
                    if listed.count > 1, !seen.insert(c).inserted {
                        warnings.append(.childListedTwice(line: line, family: id, child: child))
                    } else {
                        children.append(c)
                    }
                } else {
                    warnings.append(unfollowed(line: line, from: id, to: child, expected: "INDI"))
                }
            }
            if children.count != listed.count { families[f].children = children.map { individuals[$0].id } }
            families[f].childIndices = children
        }
        let familiesByID = familyIndex
        for i in individuals.indices {
            // The links only, not a copy of the whole record.
            let spouseLinks = individuals[i].spouseFamilies, childLinks = individuals[i].childFamilies
            var spouse: [Int] = [], child: [Int] = []
            spouse.reserveCapacity(spouseLinks.count)
            child.reserveCapacity(childLinks.count)
            var unknown: [String] = []
            for link in spouseLinks {
                if let f = familiesByID[link] { spouse.append(f) } else { unknown.append(link) }
            }
            for link in childLinks {
                if let f = familiesByID[link] { child.append(f) } else { unknown.append(link) }
            }
            if !unknown.isEmpty {
                for link in unknown { warnings.append(unfollowed(line: individuals[i].line, from: individuals[i].id, to: link, expected: "FAM")) }
                individuals[i].spouseFamilies = spouse.map { families[$0].id }
                individuals[i].childFamilies = child.map { families[$0].id }
            }
            individuals[i].spouseFamilyIndices = spouse
            individuals[i].childFamilyIndices = child
        }
    }
}

/// Which tags are in a set, looked up once per tag of the tree rather than hashed for every line.
struct TagMask {
    let tags: Set<String>
    let tree: GEDCOMTree?
    let mask: [Bool]

    init(_ tags: Set<String>, tree: GEDCOMTree?) {
        self.tags = tags
        self.tree = tree
        mask = tree?.tags.map { tags.contains($0) } ?? []
    }

    func contains(_ node: GEDCOMNode) -> Bool { node.tree === tree ? mask[node.tagIndex] : tags.contains(node.tag) }
}

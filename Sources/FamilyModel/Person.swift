/// Gender as far as the chart needs it: it picks the box colour.
public enum Gender: String, Codable, Sendable, Equatable {
    case male, female, unknown

    /// Reads the spellings seen in real exports: `male`/`m`/`man`/`男`, `female`/`f`/`woman`/`女`;
    /// anything else (or nothing) is `.unknown`.
    public init(loose text: String?) {
        switch text?.lowercased() {
        case "male", "m", "man", "男": self = .male
        case "female", "f", "woman", "女": self = .female
        default: self = .unknown
        }
    }
}

/// One family member in the seed's shape, as imported and before validation.
public struct Person: Codable, Sendable, Equatable {
    /// Bytes an id may have (seed JSON ids and the ids they name, GEDCOM cross-reference
    /// ids); a longer one is refused: no real file needs it, and each message would
    /// otherwise repeat it.
    public static let maximumIDBytes = 256

    /// Unique identifier within one input.
    public var id: String
    public var name: String
    public var gender: Gender
    public var age: Int?
    /// The spouse's id; `nil` when the person has none (the seed writes `""`).
    public var coupleID: String?
    /// Children as listed on this person, in the input's order.
    public var childrenIDs: [String]
    /// Index of the generation array this person came from (0 = first generation).
    public var generation: Int
    /// Index within that generation array, for messages that point into the input.
    public var indexInGeneration: Int
    /// Years of birth and death, when the input has them (GEDCOM `BIRT`/`DEAT` dates).
    public var birthYear: Int?
    public var deathYear: Int?
    /// 1-based line of the person's record in a line-based input (GEDCOM), for messages.
    public var line: Int?
    /// The full birth date when known, for ordering siblings.
    public var birthDate: DateKey?
    /// Whether the input says the person is living (`true`), dead (`false`: a death
    /// date or record), or says nothing (`nil`).
    public var isLiving: Bool?
    /// Path of an avatar image (PNG or JPEG), as given in the input.
    public var photo: String?
    /// A second form of the name: the native-script or romanised form (GEDCOM `TRAN`,
    /// `ROMN`, `FONE`; seed `"secondName"`), else a married name (`NAME` of `TYPE MARRIED`).
    public var secondName: String?
    /// Seed JSON only: how listed children belong (`"childRelations": {"id": "adopted"}`).
    public var childRelations: [String: ChildLink] = [:]
    /// Seed JSON only: the couple's marriage (`marriageDate`, `marriagePlace`) as a `MARR`
    /// fact; validation gives it to the couple's union.
    public var seedMarriage: LifeFact? {
        get { seedMarriageStorage?.fact }
        set { seedMarriageStorage = newValue.map(StoredFact.init) }
    }
    /// Where `seedMarriage` is kept: a reference (8 bytes) instead of a fact in place
    /// (96 bytes, a quarter of a person, that nearly every person leaves empty: 88 MB of
    /// a million persons' graph).
    private var seedMarriageStorage: StoredFact?
    /// Seed JSON only: the person's couple is divorced or separated.
    public var isDivorced = false
    /// Where the given names and the surname are in `name`, when the input marks them
    /// (GEDCOM); nil for seed JSON, whose names are shown as given.
    public var nameParts: NameParts?
    /// Birth and death dates as the input writes them (GEDCOM: qualifiers, ranges,
    /// calendars); nil when it gives only `birthYear`/`deathYear` or nothing.
    public var lifeDates: LifeDates?
    /// What the input records about the person beyond the chart's needs, in file order:
    /// events and facts (GEDCOM `BIRT`, `CHR`, `DEAT`, `BURI`, `OCCU`, `EDUC`, `RESI`, …)
    /// with their dates and places as written. Empty for seed JSON.
    public var facts: [LifeFact] = []
    /// The person's notes (GEDCOM `NOTE`, inline or from a `NOTE` record), in file order.
    public var notes: [String] = []
    /// How many source citations (`SOUR`) the person's record holds, at any level.
    public var sourceCount = 0

    private enum CodingKeys: String, CodingKey {
        case id, name, gender, age, coupleID, childrenIDs, generation, indexInGeneration, birthYear, deathYear, line, birthDate
        case isLiving, photo, secondName, childRelations, seedMarriageStorage = "seedMarriage", isDivorced, nameParts, lifeDates
        case facts, notes, sourceCount
    }

    public init(id: String, name: String, gender: Gender = .unknown, age: Int? = nil,
                coupleID: String? = nil, childrenIDs: [String] = [],
                generation: Int, indexInGeneration: Int = 0,
                birthYear: Int? = nil, deathYear: Int? = nil, line: Int? = nil) {
        self.id = id
        self.name = name
        self.gender = gender
        self.age = age
        self.coupleID = coupleID
        self.childrenIDs = childrenIDs
        self.generation = generation
        self.indexInGeneration = indexInGeneration
        self.birthYear = birthYear
        self.deathYear = deathYear
        self.line = line
        if let birthYear { birthDate = DateKey(year: birthYear) }
        if deathYear != nil { isLiving = false }
    }

    /// Where this person sits in the seed JSON, e.g. `generations[1][3]`.
    public var jsonPath: String { "generations[\(generation)][\(indexInGeneration)]" }

    /// Life years for the box in the standard English words: "1850–1910", "b. 1850",
    /// "d. 1910", "990 BC–930 BC", "c. 1872–aft. 1940", "b. 598–601, d. 650", or nil.
    public var lifeYears: String? { lifeYears(using: .standard) }

    /// Life years in a theme's words (see `DateWords`), from the input's dates where it
    /// has them, else from `birthYear` and `deathYear`.
    public func lifeYears(using words: DateWords) -> String? {
        if let lifeDates { return words.lifeYears(birth: lifeDates.birth, death: lifeDates.death) }
        if birthYear == nil && deathYear == nil { return nil }
        return words.lifeYears(birth: birthYear.map(GenealogyDate.year), death: deathYear.map(GenealogyDate.year))
    }
}

/// A `LifeFact` kept by reference (a person's rarely set marriage), coded as the fact itself.
final class StoredFact: Codable, Sendable, Equatable {
    let fact: LifeFact

    init(_ fact: LifeFact) { self.fact = fact }

    init(from decoder: any Decoder) throws { fact = try LifeFact(from: decoder) }

    func encode(to encoder: any Encoder) throws { try fact.encode(to: encoder) }

    static func == (a: StoredFact, b: StoredFact) -> Bool { a.fact == b.fact }
}

/// An event or fact about a person or a couple as the input records it: its GEDCOM tag
/// (`BIRT`, `OCCU`, `MARR`, …; `EVEN` and `FACT` with their `TYPE`), its value
/// ("Senator" for `OCCU`), its date as written with a key to order by, and its place.
public struct LifeFact: Codable, Sendable, Equatable {
    public var tag: String
    /// The `TYPE` of an `EVEN` or `FACT` (what kind of event it is), else nil.
    public var type: String?
    public var value: String?
    /// The `DATE` as the file writes it ("29 MAY 1917", "ABT 1850"); nil when undated.
    public var date: String?
    public var dateKey: DateKey?
    public var place: String?

    public init(tag: String, type: String? = nil, value: String? = nil, date: String? = nil, dateKey: DateKey? = nil, place: String? = nil) {
        self.tag = tag
        self.type = type
        self.value = value
        self.date = date
        self.dateKey = dateKey
        self.place = place
    }
}

/// The imported data, generation by generation, exactly as the input gave it.
public struct FamilyData: Sendable, Equatable {
    public var generations: [[Person]]

    public init(generations: [[Person]]) { self.generations = generations }

    /// All persons in input order: generation by generation, left to right.
    public var allPersons: [Person] { generations.flatMap { $0 } }
}

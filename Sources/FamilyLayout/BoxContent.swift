import FamilyModel

/// One thing a box (or a couple bar) may say, as `--box` names it.
public enum BoxField: String, Sendable, NamedCases {
    case name
    case secondName = "second-name"
    case dates
    case age
    case place
    case occupation
    case id
    case sosa
    case marriage
}

/// What the boxes say (`--box name,dates,place,…`): the name first, then the second name
/// and the life years (or the age) as before, then the other fields' lines in the order
/// given; `marriage` labels the couple bars. A field the input lacks for a person leaves
/// that person's line out. Boxes of a chart all grow by the most lines any person needs,
/// so rows stay rows.
public struct BoxContent: Equatable, Sendable {
    public var fields: [BoxField]
    /// Keep only the last N comma-separated parts of places (`--place-level N`); nil: all.
    public var placeLevel: Int?

    public init(fields: [BoxField], placeLevel: Int? = nil) {
        self.fields = fields
        self.placeLevel = placeLevel
    }

    /// Reads a comma-separated list; an unknown or repeated name, or a list without `name`,
    /// is refused with the valid names.
    public init(parsing text: String, placeLevel: Int? = nil) throws(BoxContentError) {
        var fields: [BoxField] = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = word.filter { $0 != " " && $0 != "\t" }.lowercased()
            guard let field = BoxField(rawValue: name) else { throw .unknownField(String(word), valid: BoxField.validList) }
            guard !fields.contains(field) else { throw .repeatedField(name) }
            fields.append(field)
        }
        guard fields.contains(.name) else { throw .missingName }
        self.init(fields: fields, placeLevel: placeLevel)
    }

    public func shows(_ field: BoxField) -> Bool { fields.contains(field) }

    /// Marks of the events that stand in for a missing birth or death.
    public static let standInMarks = (baptised: "bp. {}", buried: "bur. {}")
    /// The couple bar's words: "m. 1840", "m. 1840, Chapel Royal".
    public static let marriageMark = "m. {}"

    /// The lines under the name and detail that `person`'s own box carries, in order.
    /// - Complexity: O(facts of the person).
    public func extraLines(of person: Person, words: DateWords) -> [String] {
        var lines: [String] = []
        for field in fields {
            switch field {
            case .name, .secondName, .dates, .sosa, .marriage: continue
            case .age:
                // The age has its own line only beside the life years; alone it is the detail.
                if shows(.dates), person.lifeYears(using: words, standIns: Self.standInMarks) != nil, let age = person.boxAge { lines.append("age \(age)") }
            case .place:
                lines += placeLines(of: person, words: words)
            case .occupation:
                if let occupation = person.occupation { lines.append(occupation) }
            case .id:
                lines.append(DrawnText.cleaned(person.id).text)  // ids are kept as given, not cleaned at import
            }
        }
        return lines
    }

    /// Birth and death places at the chosen level, one line each: "b. Brookline, MA",
    /// "d. Hyannis Port, MA", with a baptism's or burial's place marked ("bp. Leeds").
    func placeLines(of person: Person, words: DateWords) -> [String] {
        func line(_ event: Person.BoxEvent?, plain: String, standIn: String) -> String? {
            guard let event, let place = event.fact.place else { return nil }
            let cut = PlaceName.cut(place, level: placeLevel)
            return cut.isEmpty ? nil : DateWords.fill(event.isStandIn ? standIn : plain, cut)
        }
        return [line(person.birthPlaceEvent, plain: words.born, standIn: Self.standInMarks.baptised),
                line(person.deathPlaceEvent, plain: words.died, standIn: Self.standInMarks.buried)].compactMap { $0 }
    }

    /// The couple's marriage in words ("m. 1840, Chapel Royal"), from its first `MARR`
    /// with a date or place; nil when there is none.
    public func marriageText(of union: Union, words: DateWords) -> String? {
        guard let fact = union.facts.first(where: { $0.tag == "MARR" && ($0.date != nil || !($0.place ?? "").isEmpty) }) else { return nil }
        var parts: [String] = []
        if let date = fact.date, case .date(let read) = GEDCOMDateReader.read(date), let year = words.text(of: read) { parts.append(year) }
        if let place = fact.place.map({ PlaceName.cut($0, level: placeLevel) }), !place.isEmpty { parts.append(place) }
        guard !parts.isEmpty else { return nil }
        return DateWords.fill(Self.marriageMark, parts.joined(separator: ", "))
    }
}

/// Why a `--box` list was refused.
public enum BoxContentError: Error, Equatable, CustomStringConvertible {
    case unknownField(String, valid: String)
    case repeatedField(String)
    case missingName

    public var description: String {
        switch self {
        case .unknownField(let word, let valid): "--box: unknown field '\(word)'; valid fields are \(valid)"
        case .repeatedField(let word): "--box: '\(word)' is listed twice"
        case .missingName: "--box must list name (e.g. --box name,dates,place)"
        }
    }
}

/// Reads the seed article's data shape:
/// `{"generations": [[person, ...], ...]}` or a bare `[[person, ...], ...]`, where a
/// person is `{"id", "name", "gender", "age", "coupleID", "childrenIDs"}`, optionally with
/// `birthYear`, `deathYear`, `living` (boolean), `secondName` (native script or romanised), `divorced` (boolean: the couple is
/// divorced or separated), `childRelations` (`{"childID": "adopted"|"foster"|"step"}`)
/// `photo` (an image path), and for the boxes `birthPlace`, `deathPlace`, `occupation`,
/// `marriageDate` and `marriagePlace` (strings, as written; read as the GEDCOM facts
/// `BIRT`, `DEAT`, `OCCU` and the couple's `MARR`).
///
/// Lenient where real servers differ (`coupleID` `""`, `null` or missing; numeric ids;
/// unknown fields ignored), strict where a guess would draw a wrong chart (wrong types).
public struct SeedJSONDecoder {
    /// Persons accepted at most; the parser refuses a document of more than 64 values a
    /// person (plus some slack) while reading it, before it fills memory.
    public var maximumPersons: Int

    public init(maximumPersons: Int = 10_000_000) { self.maximumPersons = maximumPersons }

    /// The decoded persons plus warnings about what was tolerated.
    public struct Output: Sendable {
        public var data: FamilyData
        public var warnings: [ValidationWarning]
    }

    /// Decodes UTF-8 JSON bytes; `source` names the input in error messages.
    /// - Throws: `FamilyInputError.syntax` or `.invalid` with every shape problem found.
    public func decode(_ bytes: [UInt8], source: String) throws(FamilyInputError) -> Output {
        let document: JSONValue
        do {
            let (product, overflow) = maximumPersons.multipliedReportingOverflow(by: 64)
            document = try JSONParser(maximumValues: overflow ? .max : product + 4096).parse(bytes)
        } catch {
            throw .syntax(source: source, error)
        }
        var problems: [ValidationProblem] = []
        var warnings: [ValidationWarning] = []
        let generationValues: [JSONValue]
        switch document {
        case .array(let items):
            generationValues = items
        case .object where document["generations"] != nil:
            guard case .array(let items)? = document["generations"] else {
                throw .invalid(source: source, problems: [
                    .wrongType(path: "generations", expected: "an array of generations", found: document["generations"]!.typeDescription),
                ])
            }
            generationValues = items
        default:
            throw .invalid(source: source, problems: [.notAGenerationsDocument(found: document.typeDescription)])
        }
        var generations: [[Person]] = []
        generations.reserveCapacity(generationValues.count)
        for (g, generationValue) in generationValues.enumerated() {
            guard case .array(let personValues) = generationValue else {
                problems.append(.wrongType(path: "generations[\(g)]", expected: "an array of persons", found: generationValue.typeDescription))
                generations.append([])
                continue
            }
            if personValues.isEmpty { warnings.append(.emptyGeneration(index: g)) }
            var row: [Person] = []
            row.reserveCapacity(personValues.count)
            for (i, personValue) in personValues.enumerated() {
                var reader = PersonReader(generation: g, index: i, problems: problems)
                if let person = reader.person(from: personValue, generation: g, index: i) {
                    if person.name.isEmpty { warnings.append(.missingName(id: person.id, path: person.jsonPath)) }
                    row.append(person)
                }
                problems = reader.problems
                warnings += reader.warnings
            }
            generations.append(row)
        }
        if !problems.isEmpty { throw .invalid(source: source, problems: problems) }
        return Output(data: FamilyData(generations: generations), warnings: warnings)
    }
}

/// Reads one person object, recording shape problems instead of stopping at the first.
private struct PersonReader {
    /// Ages outside this range are dropped with a warning rather than drawn.
    static let plausibleAges = 0...150

    let generation: Int
    let index: Int
    /// Where the person is in the input, for messages; made only when one is written.
    var path: String { "generations[\(generation)][\(index)]" }
    var problems: [ValidationProblem]
    var warnings: [ValidationWarning] = []

    init(generation: Int, index: Int, problems: [ValidationProblem]) {
        self.generation = generation
        self.index = index
        self.problems = problems
    }

    /// The fields a person may have, found in one pass over the object's members (the
    /// first of a repeated key wins, as `JSONValue`'s subscript does). It keeps member
    /// positions, not copies of the values: a person's unused fields then cost nothing.
    private struct Fields {
        enum Name: Int {
            case id, name, gender, age, coupleID, childrenIDs, birthYear, deathYear
            case living, divorced, photo, secondName, childRelations
            case birthPlace, deathPlace, occupation, marriageDate, marriagePlace
        }

        let members: [JSONMember]
        /// Position of each `Name`'s member in `members`, -1 when absent (a tuple: no allocation per person).
        private var positions: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) =
            (-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1)

        init(_ members: [JSONMember]) {
            self.members = members
            for (k, member) in members.enumerated() {
                // Bucketed by length first: one or two comparisons per key instead of up to 13.
                let key = member.key
                let field: Name
                switch key.utf8.count {
                case 2 where key == "id": field = .id
                case 3 where key == "age": field = .age
                case 4 where key == "name": field = .name
                case 5 where key == "photo": field = .photo
                case 6 where key == "gender": field = .gender
                case 6 where key == "living": field = .living
                case 8 where key == "coupleID": field = .coupleID
                case 8 where key == "divorced": field = .divorced
                case 9 where key == "birthYear": field = .birthYear
                case 9 where key == "deathYear": field = .deathYear
                case 10 where key == "secondName": field = .secondName
                case 10 where key == "birthPlace": field = .birthPlace
                case 10 where key == "deathPlace": field = .deathPlace
                case 10 where key == "occupation": field = .occupation
                case 12 where key == "marriageDate": field = .marriageDate
                case 13 where key == "marriagePlace": field = .marriagePlace
                case 11 where key == "childrenIDs": field = .childrenIDs
                case 14 where key == "childRelations": field = .childRelations
                default: continue
                }
                withUnsafeMutableBytes(of: &positions) { raw in
                    let slots = raw.bindMemory(to: Int.self)
                    if slots[field.rawValue] < 0 { slots[field.rawValue] = k }
                }
            }
        }

        subscript(_ field: Name) -> JSONValue? {
            let k = withUnsafeBytes(of: positions) { $0.bindMemory(to: Int.self)[field.rawValue] }
            return k < 0 ? nil : members[k].value
        }
    }

    mutating func person(from object: JSONValue, generation: Int, index: Int) -> Person? {
        guard case .object(let members) = object else {
            problems.append(.wrongType(path: path, expected: "a person object", found: object.typeDescription))
            return nil
        }
        let value = Fields(members)
        let before = problems.count
        let id = identifier(value[.id], field: "id", required: true) ?? ""
        if id.isEmpty, problems.count == before, value[.id] != nil {
            problems.append(.implausibleValue(path: path, field: "id", value: "\"\"", allowed: "a non-empty string"))
        }
        let name = text(value[.name], field: "name") ?? ""
        let gender = Gender(loose: text(value[.gender], field: "gender"))
        var age = integer(value[.age], field: "age")
        if let given = age, !Self.plausibleAges.contains(given) {
            warnings.append(.implausibleAge(id: id, path: path, age: given))
            age = nil
        }
        let couple = identifier(value[.coupleID], field: "coupleID", required: false)
        let children = identifiers(value[.childrenIDs], field: "childrenIDs")
        let birthYear = integer(value[.birthYear], field: "birthYear")
        let deathYear = integer(value[.deathYear], field: "deathYear")
        let living = boolean(value[.living], field: "living")
        let divorced = boolean(value[.divorced], field: "divorced") ?? false
        let photo = text(value[.photo], field: "photo")
        let secondName = text(value[.secondName], field: "secondName")
        var facts: [LifeFact] = []
        func fact(_ tag: String, value: String? = nil, date: String? = nil, place: String? = nil) {
            // Recorded when any part is more than spaces (checked without making arrays:
            // four facts a person, most of them empty).
            let value = value?.trimmingSpaces, date = date?.trimmingSpaces, place = place?.trimmingSpaces
            guard value?.isEmpty == false || date?.isEmpty == false || place?.isEmpty == false else { return }
            facts.append(LifeFact(tag: tag, value: value, date: date, place: place))
        }
        let birthPlace = text(value[.birthPlace], field: "birthPlace"), deathPlace = text(value[.deathPlace], field: "deathPlace")
        fact("BIRT", date: birthPlace == nil ? nil : birthYear.map(String.init), place: birthPlace)
        fact("OCCU", value: text(value[.occupation], field: "occupation"))
        fact("DEAT", date: deathPlace == nil ? nil : deathYear.map(String.init), place: deathPlace)
        fact("MARR", date: text(value[.marriageDate], field: "marriageDate"), place: text(value[.marriagePlace], field: "marriagePlace"))
        let marriage = facts.last?.tag == "MARR" ? facts.removeLast() : nil
        var relations: [String: ChildLink] = [:]
        switch value[.childRelations] {
        case .object(let members)?:
            for member in members {
                guard case .string(let kind) = member.value else {
                    problems.append(.wrongType(path: "\(path).childRelations.\(MessageText.escaped(member.key))", expected: "a string", found: member.value.typeDescription))
                    continue
                }
                guard member.key.utf8.count <= Person.maximumIDBytes else {
                    problems.append(.idTooLong(path: "\(path).childRelations", bytes: member.key.utf8.count))
                    continue
                }
                relations[member.key] = ChildLink(loose: kind)
            }
        case nil, .null?: break
        case let other?:
            problems.append(.wrongType(path: "\(path).childRelations", expected: "an object", found: other.typeDescription))
        }
        guard problems.count == before else { return nil }
        var person = Person(id: id, name: name, gender: gender, age: age,
                            coupleID: (couple?.isEmpty ?? true) ? nil : couple,
                            childrenIDs: children, generation: generation, indexInGeneration: index,
                            birthYear: birthYear, deathYear: deathYear)
        if let living { person.isLiving = living }
        person.isDivorced = divorced
        person.photo = photo?.isEmpty == false ? photo : nil
        person.secondName = secondName?.isEmpty == false ? secondName : nil
        person.childRelations = relations
        person.facts = facts
        person.seedMarriage = marriage
        return person
    }

    mutating func boolean(_ value: JSONValue?, field: String) -> Bool? {
        switch value {
        case .bool(let b)?: return b
        case nil, .null?: return nil
        case let other?:
            problems.append(.wrongType(path: "\(path).\(field)", expected: "true or false", found: other.typeDescription))
            return nil
        }
    }

    /// A string id; whole numbers are accepted and written in decimal.
    mutating func identifier(_ value: JSONValue?, field: String, required: Bool) -> String? {
        switch value {
        case .string(let s)?:
            guard s.utf8.count <= Person.maximumIDBytes else {
                problems.append(.idTooLong(path: "\(path).\(field)", bytes: s.utf8.count))
                return nil
            }
            return s
        case .number(let n)? where n == n.rounded() && abs(n) < 1e15: return String(Int64(n))
        case nil, .null?:
            if required { problems.append(.missingField(path: path, field: field)) }
            return nil
        case let other?:
            problems.append(.wrongType(path: "\(path).\(field)", expected: "a string id", found: other.typeDescription))
            return nil
        }
    }

    mutating func text(_ value: JSONValue?, field: String) -> String? {
        switch value {
        case .string(let s)?: return s
        case nil, .null?: return nil
        case let other?:
            problems.append(.wrongType(path: "\(path).\(field)", expected: "a string", found: other.typeDescription))
            return nil
        }
    }

    mutating func integer(_ value: JSONValue?, field: String) -> Int? {
        switch value {
        case .number(let n)? where n == n.rounded() && abs(n) < 1e9: return Int(n)
        case nil, .null?: return nil
        case let other?:
            problems.append(.wrongType(path: "\(path).\(field)", expected: "a whole number", found: other.typeDescription))
            return nil
        }
    }

    mutating func identifiers(_ value: JSONValue?, field: String) -> [String] {
        switch value {
        case .array(let items)?:
            var ids: [String] = []
            ids.reserveCapacity(items.count)
            for (k, item) in items.enumerated() {
                switch item {
                case .string(let s) where s.utf8.count > Person.maximumIDBytes:
                    problems.append(.idTooLong(path: "\(path).\(field)[\(k)]", bytes: s.utf8.count))
                case .string(let s): ids.append(s)
                case .number(let n) where n == n.rounded() && abs(n) < 1e15: ids.append(String(Int64(n)))
                default:
                    problems.append(.wrongType(path: "\(path).\(field)[\(k)]", expected: "a string id", found: item.typeDescription))
                }
            }
            return ids
        case nil, .null?: return []
        case let other?:
            problems.append(.wrongType(path: "\(path).\(field)", expected: "an array of ids", found: other.typeDescription))
            return []
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one person object, recording shape problems instead of stopping at the first.
struct SeedPersonReader {
    /// Ages outside this range are dropped with a warning rather than drawn.
    static let plausibleAges = 0...150

    let generation: Int
    let index: Int
    /// Where the person is in the input, for messages; made only when one is written.
    var path: String { "generations[\(generation)][\(index)]" }
    var problems: [ValidationProblem]
    var warnings: [ValidationWarning] = []

    /// A reader of one person, with no problems or warnings yet: the caller adds them to
    /// its own lists (a reader handed the whole list so far copied it whenever it added to
    /// it: 100,000 persons of a wrong type took 164 s).
    init(generation: Int, index: Int) {
        self.generation = generation
        self.index = index
        problems = []
    }

    /// The fields a person may have, each the first member of its name (as `JSONValue`'s
    /// subscript takes the first of a repeated key); other members are not kept.
    struct Fields {
        enum Name: Int, CaseIterable {
            case id, name, gender, age, coupleID, childrenIDs, birthYear, deathYear
            case living, divorced, photo, secondName, childRelations
            case birthPlace, deathPlace, occupation, marriageDate, marriagePlace
        }

        /// One slot per `Name` (no allocation per person).
        private var values = InlineArray<18, JSONValue?>(repeating: nil)

        /// Keeps `value` for `name` unless an earlier member of that name was kept.
        mutating func offer(_ name: Name, _ value: JSONValue) {
            if values[name.rawValue] == nil { values[name.rawValue] = value }
        }

        subscript(_ field: Name) -> JSONValue? { values[field.rawValue] }

        /// The field a member key names, or nil for a key that is none of them (compared
        /// as bytes: bucketed by length, one or two comparisons a key).
        static func name(_ key: UnsafeBufferPointer<UInt8>) -> Name? {
            guard let start = key.baseAddress else { return nil }
            func equals(_ word: StaticString) -> Bool { memcmp(start, word.utf8Start, key.count) == 0 }  // of equal lengths
            switch key.count {
            case 2: return equals("id") ? .id : nil
            case 3: return equals("age") ? .age : nil
            case 4: return equals("name") ? .name : nil
            case 5: return equals("photo") ? .photo : nil
            case 6: return equals("gender") ? .gender : equals("living") ? .living : nil
            case 8: return equals("coupleID") ? .coupleID : equals("divorced") ? .divorced : nil
            case 9: return equals("birthYear") ? .birthYear : equals("deathYear") ? .deathYear : nil
            case 10:
                return equals("secondName") ? .secondName : equals("birthPlace") ? .birthPlace
                    : equals("deathPlace") ? .deathPlace : equals("occupation") ? .occupation : nil
            case 11: return equals("childrenIDs") ? .childrenIDs : nil
            case 12: return equals("marriageDate") ? .marriageDate : nil
            case 13: return equals("marriagePlace") ? .marriagePlace : nil
            case 14: return equals("childRelations") ? .childRelations : nil
            default: return nil
            }
        }
    }

    /// Records that a member of a generation is not a person object.
    mutating func notAPerson(_ value: JSONValue) {
        problems.append(.wrongType(path: path, expected: "a person object", found: value.typeDescription))
    }

    /// The person of `value`'s fields, or nil (with the problems recorded) when a field
    /// has the wrong type or the id is missing.
    mutating func person(_ value: Fields) -> Person? {
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

/// Something in the input that makes it impossible to draw a correct chart.
/// Every case names the person id and where in the input it sits.
public enum ValidationProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The document is not `{"generations": [...]}` nor a bare array of generations.
    case notAGenerationsDocument(found: String)
    /// A value has the wrong JSON type, e.g. `childrenIDs` given as a string.
    case wrongType(path: String, expected: String, found: String)
    /// A required field is absent.
    case missingField(path: String, field: String)
    /// A value has the right type but cannot be right, e.g. a negative age.
    case implausibleValue(path: String, field: String, value: String, allowed: String)
    /// The input holds no persons at all.
    case noPersons
    /// A GEDCOM file without `INDI` records (a header-only or sources-only file).
    case noIndividualRecords(records: Int)
    /// More persons than the configured limit (`--max-persons`).
    case tooManyPersons(count: Int, limit: Int)
    /// More GEDCOM records of any kind than `FamilyImport.recordsPerPerson` a person of the limit.
    case tooManyRecords(count: Int, limit: Int)
    /// More GEDCOM events and facts than `FamilyImport.factsPerPerson` a person of the limit.
    case tooManyFacts(count: Int, limit: Int)
    case duplicateID(id: String, firstPath: String, secondPath: String)
    /// An id (or an id named in `coupleID`, `childrenIDs`, `childRelations`) longer than
    /// `Person.maximumIDBytes`.
    case idTooLong(path: String, bytes: Int)
    case unknownSpouse(id: String, path: String, spouseID: String, suggestion: String?)
    case unknownChild(id: String, path: String, childID: String, suggestion: String?)
    case ownSpouse(id: String, path: String)
    case ownChild(id: String, path: String)
    /// `id` names `spouseID` as spouse, but `spouseID` names `spousesSpouseID`.
    case mismatchedCouple(id: String, spouseID: String, spousesSpouseID: String)
    /// Several persons name `spouseID` as their spouse, and `spouseID` names none of them.
    case contestedSpouse(spouseID: String, claimants: [String])
    case spousesInDifferentGenerations(id: String, generation: Int, spouseID: String, spouseGeneration: Int)
    /// A child listed by two parent units that are not one couple.
    case childClaimedTwice(childID: String, firstParents: [String], secondParents: [String])
    /// Someone is their own ancestor; the ids run parent → child → … → back to the first.
    case ancestryCycle([String])
    /// The seed forbids links that skip or go back a generation.
    case childNotInNextGeneration(parentID: String, parentGeneration: Int, childID: String, childGeneration: Int)
    /// A cycle of GEDCOM records (each id with the line of its record).
    case recordCycle(ids: [String], lines: [Int])

    public var description: String {
        switch self {
        case .notAGenerationsDocument(let found):
            return "expected {\"generations\": [[person, ...], ...]} or a top-level array of generations, found \(found)"
        case .wrongType(let path, let expected, let found):
            return "\(path): expected \(expected), found \(found)"
        case .missingField(let path, let field):
            return "\(path): missing required field \(MessageText.quoted(field))"
        case .implausibleValue(let path, let field, let value, let allowed):
            return "\(path): \(field) \(value) is not plausible (allowed: \(allowed))"
        case .noPersons:
            return "the input holds no persons"
        case .noIndividualRecords(let records):
            return "the file has no INDI (person) records, only \(records) other record\(records == 1 ? "" : "s"); there is nobody to draw"
        case .tooManyPersons(let count, let limit):
            return "the input holds \(count) persons, more than the limit of \(limit) (raise it with --max-persons)"
        case .tooManyFacts(let count, let limit):
            return "the file holds \(count) events and facts, more than the limit of \(limit): "
                + "\(FamilyImport.factsPerPerson) a person of --max-persons (raise it with --max-persons)"
        case .tooManyRecords(let count, let limit):
            return "the file holds \(count) records (persons, families, sources, notes…), more than the limit of \(limit): "
                + "\(FamilyImport.recordsPerPerson) a person of --max-persons (raise it with --max-persons)"
        case .duplicateID(let id, let first, let second):
            return "duplicate id \(MessageText.quoted(id)) at \(first) and \(second)"
        case .idTooLong(let path, let bytes):
            return "\(path): an id of \(bytes) bytes, longer than the limit of \(Person.maximumIDBytes) bytes"
        case .unknownSpouse(let id, let path, let spouseID, let suggestion):
            return "\(path) (id \(MessageText.quoted(id))): coupleID \(MessageText.quoted(spouseID)) names nobody in the data" + hint(suggestion)
        case .unknownChild(let id, let path, let childID, let suggestion):
            return "\(path) (id \(MessageText.quoted(id))): child \(MessageText.quoted(childID)) is not in the data" + hint(suggestion)
        case .ownSpouse(let id, let path):
            return "\(path) (id \(MessageText.quoted(id))): a person cannot be their own spouse"
        case .ownChild(let id, let path):
            return "\(path) (id \(MessageText.quoted(id))): a person cannot be their own child"
        case .mismatchedCouple(let id, let spouseID, let other):
            return "couple mismatch: \(MessageText.quoted(id)) names \(MessageText.quoted(spouseID)) as spouse, but \(MessageText.quoted(spouseID)) names \(MessageText.quoted(other))"
        case .contestedSpouse(let spouseID, let claimants):
            return "\(MessageText.quoted(spouseID)) is named as spouse by \(quotedList(claimants)), but a person has one spouse in this format"
        case .spousesInDifferentGenerations(let id, let generation, let spouseID, let spouseGeneration):
            return "couple \(MessageText.quoted(id)) (generation \(generation)) and \(MessageText.quoted(spouseID)) (generation \(spouseGeneration)) must be in the same generation"
        case .childClaimedTwice(let childID, let first, let second):
            return "child \(MessageText.quoted(childID)) is claimed by \(quotedList(first)) and by \(quotedList(second)), who are not a couple"
        case .ancestryCycle(let ids):
            return "cycle of parenthood: " + Self.cycle(ids.map { MessageText.quoted($0) }) + " (someone would be their own ancestor)"
        case .childNotInNextGeneration(let parentID, let parentGeneration, let childID, let childGeneration):
            return "child \(MessageText.quoted(childID)) (generation \(childGeneration)) of \(MessageText.quoted(parentID)) (generation \(parentGeneration)) must be exactly one generation below its parent (generation \(parentGeneration + 1))"
        case .recordCycle(let ids, let lines):
            return "line \(lines[0]): cycle of parenthood: "
                + Self.cycle(zip(ids, lines).map { "\(MessageText.xref($0)) (line \($1))" }) + " (someone would be their own ancestor)"
        }
    }

    /// The members of a cycle joined by arrows; a long cycle shows its first few and its
    /// last few members around a count of those left out, so the message stays short (a
    /// cycle through 10,000 records was a message of 300 KB).
    static func cycle(_ members: [String]) -> String {
        let shown = 10
        guard members.count > shown + 2 else { return members.joined(separator: " → ") }
        let left = members.count - shown
        return (members.prefix(shown - 3) + ["… \(left) more …"] + members.suffix(3)).joined(separator: " → ")
    }

    private func hint(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean \(MessageText.quoted($0))?" } ?? ""
    }
}

/// Something odd that was repaired or tolerated; printed to stderr, never fatal.
public enum ValidationWarning: Equatable, Sendable, CustomStringConvertible {
    /// `id` names `spouseID`, who names nobody: the couple is kept.
    case oneSidedCouple(id: String, spouseID: String)
    /// The same child appears twice in one person's `childrenIDs`.
    case childListedTwice(parentID: String, childID: String)
    /// A person after the first generation with no parents and no spouse with parents.
    case startsOwnTree(id: String, generation: Int)
    case missingName(id: String, path: String)
    /// An age below 0 or above 150: left off the chart.
    case implausibleAge(id: String, path: String, age: Int)
    case emptyGeneration(index: Int)
    /// A name (or second name) that could not be drawn as written: too long, too many
    /// combining marks, noncharacters or bidi overrides (see `DrawnText`).
    case textCleaned(id: String, field: String, changes: String)
    /// A photo path `--photos` does not allow; the box is drawn without it.
    case photoRefused(id: String, path: String, reason: String)
    /// Something in a GEDCOM file that was skipped or repaired.
    case gedcom(GEDCOMWarning)

    /// The case's name, to group warnings of one kind (e.g. to print only the first few).
    public var kind: String {
        switch self {
        case .oneSidedCouple: "oneSidedCouple"
        case .childListedTwice: "childListedTwice"
        case .startsOwnTree: "startsOwnTree"
        case .missingName: "missingName"
        case .implausibleAge: "implausibleAge"
        case .emptyGeneration: "emptyGeneration"
        case .textCleaned: "textCleaned"
        case .photoRefused: "photoRefused"
        case .gedcom(let warning): warning.kind
        }
    }

    public var description: String {
        switch self {
        case .oneSidedCouple(let id, let spouseID):
            return "\(MessageText.quoted(id)) names \(MessageText.quoted(spouseID)) as spouse but not the other way round; treated as a couple"
        case .childListedTwice(let parentID, let childID):
            return "\(MessageText.quoted(parentID)) lists child \(MessageText.quoted(childID)) more than once; drawn once"
        case .startsOwnTree(let id, let generation):
            return "\(MessageText.quoted(id)) (generation \(generation)) has no parents in the data; drawn as the root of its own tree"
        case .missingName(let id, let path):
            return "\(path) (id \(MessageText.quoted(id))) has no name"
        case .implausibleAge(let id, let path, let age):
            return "\(path) (id \(MessageText.quoted(id))): age \(age) is not plausible (0–150); left off the chart"
        case .emptyGeneration(let index):
            return "generation \(index) is empty"
        case .photoRefused(let id, let path, let reason):
            return "\(MessageText.quoted(id)): photo \(MessageText.quoted(path)) is not used: \(reason)"
        case .textCleaned(let id, let field, let changes):
            return "\(MessageText.quoted(id)): \(field) changed for drawing: \(changes)"
        case .gedcom(let warning):
            return warning.description
        }
    }
}

/// `ids` quoted and joined by "&"; past six, the rest counted ("& 9994 others"), so a
/// message naming everyone who claims one spouse stays short.
func quotedList(_ ids: [String]) -> String {
    let shown = 6
    guard ids.count > shown + 1 else { return ids.map { MessageText.quoted($0) }.joined(separator: " & ") }
    return ids.prefix(shown).map { MessageText.quoted($0) }.joined(separator: " & ") + " & \(ids.count - shown) others"
}

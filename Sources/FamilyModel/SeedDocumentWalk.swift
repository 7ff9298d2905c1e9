/// Reads a seed document while scanning it: generations, then persons, each person's
/// fields read as they pass, without building the document as a `JSONValue` tree first
/// (the tree of 100,000 persons cost as much to build and free again as the persons did
/// to read). The scanner's rules and messages are the whole-document parser's: the same
/// bytes are refused at the same place, and a syntax error anywhere wins over problems of
/// shape found before it.
struct SeedDocumentWalk {
    var generations: [[Person]] = []
    var problems: [ValidationProblem] = []
    var warnings: [ValidationWarning] = []
    /// A document that is not a seed document at all (not a generations array, nor an
    /// object with one): reported alone.
    var documentProblem: ValidationProblem?

    private static let openArray = UInt8(ascii: "["), closeArray = UInt8(ascii: "]")
    private static let openObject = UInt8(ascii: "{"), closeObject = UInt8(ascii: "}")

    /// Reads the whole document, `{"generations": [...]}` or a bare generations array.
    mutating func read(_ scanner: inout JSONScanner) throws(JSONSyntaxError) {
        try scanner.refuseUTF16()
        let first = try scanner.startValue()
        switch first {
        case Self.openArray:
            try readGenerations(&scanner, depth: 0)
        case Self.openObject:
            try scanner.open(depth: 0)
            var found = false
            if scanner.peek() == Self.closeObject {
                scanner.position += 1
            } else {
                repeat {
                    let isGenerations = try scanner.memberKey() == "generations"
                    scanner.skipWhitespace()
                    if isGenerations && !found && scanner.peek() == Self.openArray {
                        _ = try scanner.startValue()
                        try readGenerations(&scanner, depth: 1)
                    } else {
                        let value = try scanner.value(depth: 1)
                        if isGenerations && !found {  // the first member of that name counts
                            documentProblem = .wrongType(path: "generations", expected: "an array of generations", found: value.typeDescription)
                        }
                    }
                    found = found || isGenerations
                } while try scanner.next(in: .object)
            }
            if !found { documentProblem = .notAGenerationsDocument(found: JSONValue.object([]).typeDescription) }
        default:
            let value = try scanner.value()
            documentProblem = .notAGenerationsDocument(found: value.typeDescription)
        }
        try scanner.end()
    }

    /// The generations array, its bracket counted and next, inside `depth` containers.
    private mutating func readGenerations(_ scanner: inout JSONScanner, depth: Int) throws(JSONSyntaxError) {
        try scanner.open(depth: depth)
        if scanner.peek() == Self.closeArray {
            scanner.position += 1
            return
        }
        repeat {
            let g = generations.count
            scanner.skipWhitespace()
            if scanner.peek() == Self.openArray {
                _ = try scanner.startValue()
                try readGeneration(&scanner, index: g, depth: depth + 1)
            } else {
                let value = try scanner.value(depth: depth + 1)
                problems.append(.wrongType(path: "generations[\(g)]", expected: "an array of persons", found: value.typeDescription))
                generations.append([])
            }
        } while try scanner.next(in: .array)
    }

    /// Generation `g`'s array of persons, its bracket counted and next.
    private mutating func readGeneration(_ scanner: inout JSONScanner, index g: Int, depth: Int) throws(JSONSyntaxError) {
        try scanner.open(depth: depth)
        var row: [Person] = []
        if scanner.peek() == Self.closeArray {
            scanner.position += 1
            warnings.append(.emptyGeneration(index: g))
            generations.append(row)
            return
        }
        var i = 0
        repeat {
            var reader = SeedPersonReader(generation: g, index: i)
            scanner.skipWhitespace()
            if scanner.peek() == Self.openObject {
                _ = try scanner.startValue()
                let fields = try readFields(&scanner, depth: depth + 1)
                if let person = reader.person(fields) {
                    if person.name.isEmpty { warnings.append(.missingName(id: person.id, path: person.jsonPath)) }
                    row.append(person)
                }
            } else {
                reader.notAPerson(try scanner.value(depth: depth + 1))
            }
            problems += reader.problems
            warnings += reader.warnings
            i += 1
        } while try scanner.next(in: .array)
        generations.append(row)
    }

    /// A person object's members, its brace counted and next: the fields a person may
    /// have kept, every other member scanned and let go.
    private func readFields(_ scanner: inout JSONScanner, depth: Int) throws(JSONSyntaxError) -> SeedPersonReader.Fields {
        try scanner.open(depth: depth)
        var fields = SeedPersonReader.Fields()
        if scanner.peek() == Self.closeObject {
            scanner.position += 1
            return fields
        }
        repeat {
            let name = try scanner.fieldName()
            let value = try scanner.value(depth: depth + 1)
            if let name { fields.offer(name, value) }
        } while try scanner.next(in: .object)
        return fields
    }
}

extension JSONScanner {
    /// Reads `"key" :` (as `memberKey`) and returns the person field it names, if any. A
    /// plain ASCII key (every key of a usual file) is compared as bytes where it stands;
    /// one with escapes or other letters is decoded as `memberKey` decodes it.
    mutating func fieldName() throws(JSONSyntaxError) -> SeedPersonReader.Fields.Name? {
        let quote = position
        if peek() == UInt8(ascii: "\""), let base = bytes.baseAddress {
            var end = position + 1
            while end < bytes.count, case let byte = base[end], byte != UInt8(ascii: "\""), byte >= 0x20, byte < 0x80,
                  byte != UInt8(ascii: "\\") { end += 1 }
            if end < bytes.count, base[end] == UInt8(ascii: "\"") {
                let name = SeedPersonReader.Fields.name(UnsafeBufferPointer(start: base + quote + 1, count: end - quote - 1))
                position = end + 1
                skipWhitespace()
                guard peek() == UInt8(ascii: ":") else { throw failure("expected ':' after object key") }
                position += 1
                return name
            }
        }
        var key = try memberKey()
        return key.withUTF8 { SeedPersonReader.Fields.name($0) }
    }
}

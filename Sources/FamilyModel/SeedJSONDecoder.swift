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
        let (product, overflow) = maximumPersons.multipliedReportingOverflow(by: 64)
        var walk = SeedDocumentWalk()
        do {
            try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
                var scanner = JSONScanner(bytes: buffer, maximumDepth: 512, maximumValues: overflow ? .max : product + 4096)
                try walk.read(&scanner)
            }
        } catch {
            throw .syntax(source: source, error)
        }
        if let problem = walk.documentProblem { throw .invalid(source: source, problems: [problem]) }
        if !walk.problems.isEmpty { throw .invalid(source: source, problems: walk.problems) }
        return Output(data: FamilyData(generations: walk.generations), warnings: walk.warnings)
    }
}

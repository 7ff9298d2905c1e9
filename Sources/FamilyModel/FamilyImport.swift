/// The input formats FamilyChart reads.
public enum InputFormat: String, Sendable, Equatable {
    case seedJSON = "seed JSON"
    case gedcom = "GEDCOM"

    /// Decides by content: GEDCOM starts with a level-0 line (`0 HEAD`), after an optional
    /// byte order mark, in UTF-8 or UTF-16; a `.ged`/`.gedcom` name also means GEDCOM
    /// (so a broken one gets GEDCOM's messages). Anything else is read as seed JSON.
    public static func detect(_ bytes: [UInt8], source: String) -> InputFormat {
        let lower = source.lowercased()
        if lower.hasSuffix(".ged") || lower.hasSuffix(".gedcom") { return .gedcom }
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 } else if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            start = 2
        }
        // Skip blanks and UTF-16's zero bytes; the first real character decides.
        for byte in bytes[start...].prefix(4096) where byte != 0 && byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
            return byte == UInt8(ascii: "0") ? .gedcom : .seedJSON
        }
        return .seedJSON
    }
}

/// Import and validation in one step: bytes in, a validated graph and warnings out.
public struct FamilyImport: Sendable {
    public var graph: FamilyGraph
    /// Everything tolerated or repaired, for stderr.
    public var warnings: [ValidationWarning]
    public var format: InputFormat

    /// How an import is checked and observed.
    public struct Options {
        /// Inputs with more persons are refused.
        public var maximumPersons = 10_000_000
        /// Called after each stage ("parse", "validate") with its name, for timings.
        public var stageFinished: ((String) -> Void)?
        /// Which photo paths are kept (`init(file:)` only; bytes have no folder).
        public var photos = PhotoPolicy.any

        public init(maximumPersons: Int = 10_000_000, stageFinished: ((String) -> Void)? = nil) {
            self.maximumPersons = maximumPersons
            self.stageFinished = stageFinished
        }
    }

    /// Detects the format (`InputFormat.detect`), decodes and validates.
    public init(bytes: [UInt8], source: String, options: Options = Options()) throws(FamilyInputError) {
        format = InputFormat.detect(bytes, source: source)
        switch format {
        case .seedJSON:
            (graph, warnings) = try Self.seedJSON(bytes, source: source, options: options)
        case .gedcom:
            (graph, warnings) = try Self.gedcom(bytes, source: source, options: options)
        }
        cleanDrawnText()
    }

    /// Decodes seed JSON and validates it, whatever the bytes look like.
    public init(json bytes: [UInt8], source: String) throws(FamilyInputError) {
        (graph, warnings) = try Self.seedJSON(bytes, source: source, options: Options())
        format = .seedJSON
        cleanDrawnText()
    }

    private static func seedJSON(_ bytes: [UInt8], source: String,
                                 options: Options) throws(FamilyInputError) -> (FamilyGraph, [ValidationWarning]) {
        let decoded = try SeedJSONDecoder(maximumPersons: options.maximumPersons).decode(bytes, source: source)
        options.stageFinished?("parse")
        var validator = FamilyValidator()
        validator.maximumPersons = options.maximumPersons
        let validated = try validator.validate(decoded.data, source: source)
        options.stageFinished?("validate")
        return (validated.graph, decoded.warnings + validated.warnings)
    }

    /// GEDCOM records (of any kind: persons, families, sources, notes, media) a file may
    /// hold per person of `Options.maximumPersons`, plus 16 (header, trailer, submitter…).
    public static let recordsPerPerson = 4
    /// Events and facts (of persons and families) a GEDCOM file may hold per person of
    /// `Options.maximumPersons`, plus `GEDCOMDocument.maximumFactsPerRecord`.
    public static let factsPerPerson = 32

    private static func gedcom(_ bytes: [UInt8], source: String,
                               options: Options) throws(FamilyInputError) -> (FamilyGraph, [ValidationWarning]) {
        let text = GEDCOMTextDecoder().decode(bytes)
        guard text.text.utf8.count <= GEDCOMTree.maximumTextBytes else {
            throw .unreadable(source: source, reason: "a GEDCOM file of more than 4 GiB of text is not supported")
        }
        let parsed = GEDCOMParser().parse(text.text)
        if !parsed.problems.isEmpty {
            // A file that is not GEDCOM at all (a ".ged" pointing at anything) is not quoted:
            // its lines may be anyone's secrets.
            guard Self.beginsWithHeader(text.text) else {
                throw .unreadable(source: source, reason: "not a GEDCOM file (it does not begin with \"0 HEAD\"); its contents are not shown")
            }
            throw .gedcom(source: source, problems: parsed.problems)
        }
        // Past the lines listed one by one, a count in all comes first (it would be lost among them).
        var lineWarnings: [GEDCOMWarning] = parsed.joinedLineCount > parsed.joinedLines.count ? [.manyLinesJoined(total: parsed.joinedLineCount)] : []
        lineWarnings += parsed.joinedLines.map { .lineJoined(line: $0) }
        if parsed.skippedCount > parsed.skipped.count { lineWarnings.append(.manyLinesSkipped(total: parsed.skippedCount)) }
        lineWarnings += parsed.skipped.map { .lineSkipped($0.problem, linesUnder: $0.linesUnder) }
        if let override = text.override {
            lineWarnings.append(.characterSetMismatch(declared: override.declared, detected: text.encoding.displayName, misread: override.misread))
        }
        if text.invalidBytes > 0 { lineWarnings.append(.invalidBytes(count: text.invalidBytes, encoding: text.encoding.rawValue)) }
        if !parsed.hasTrailer { lineWarnings.append(.missingTrailer(line: parsed.lineCount)) }
        // Every record counts, not only persons: a file of a million notes and one person
        // passed --max-persons 10 (its memory grows with its records).
        let (recordLimit, overflow) = options.maximumPersons.multipliedReportingOverflow(by: Self.recordsPerPerson)
        if !overflow, parsed.tree.recordCount > recordLimit + 16 {
            throw .invalid(source: source, problems: [.tooManyRecords(count: parsed.tree.recordCount, limit: recordLimit + 16)])
        }
        let document = GEDCOMDocument(records: parsed.tree.records)
        // Events and facts count too, against a limit of their own (a real file has a few
        // a person; each costs about 100 bytes and a line of the page's panel).
        let facts = document.individuals.reduce(0) { $0 + $1.facts.count } + document.families.reduce(0) { $0 + $1.facts.count }
        let (factLimit, factOverflow) = options.maximumPersons.multipliedReportingOverflow(by: Self.factsPerPerson)
        if !factOverflow, facts > factLimit + GEDCOMDocument.maximumFactsPerRecord {
            throw .invalid(source: source, problems: [.tooManyFacts(count: facts, limit: factLimit + GEDCOMDocument.maximumFactsPerRecord)])
        }
        options.stageFinished?("parse")
        var built = try GEDCOMGraphBuilder().build(document, source: source, maximumPersons: options.maximumPersons)
        built.graph.documentTitle = document.title
        built.graph.homePerson = document.homePerson.flatMap { built.graph.index(of: $0) }
        options.stageFinished?("validate")
        return (built.graph, (lineWarnings + built.warnings).map { .gedcom($0) })
    }

    /// Whether GEDCOM text begins (after blanks) with its header line, `0 HEAD`.
    static func beginsWithHeader(_ text: String) -> Bool {
        let start = text.utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        var words = start.prefix(64).split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }).prefix(2).map { String(decoding: $0, as: UTF8.self) }
        if words.count == 2 { words[1] = String(words[1].prefix { !$0.isNewline }) }
        return words.count == 2 && words[0] == "0" && words[1].uppercased() == "HEAD"
    }

    /// Reads and imports a file (or `-` for standard input), in either format; photo
    /// paths allowed by `options.photos` are taken relative to the file's folder.
    public init(file: InputFile, options: Options = Options()) throws(FamilyInputError) {
        try self.init(bytes: try file.read(), source: file.source, options: options)
        let (graph, refused) = graph.applyingPhotoPolicy(options.photos, folder: file.folder)
        self.graph = graph
        warnings += refused
    }
}

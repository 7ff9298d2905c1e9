/// Import and validation in one step: bytes in, a validated graph and warnings out.
public struct FamilyImport: Sendable {
    public var graph: FamilyGraph
    /// Everything tolerated or repaired, for stderr.
    public var warnings: [ValidationWarning]

    /// Decodes seed JSON and validates it.
    public init(json bytes: [UInt8], source: String) throws(FamilyInputError) {
        let decoded = try SeedJSONDecoder().decode(bytes, source: source)
        let validated = try FamilyValidator().validate(decoded.data, source: source)
        graph = validated.graph
        warnings = decoded.warnings + validated.warnings
    }

    /// Reads and imports a file (or `-` for standard input).
    public init(file: InputFile) throws(FamilyInputError) {
        try self.init(json: try file.read(), source: file.source)
    }
}
